import { ts } from "ts-morph"

/** How a file writes things, so inserted code looks like the code around it. */
export interface SourceStyle {
  readonly newline: "\n" | "\r\n"
  /** One level of indentation: a tab or some spaces. */
  readonly indentUnit: string
  /** The quote of JSX string attributes (`className="…"`). */
  readonly jsxQuote: '"' | "'"
  /** The quote of string literals in code (imports, style objects). */
  readonly codeQuote: '"' | "'"
  readonly semicolons: boolean
}

const quoteOf = (literal: ts.Node, source: ts.SourceFile): '"' | "'" | undefined => {
  const first = source.text[literal.getStart(source)]
  return first === '"' || first === "'" ? first : undefined
}

export const detectStyle = (text: string, source: ts.SourceFile): SourceStyle => {
  const newline = text.includes("\r\n") ? "\r\n" : "\n"
  let indentUnit: string | undefined
  let smallest = Number.POSITIVE_INFINITY
  for (const line of text.split("\n")) {
    const lead = /^[\t ]*/.exec(line)?.[0] ?? ""
    if (lead === "" || lead.length === line.replace(/\r$/, "").length) continue
    if (lead.startsWith("\t")) {
      indentUnit = "\t"
      break
    }
    // A block comment's continuation lines (` * …`) sit one space in: not an indentation level.
    if (line.slice(lead.length).startsWith("*")) continue
    smallest = Math.min(smallest, lead.length)
  }
  indentUnit ??= Number.isFinite(smallest) ? " ".repeat(smallest) : "  "

  let jsxQuote: '"' | "'" | undefined
  let codeQuote: '"' | "'" | undefined
  const semicolonVotes = { with: 0, without: 0 }
  const visit = (node: ts.Node): void => {
    if (jsxQuote === undefined && ts.isJsxAttribute(node) && node.initializer) {
      if (ts.isStringLiteral(node.initializer)) jsxQuote = quoteOf(node.initializer, source)
    } else if (
      codeQuote === undefined &&
      ts.isStringLiteral(node) &&
      !ts.isJsxAttribute(node.parent)
    ) {
      codeQuote = quoteOf(node, source)
    }
    if (jsxQuote === undefined || codeQuote === undefined) ts.forEachChild(node, visit)
  }
  visit(source)
  for (const statement of source.statements) {
    if (
      ts.isImportDeclaration(statement) ||
      ts.isVariableStatement(statement) ||
      ts.isExpressionStatement(statement) ||
      ts.isExportDeclaration(statement)
    ) {
      if (statement.getText(source).endsWith(";")) semicolonVotes.with += 1
      else semicolonVotes.without += 1
    }
  }
  return {
    newline,
    indentUnit,
    jsxQuote: jsxQuote ?? '"',
    codeQuote: codeQuote ?? jsxQuote ?? '"',
    semicolons: semicolonVotes.with > semicolonVotes.without,
  }
}

export const lineStartOf = (text: string, position: number) =>
  text.lastIndexOf("\n", position - 1) + 1

/** Where the line holding `position` ends, before its line break. */
export const lineEndOf = (text: string, position: number) => {
  const next = text.indexOf("\n", position)
  const end = next === -1 ? text.length : next
  return end > 0 && text[end - 1] === "\r" ? end - 1 : end
}

/** The whitespace the line holding `position` starts with. */
export const indentationAt = (text: string, position: number) => {
  const start = lineStartOf(text, position)
  return /^[\t ]*/.exec(text.slice(start, position))?.[0] ?? ""
}

/** Whether only whitespace precedes `position` on its line. */
export const startsLine = (text: string, position: number) =>
  /^[\t ]*$/.test(text.slice(lineStartOf(text, position), position))

/** Whether `[start, end)` is alone on its lines: only whitespace before it and after it. */
export const ownsLines = (text: string, start: number, end: number) =>
  startsLine(text, start) && /^[\t ]*$/.test(text.slice(end, lineEndOf(text, end)))

/**
 * The range to delete to take `[start, end)` out of the text: its whole lines (line break
 * included) when it has them to itself, else exactly the range.
 */
export const removalRange = (text: string, start: number, end: number) => {
  if (!ownsLines(text, start, end)) return { start, end }
  const lineEnd = lineEndOf(text, end)
  const breakLength = text.startsWith("\r\n", lineEnd) ? 2 : text[lineEnd] === "\n" ? 1 : 0
  return { start: lineStartOf(text, start), end: lineEnd + breakLength }
}

/**
 * A block of code re-indented from `from` to `to`: every line after the first that starts with
 * `from` gets `to` in its place. Also answers where an offset of the old block is in the new one.
 */
export const reindent = (block: string, from: string, to: string) => {
  if (from === to) return { text: block, offsetOf: (offset: number) => offset }
  const lines = block.split("\n")
  const oldStarts: number[] = []
  const newStarts: number[] = []
  const shifts: Array<{ readonly oldLead: number; readonly newLead: number }> = []
  let oldAt = 0
  let newAt = 0
  const out = lines.map((line, index) => {
    oldStarts.push(oldAt)
    newStarts.push(newAt)
    let result = line
    if (index > 0 && line.startsWith(from) && line.trim() !== "") {
      result = to + line.slice(from.length)
      shifts.push({ oldLead: from.length, newLead: to.length })
    } else {
      shifts.push({ oldLead: 0, newLead: 0 })
    }
    oldAt += line.length + 1
    newAt += result.length + 1
    return result
  })
  const offsetOf = (offset: number) => {
    let line = 0
    while (line + 1 < oldStarts.length && oldStarts[line + 1]! <= offset) line += 1
    const within = offset - oldStarts[line]!
    const shift = shifts[line]!
    return newStarts[line]! + Math.max(0, within - shift.oldLead) + shift.newLead
  }
  return { text: out.join("\n"), offsetOf }
}

/** A string literal in the file's quote. */
export const stringLiteral = (value: string, quote: '"' | "'") => {
  const escaped = JSON.stringify(value).slice(1, -1)
  return quote === '"'
    ? `"${escaped}"`
    : `'${escaped.replaceAll('\\"', '"').replaceAll("'", "\\'")}'`
}
