/** Text edits of one element, and reading its text from the source, as splices in its file. */
import { decodeHTMLStrict } from "entities"
import { ts } from "ts-morph"
import {
  DynamicContentNotEditable,
  OldContentMismatch,
  UnsupportedEdit,
} from "../../domain/editing/source-rewriter.port.ts"
import { findAttribute } from "./attributes.ts"
import { childrenOf, type FileModel, type JsxInfo } from "./jsx-tree.ts"
import { stringLiteral } from "./source-style.ts"
import { emptyEdit, type FileEdit } from "./splices.ts"

/** How JSX renders a text child: lines trimmed, blank lines dropped, joined by spaces. */
export const jsxTextValue = (raw: string) => {
  const lines = raw.split(/\r\n|\n|\r/)
  if (lines.length === 1) return raw
  return lines
    .map((line, index) => {
      let value = line.replaceAll("\t", " ")
      if (index > 0) value = value.trimStart()
      if (index < lines.length - 1) value = value.trimEnd()
      return value
    })
    .filter((line) => line !== "")
    .join(" ")
}

const normalizeText = (text: string) => text.replace(/\s+/g, " ").trim()

/** The entities a stretch of JSX text writes, by the character each stands for (`'` → `&apos;`). */
const entitiesIn = (raw: string): ReadonlyMap<string, string> =>
  new Map(
    [...raw.matchAll(/&(?:#\d+|#x[\da-f]+|\w+);/gi)]
      .map((match) => [decodeHTMLStrict(match[0]), match[0]] as const)
      .filter(([decoded, entity]) => decoded !== entity),
  )

/**
 * New text as JSX: bare when it can be, with the characters the old text wrote as entities written
 * the same way (`We&apos;ll`, `&amp;`); else as a string expression.
 */
export const jsxText = (
  file: FileModel,
  text: string,
  entities: ReadonlyMap<string, string> = new Map(),
) => {
  const written = [...text]
    .map((char) => entities.get(char) ?? (char === "&" && entities.size > 0 ? "&amp;" : char))
    .join("")
  return /[{}<>\n\r]/.test(written) ||
    (written.includes("&") && entities.size === 0) ||
    written !== written.trim() ||
    decodeHTMLStrict(written) !== text
    ? `{${stringLiteral(text, file.style.codeQuote)}}`
    : written
}

/** JSX text as it renders: entities decoded (as JSX does, only those ending in `;`). */
const renderedText = (raw: string) => decodeHTMLStrict(jsxTextValue(raw))

/** A child that renders text known from the source alone. */
const staticTextOf = (child: ts.JsxChild): string | null => {
  if (ts.isJsxText(child)) return renderedText(child.text)
  if (
    ts.isJsxExpression(child) &&
    child.expression &&
    (ts.isStringLiteral(child.expression) || ts.isNoSubstitutionTemplateLiteral(child.expression))
  ) {
    return child.expression.text
  }
  return null
}

/** The element's text when every child is static text; null when not. */
export const elementStaticText = (element: JsxInfo): string | null => {
  const children = childrenOf(element.node)
  const parts = children.map(staticTextOf)
  return parts.every((part) => part !== null) ? parts.join("") : null
}

export const hasDynamicText = (element: JsxInfo) =>
  childrenOf(element.node).some(
    (child) => ts.isJsxExpression(child) && child.expression && staticTextOf(child) === null,
  )

/** The range from the first to the last non-blank character of `[start, end)`. */
const coreRange = (text: string, start: number, end: number) => {
  let from = start
  let to = end
  while (from < to && /\s/.test(text[from]!)) from += 1
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1
  return from === to ? { start, end } : { start: from, end: to }
}

/**
 * Text for a self-closing component instance (`<Button />` → `<Button>Save</Button>`): its
 * rendered text comes from its children (usage site), and it has none, so the text it shows
 * now is empty. A `children` prop written on it is refused: that is where its text is.
 */
const childrenFor = (
  file: FileModel,
  element: JsxInfo,
  oldText: string | undefined,
  newText: string,
): FileEdit => {
  if (findAttribute(element.opening, "children")) {
    throw new UnsupportedEdit({
      reason: `<${element.tagName}> gets its text from its children prop: change that prop instead`,
    })
  }
  if (oldText !== undefined && normalizeText(oldText) !== "") {
    throw new OldContentMismatch({ codebaseId: element.id, expected: oldText, actual: "" })
  }
  if (normalizeText(newText) === "") return emptyEdit
  const close = element.end - 2
  if (file.text.slice(close, element.end) !== "/>") {
    throw new UnsupportedEdit({ reason: `<${element.tagName}> does not end with />` })
  }
  // Spaces before `/>` on the tag's line go (`<Button />` → `<Button>`); a line break stays.
  let start = close
  while (start > 0 && /[ \t]/.test(file.text[start - 1]!)) start -= 1
  if (/[\r\n]/.test(file.text[start - 1] ?? "")) start = close
  const text = `>${jsxText(file, newText)}</${element.tagName}>`
  return { splices: [{ start, end: element.end, text }], carries: [], created: [] }
}

/**
 * Replaces the element's text. `atInstance`: the element is a component instance edited for
 * the text its component shows from its children, so a self-closing one is given children.
 */
export const editText = (
  file: FileModel,
  element: JsxInfo,
  oldText: string | undefined,
  newText: string,
  atInstance = false,
): FileEdit => {
  if (!element.closing) {
    if (atInstance) return childrenFor(file, element, oldText, newText)
    throw new UnsupportedEdit({ reason: "A self-closing element has no text to edit" })
  }
  const children = childrenOf(element.node)
  const whole = elementStaticText(element)
  const edit = (start: number, end: number): FileEdit => {
    const core = coreRange(file.text, start, end)
    // Whitespace the source already has around the text is kept, not doubled.
    let text = newText
    if (core.start > start) text = text.trimStart()
    if (core.end < end) text = text.trimEnd()
    const entities = entitiesIn(file.text.slice(core.start, core.end))
    return { splices: [{ ...core, text: jsxText(file, text, entities) }], carries: [], created: [] }
  }
  if (whole !== null) {
    if (oldText !== undefined && normalizeText(whole) !== normalizeText(oldText)) {
      throw new OldContentMismatch({ codebaseId: element.id, expected: oldText, actual: whole })
    }
    return edit(element.opening.end, element.closing.getStart(file.source))
  }
  // Mixed content: only a static part can change, named by its own old text (or the only one).
  const matching = children.filter(
    (child) =>
      ts.isJsxText(child) &&
      !child.containsOnlyTriviaWhiteSpaces &&
      (oldText === undefined || normalizeText(renderedText(child.text)) === normalizeText(oldText)),
  )
  const only = matching[0]
  if (matching.length === 1 && only) return edit(only.pos, only.end)
  throw new DynamicContentNotEditable({
    codebaseId: element.id,
    reason: hasDynamicText(element)
      ? oldText === undefined && matching.length > 1
        ? "its text has expressions and several static parts; send oldText to name the one to edit"
        : "its text has expressions; only its static parts can be edited"
      : "its text is split by other elements; edit them one at a time",
  })
}
