/**
 * A CSS selector parser, strict about syntax and lenient about names: it does not know which
 * pseudo-classes a browser supports, which is why validity also asks the browser (§5).
 */

export type SimpleSelector =
  | { readonly kind: "type" | "universal" | "id" | "class" | "attribute"; readonly name: string }
  | {
      readonly kind: "pseudo-class" | "pseudo-element"
      readonly name: string
      /** The raw text between the parentheses of a functional pseudo, e.g. "2n+1" or ".a, .b". */
      readonly argument?: string
    }

/** Simple selectors that all apply to one element, e.g. `a.link:hover`. */
export type CompoundSelector = ReadonlyArray<SimpleSelector>
export type Combinator = " " | ">" | "+" | "~"
export interface ComplexSelector {
  readonly compounds: ReadonlyArray<CompoundSelector>
  /** combinators[i] joins compounds[i] and compounds[i + 1]; a leading one only inside :has(). */
  readonly combinators: ReadonlyArray<Combinator>
}

// Pseudo functions whose argument is itself a selector list (checked recursively).
const SELECTOR_LIST_FUNCTIONS = new Set([
  "is",
  "where",
  "not",
  "matches",
  "-webkit-any",
  "-moz-any",
  "host",
  "host-context",
  "slotted",
  "cue",
])
const NTH_FUNCTIONS = new Set(["nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"])
const AN_PLUS_B = /^(even|odd|[+-]?\d*n(\s*[+-]\s*\d+)?|[+-]?\d+)$/i

class SyntaxFailure extends Error {}

const isWhitespace = (char: string | undefined) =>
  char === " " || char === "\t" || char === "\n" || char === "\r" || char === "\f"
const isHex = (char: string | undefined) => char !== undefined && /^[0-9a-fA-F]$/.test(char)
const isNameStart = (char: string | undefined) =>
  char !== undefined && (/^[A-Za-z_]$/.test(char) || char.charCodeAt(0) >= 0x80)
const isNameChar = (char: string | undefined) =>
  isNameStart(char) || (char !== undefined && /^[0-9-]$/.test(char))

