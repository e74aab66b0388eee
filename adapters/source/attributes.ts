import { ts } from "ts-morph"
import type { FileModel, JsxInfo, JsxOpening } from "./jsx-tree.ts"
import { ownsLines, removalRange, stringLiteral } from "./source-style.ts"
import type { Splice } from "./splices.ts"

export const findAttribute = (opening: JsxOpening, name: string): ts.JsxAttribute | undefined =>
  opening.attributes.properties.find(
    (property): property is ts.JsxAttribute =>
      ts.isJsxAttribute(property) && property.name.getText() === name,
  )

/**
 * The splice that adds `name={value}` (value written with its `=`, e.g. `="a"`) after the last
 * attribute: on a line of its own when the attributes have theirs, else after a space.
 */
export const insertAttribute = (
  file: FileModel,
  opening: JsxOpening,
  attribute: string,
): Splice => {
  const properties = opening.attributes.properties
  const last = properties[properties.length - 1]
  if (last) {
    const lastStart = last.getStart(file.source)
    if (ownsLines(file.text, lastStart, last.end) || attributesOnOwnLines(file, opening)) {
      const indent = /^[\t ]*/.exec(file.text.slice(lineStart(file.text, lastStart)))?.[0] ?? ""
      return { start: last.end, end: last.end, text: `${file.style.newline}${indent}${attribute}` }
    }
    return { start: last.end, end: last.end, text: ` ${attribute}` }
  }
  const after = opening.typeArguments ? opening.typeArguments.end + 1 : opening.tagName.end
  return { start: after, end: after, text: ` ${attribute}` }
}

const lineStart = (text: string, position: number) => text.lastIndexOf("\n", position - 1) + 1

const attributesOnOwnLines = (file: FileModel, opening: JsxOpening) => {
  const first = opening.attributes.properties[0]
  if (!first) return false
  const line = (position: number) => file.source.getLineAndCharacterOfPosition(position).line
  return line(first.getStart(file.source)) > line(opening.tagName.getStart(file.source))
}

/** The splice that takes an attribute out, with its line when it has one, else its space. */
export const removeAttribute = (file: FileModel, attribute: ts.JsxAttributeLike): Splice => {
  const start = attribute.getStart(file.source)
  const range = removalRange(file.text, start, attribute.end)
  if (range.start !== start) return { ...range, text: "" }
  let from = start
  while (from > 0 && /[\t ]/.test(file.text[from - 1]!)) from -= 1
  return { start: from, end: attribute.end, text: "" }
}

/** How a prop value is written after its `=`. */
export const propInitializer = (file: FileModel, value: unknown): string => {
  if (typeof value === "string") {
    const quote = file.style.jsxQuote
    return value.includes(quote) || /[\n\r]/.test(value)
      ? `{${stringLiteral(value, file.style.codeQuote)}}`
      : `${quote}${value}${quote}`
  }
  if (value === undefined) return "{undefined}"
  return `{${JSON.stringify(value)}}`
}

/** The class list of an element as written in its source. */
export type ClassAttribute =
  | { readonly kind: "none" }
  | {
      readonly kind: "static"
      readonly attribute: ts.JsxAttribute
      /** The range of the class string, quotes excluded. */
      readonly valueStart: number
      readonly valueEnd: number
      /** The classes as the program sees them (escapes resolved). */
      readonly value: string
      /**
       * True for a JavaScript string (`className={"…"}`), where a backslash is an escape and must
       * be written doubled; false for a JSX attribute string, which has no escapes.
       */
      readonly escapes: boolean
    }
  | { readonly kind: "dynamic"; readonly attribute: ts.JsxAttribute }

export const classAttributeOf = (element: JsxInfo): ClassAttribute => {
  const attribute = findAttribute(element.opening, "className")
  if (!attribute) return { kind: "none" }
  const initializer = attribute.initializer
  const literal =
    initializer && ts.isStringLiteral(initializer)
      ? initializer
      : initializer &&
          ts.isJsxExpression(initializer) &&
          initializer.expression &&
          (ts.isStringLiteral(initializer.expression) ||
            ts.isNoSubstitutionTemplateLiteral(initializer.expression))
        ? initializer.expression
        : undefined
  if (!literal) return { kind: "dynamic", attribute }
  const start = literal.getStart() + 1
  return {
    kind: "static",
    attribute,
    valueStart: start,
    valueEnd: literal.end - 1,
    value: literal.text,
    escapes: literal !== initializer,
  }
}

export const classTokens = (value: string) => value.split(/\s+/).filter((token) => token !== "")

/** Classes a DOM element carries that never come from its source (ids, previews). */
export const isGeneratedClass = (token: string) =>
  token.startsWith("tempo-") || token.startsWith("arb89-")