const parseAt = (
  text: string,
): { readonly list: ReadonlyArray<ComplexSelector>; readonly end: number } => {
  let pos = 0
  const peek = (offset = 0) => text[pos + offset]
  const fail = (): never => {
    throw new SyntaxFailure()
  }

  const skipWhitespace = (): boolean => {
    const start = pos
    while (isWhitespace(peek())) pos += 1
    return pos > start
  }

  const validEscapeAt = (at: number) =>
    text[at] === "\\" && at + 1 < text.length && text[at + 1] !== "\n"

  const startsIdentAt = (at: number): boolean => {
    const char = text[at]
    if (char === "-") {
      const next = text[at + 1]
      return next === "-" || isNameStart(next) || validEscapeAt(at + 1)
    }
    return isNameStart(char) || validEscapeAt(at)
  }

  const readEscape = (): string => {
    pos += 1 // the backslash
    if (isHex(peek())) {
      let hex = ""
      while (hex.length < 6 && isHex(peek())) {
        hex += peek()
        pos += 1
      }
      if (isWhitespace(peek())) pos += 1
      const code = parseInt(hex, 16)
      const replaced = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
      return String.fromCodePoint(replaced ? 0xfffd : code)
    }
    const char = String.fromCodePoint(text.codePointAt(pos) ?? fail())
    pos += char.length
    return char
  }

  const readIdent = (): string => {
    if (!startsIdentAt(pos)) fail()
    let name = ""
    for (;;) {
      const char = peek()
      if (char === "\\" && validEscapeAt(pos)) name += readEscape()
      else if (isNameChar(char) && char !== undefined) {
        name += char
        pos += 1
      } else return name
    }
  }

  const readString = (): void => {
    const quote = peek()
    pos += 1
    for (;;) {
      const char = peek()
      if (char === undefined || char === "\n") fail()
      pos += 1
      if (char === quote) return
      if (char === "\\") pos += 1
    }
  }

  // The raw argument of a functional pseudo whose content is not a selector: balanced brackets.
  const readBalanced = (): string => {
    const start = pos
    let depth = 0
    for (;;) {
      const char = peek()
      if (char === undefined) fail()
      if (char === '"' || char === "'") readString()
      else if (char === "\\") pos += 2
      else if (char === "(" || char === "[") {
        depth += 1
        pos += 1
      } else if (char === "]") {
        if (depth === 0) fail()
        depth -= 1
        pos += 1
      } else if (char === ")") {
        if (depth === 0) return text.slice(start, pos)
        depth -= 1
        pos += 1
      } else pos += 1
    }
  }

  const readPseudoArgument = (name: string): string => {
    pos += 1 // (
    const start = pos
    const lower = name.toLowerCase()
    if (SELECTOR_LIST_FUNCTIONS.has(lower) || lower === "has") {
      parseList(lower === "has")
      skipWhitespace()
    } else {
      const raw = readBalanced()
      if (NTH_FUNCTIONS.has(lower)) checkNth(raw)
      else if (raw.trim() === "") fail()
    }
    if (peek() !== ")") fail()
    const argument = text.slice(start, pos)
    pos += 1
    return argument
  }

  const readAttribute = (): string => {
    pos += 1 // [
    skipWhitespace()
    const name = readIdent()
    skipWhitespace()
    if (peek() === "]") {
      pos += 1
      return name
    }
    if (peek() !== "=") {
      if (!"~|^$*".includes(peek() ?? "x") || peek(1) !== "=") fail()
      pos += 1
    }
    pos += 1 // =
    skipWhitespace()
    if (peek() === '"' || peek() === "'") readString()
    else readIdent()
    skipWhitespace()
    if (/^[iIsS]$/.test(peek() ?? "")) {
      pos += 1
      skipWhitespace()
    }
    if (peek() !== "]") fail()
    pos += 1
    return name
  }

  const parseCompound = (): CompoundSelector => {
    const simple: Array<SimpleSelector> = []
    if (peek() === "*") {
      pos += 1
      simple.push({ kind: "universal", name: "*" })
    } else if (startsIdentAt(pos)) simple.push({ kind: "type", name: readIdent() })
    for (;;) {
      const char = peek()
      if (char === "#" || char === ".") {
        pos += 1
        simple.push({ kind: char === "#" ? "id" : "class", name: readIdent() })
      } else if (char === "[") simple.push({ kind: "attribute", name: readAttribute() })
      else if (char === ":") {
        const kind = peek(1) === ":" ? "pseudo-element" : "pseudo-class"
        pos += kind === "pseudo-element" ? 2 : 1
        const name = readIdent()
        if (peek() === "(") simple.push({ kind, name, argument: readPseudoArgument(name) })
        else simple.push({ kind, name })
      } else break
    }
    if (simple.length === 0 || peek() === "|") fail()
    return simple
  }

  const startsCompound = () =>
    startsIdentAt(pos) || ["*", "#", ".", "[", ":"].includes(peek() ?? "")

  const parseComplex = (relative: boolean): ComplexSelector => {
    const compounds: Array<CompoundSelector> = []
    const combinators: Array<Combinator> = []
    skipWhitespace()
    const leading = peek()
    if (relative && (leading === ">" || leading === "+" || leading === "~")) {
      pos += 1
      combinators.push(leading)
      skipWhitespace()
    }
    compounds.push(parseCompound())
    for (;;) {
      const hadWhitespace = skipWhitespace()
      const char = peek()
      if (char === ">" || char === "+" || char === "~") {
        pos += 1
        skipWhitespace()
        combinators.push(char)
      } else if (hadWhitespace && startsCompound()) combinators.push(" ")
      else return { compounds, combinators }
      compounds.push(parseCompound())
    }
  }

  const parseList = (relative: boolean): ReadonlyArray<ComplexSelector> => {
    const list = [parseComplex(relative)]
    skipWhitespace()
    while (peek() === ",") {
      pos += 1
      list.push(parseComplex(relative))
      skipWhitespace()
    }
    return list
  }

  const checkNth = (raw: string): void => {
    const [formula = "", ...rest] = raw.trim().split(/\s+of\s+/i)
    if (!AN_PLUS_B.test(formula.trim())) fail()
    if (rest.length > 0) {
      const of = rest.join(" of ")
      if (parseAt(of).end !== of.length) fail()
    }
  }

  const list = parseList(false)
  return { list, end: pos }
}

/** The selector's structure, or undefined when it is not a well-formed selector list. */
export const parseSelector = (selector: string): ReadonlyArray<ComplexSelector> | undefined => {
  try {
    const { list, end } = parseAt(selector)
    return end === selector.length ? list : undefined
  } catch (error) {
    if (error instanceof SyntaxFailure) return undefined
    throw error
  }
}

export const parsesAsSelector = (selector: string): boolean => parseSelector(selector) !== undefined

/**
 * A selector is valid only if both the browser and the selector parser accept it. The browser's
 * check is passed in (the frame tries `querySelector`); the parser's check runs first.
 */
export const isValidSelector = (
  selector: string,
  browserAccepts: (selector: string) => boolean,
): boolean => parsesAsSelector(selector) && browserAccepts(selector)

/**
 * The class and pseudo-classes of a selector of the one shape that is collected into rules: a
 * single class followed by one or more plain pseudo-classes (`.hover\:bg-red:hover`). The class
 * name comes back unescaped.
 */
export const classWithPseudoClasses = (
  selector: string,
): { readonly className: string; readonly pseudoClasses: ReadonlyArray<string> } | undefined => {
  const list = parseSelector(selector)
  const complex = list?.length === 1 ? list[0] : undefined
  const compound = complex?.compounds.length === 1 ? complex.compounds[0] : undefined
  if (!compound) return undefined
  const [first, ...rest] = compound
  if (first?.kind !== "class" || rest.length === 0) return undefined
  const pseudoClasses: Array<string> = []
  for (const simple of rest) {
    if (simple.kind !== "pseudo-class" || "argument" in simple) return undefined
    pseudoClasses.push(simple.name)
  }
  return { className: first.name, pseudoClasses }
}
