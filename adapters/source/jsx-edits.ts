import { ts } from "ts-morph"
import {
  DynamicContentNotEditable,
  OldContentMismatch,
  UnsupportedEdit,
  type PropValue,
} from "../../domain/editing/source-rewriter.port.ts"
import {
  classAttributeOf,
  classTokens,
  findAttribute,
  insertAttribute,
  isGeneratedClass,
  propInitializer,
  removeAttribute,
} from "./attributes.ts"
import { childrenOf, type FileModel, type JsxInfo } from "./jsx-tree.ts"
import {
  indentationAt,
  lineStartOf,
  ownsLines,
  reindent,
  removalRange,
  startsLine,
  stringLiteral,
} from "./source-style.ts"
import type { Carry, Created, FileEdit, Splice } from "./splices.ts"
import { camelCase, kebabCase } from "./tailwind.ts"

/*
 * Each mutation of the frame's table as the splices it makes in one file. Nothing here reads or
 * writes files: a plan is checked (it must parse) and written by the rewriter.
 */

const TAG_NAME = /^[A-Za-z][\w-]*(\.[A-Za-z_$][\w$]*)*$/
const PROP_NAME = /^[A-Za-z_$][\w$-]*(:[A-Za-z_$][\w$-]*)?$/

export const checkTagName = (tag: string) => {
  if (!TAG_NAME.test(tag)) throw new UnsupportedEdit({ reason: `"${tag}" is not a tag name` })
}

/** Structural edits need an element with siblings: a child of an element or a fragment. */
const requireSibling = (element: JsxInfo, action: string) => {
  if (element.inJsxChildren) return
  throw new DynamicContentNotEditable({
    codebaseId: element.id,
    reason: element.conditional
      ? `it is a conditional branch's whole content; ${action} the element around it instead`
      : element.insideList
        ? `it is what a list renders per item; ${action} the element around it instead`
        : `it is not among an element's children (a component's root or a value); ${action} it in its parent`,
  })
}

const textOf = (file: FileModel, element: JsxInfo) => file.text.slice(element.start, element.end)

/** Where new content goes, and the indentation its lines get. */
interface Insertion {
  readonly position: number
  readonly before: string
  readonly after: string
  readonly indent: string
  /** Replaces `[position, replaceEnd)` instead of inserting (opening an empty container). */
  readonly replaceEnd?: number
}

export type Place =
  | { readonly kind: "before"; readonly sibling: JsxInfo }
  | { readonly kind: "after"; readonly sibling: JsxInfo }
  | { readonly kind: "into"; readonly container: JsxInfo }

const insertionAt = (file: FileModel, place: Place): Insertion => {
  const { text } = file
  const newline = file.style.newline
  if (place.kind === "before" || place.kind === "after") {
    const sibling = place.sibling
    requireSibling(sibling, "add next to")
    const indent = indentationAt(text, sibling.start)
    const ownLine = ownsLines(text, sibling.start, sibling.end)
    if (place.kind === "before") {
      return ownLine
        ? { position: sibling.start, before: "", after: `${newline}${indent}`, indent }
        : { position: sibling.start, before: "", after: "", indent }
    }
    return ownLine
      ? { position: sibling.end, before: `${newline}${indent}`, after: "", indent }
      : { position: sibling.end, before: "", after: "", indent }
  }
  const container = place.container
  const indent = indentationAt(text, container.start)
  const childIndent = indent + file.style.indentUnit
  if (!container.closing) {
    // `<div />` opens up: `<div>` + the child + `</div>`.
    const properties = container.opening.attributes.properties
    const last = properties[properties.length - 1]
    const from = last ? last.end : container.opening.tagName.end
    return {
      position: from,
      replaceEnd: container.end,
      before: `>${newline}${childIndent}`,
      after: `${newline}${indent}</${container.tagName}>`,
      indent: childIndent,
    }
  }
  const children = childrenOf(container.node)
  const closingStart = container.closing.getStart(file.source)
  const hasContent = children.some(
    (child) => !(ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces),
  )
  if (!hasContent) {
    return {
      position: container.opening.end,
      replaceEnd: closingStart,
      before: `${newline}${childIndent}`,
      after: `${newline}${indent}`,
      indent: childIndent,
    }
  }
  if (startsLine(text, closingStart)) {
    const lastChild = [...children]
      .reverse()
      .find((child) => !(ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces))
    const lastStart = lastChild ? lastChild.getStart(file.source) : closingStart
    const siblingIndent =
      lastChild && startsLine(text, lastStart) ? indentationAt(text, lastStart) : childIndent
    return {
      position: lineStartOf(text, closingStart),
      before: siblingIndent,
      after: newline,
      indent: siblingIndent,
    }
  }
  return {
    position: closingStart,
    before: "",
    after: "",
    indent: indentationAt(text, closingStart),
  }
}

/** The edit that puts `content` (lines indented for `fromIndent`) at a place. */
const insertContent = (
  file: FileModel,
  place: Place,
  content: string,
  fromIndent: string,
): { readonly splice: Splice; readonly offsetOf: (offset: number) => number } => {
  const at = insertionAt(file, place)
  const moved = reindent(content, fromIndent, at.indent)
  return {
    splice: {
      start: at.position,
      end: at.replaceEnd ?? at.position,
      text: `${at.before}${moved.text}${at.after}`,
    },
    offsetOf: (offset) => at.before.length + moved.offsetOf(offset),
  }
}

const jsxPropText = (file: FileModel, name: string, value: PropValue) =>
  value === true ? name : `${name}=${propInitializer(file, value)}`

/** The text of a new element: `<tag prop="…" />`, or with its `children` prop as its text. */
export const newElementText = (
  file: FileModel,
  tag: string,
  props: { readonly [prop: string]: PropValue },
) => {
  checkTagName(tag)
  const entries = Object.entries(props).filter(
    ([name, value]) => name !== "children" && value !== null,
  )
  for (const [name] of entries) {
    if (!PROP_NAME.test(name)) throw new UnsupportedEdit({ reason: `"${name}" is not a prop name` })
  }
  const attributes = entries.map(([name, value]) => ` ${jsxPropText(file, name, value)}`).join("")
  const children = props.children
  if (typeof children === "string" && children !== "") {
    return `<${tag}${attributes}>${jsxText(file, children)}</${tag}>`
  }
  return `<${tag}${attributes} />`
}

export const addElement = (file: FileModel, place: Place, elementText: string): FileEdit => {
  const { splice, offsetOf } = insertContent(file, place, elementText, "")
  return { splices: [splice], carries: [], created: [{ splice: 0, offset: offsetOf(0) }] }
}

/** What taking an element out removes: itself, or the `{cond && …}` it is the whole of. */
const removalUnit = (element: JsxInfo): { readonly node: ts.Node } => {
  if (element.inJsxChildren) return { node: element.node }
  let node: ts.Node = element.node
  while (ts.isParenthesizedExpression(node.parent)) node = node.parent
  const parent = node.parent
  if (
    ts.isBinaryExpression(parent) &&
    parent.right === node &&
    parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken &&
    ts.isJsxExpression(parent.parent) &&
    (ts.isJsxElement(parent.parent.parent) || ts.isJsxFragment(parent.parent.parent))
  ) {
    return { node: parent.parent }
  }
  requireSibling(element, "remove")
  return { node: element.node }
}

export const removeElements = (file: FileModel, elements: ReadonlyArray<JsxInfo>): FileEdit => {
  const units = elements.map((element) => removalUnit(element).node)
  // An element inside another removed one goes with it.
  const outermost = units.filter(
    (unit) =>
      !units.some((other) => other !== unit && other.pos <= unit.pos && unit.end <= other.end),
  )
  const splices = [...new Set(outermost)].map((node) => {
    const range = removalRange(file.text, node.getStart(file.source), node.end)
    return { ...range, text: "" }
  })
  return { splices, carries: [], created: [] }
}

export const duplicateElements = (file: FileModel, elements: ReadonlyArray<JsxInfo>): FileEdit => {
  const splices: Splice[] = []
  const created: Created[] = []
  for (const element of elements) {
    requireSibling(element, "duplicate")
    const { splice, offsetOf } = insertContent(
      file,
      { kind: "after", sibling: element },
      textOf(file, element),
      indentationAt(file.text, element.start),
    )
    created.push({ splice: splices.length, offset: offsetOf(0) })
    splices.push(splice)
  }
  return { splices, carries: [], created }
}

export const moveElement = (file: FileModel, element: JsxInfo, place: Place): FileEdit => {
  requireSibling(element, "move")
  const target = place.kind === "into" ? place.container : place.sibling
  if (target.start >= element.start && target.end <= element.end) {
    throw new UnsupportedEdit({ reason: "An element cannot move into itself" })
  }
  const removal = removalRange(file.text, element.start, element.end)
  const { splice, offsetOf } = insertContent(
    file,
    place,
    textOf(file, element),
    indentationAt(file.text, element.start),
  )
  const carry: Carry = { from: element.start, to: element.end, splice: 1, offsetOf }
  return {
    splices: [{ ...removal, text: "" }, splice],
    carries: [carry],
    created: [],
  }
}

export const wrapInDiv = (file: FileModel, elements: ReadonlyArray<JsxInfo>): FileEdit => {
  const sorted = [...elements].sort((a, b) => a.start - b.start)
  const first = sorted[0]
  if (!first) throw new UnsupportedEdit({ reason: "Nothing to wrap" })
  // One element can be wrapped wherever it is (a component's root, a branch); several must be
  // siblings, since they become one element.
  if (sorted.length > 1) for (const element of sorted) requireSibling(element, "wrap")
  if (sorted.some((element) => element.node.parent !== first.node.parent)) {
    throw new UnsupportedEdit({ reason: "Only siblings can be wrapped in one div" })
  }
  const { newline, indentUnit } = file.style
  const ownLine = ownsLines(file.text, first.start, first.end)
  const indent = indentationAt(file.text, first.start)
  const childIndent = indent + indentUnit
  let block = ownLine ? `<div>${newline}` : "<div>"
  const carries: Carry[] = []
  sorted.forEach((element, index) => {
    const moved = ownLine
      ? reindent(textOf(file, element), indentationAt(file.text, element.start), childIndent)
      : { text: textOf(file, element), offsetOf: (offset: number) => offset }
    const lead = ownLine ? `${index > 0 ? newline : ""}${childIndent}` : ""
    const at = block.length + lead.length
    carries.push({
      from: element.start,
      to: element.end,
      splice: 0,
      offsetOf: (offset) => at + moved.offsetOf(offset),
    })
    block += lead + moved.text
  })
  block += ownLine ? `${newline}${indent}</div>` : "</div>"
  const splices: Splice[] = [
    { start: first.start, end: first.end, text: block },
    ...sorted.slice(1).map((element) => ({
      ...removalRange(file.text, element.start, element.end),
      text: "",
    })),
  ]
  return { splices, carries, created: [{ splice: 0, offset: 0 }] }
}

export const changeTag = (file: FileModel, element: JsxInfo, newTag: string): FileEdit => {
  checkTagName(newTag)
  const tagRanges = [element.opening.tagName, element.closing?.tagName].filter(
    (node): node is ts.JsxTagNameExpression => node !== undefined,
  )
  return {
    splices: tagRanges.map((node) => ({
      start: node.getStart(file.source),
      end: node.end,
      text: newTag,
    })),
    carries: [],
    created: [],
  }
}

export const changeProp = (
  file: FileModel,
  element: JsxInfo,
  name: string,
  value: PropValue,
): FileEdit => {
  if (!PROP_NAME.test(name)) throw new UnsupportedEdit({ reason: `"${name}" is not a prop name` })
  const attribute = findAttribute(element.opening, name)
  if (value === null) {
    return attribute
      ? { splices: [removeAttribute(file, attribute)], carries: [], created: [] }
      : { splices: [], carries: [], created: [] }
  }
  const written = jsxPropText(file, name, value)
  const splice = attribute
    ? { start: attribute.getStart(file.source), end: attribute.end, text: written }
    : insertAttribute(file, element.opening, written)
  return { splices: [splice], carries: [], created: [] }
}

/** The class list of an element as editable tokens; refused when it is built by expressions. */
export const staticClasses = (element: JsxInfo): ReadonlyArray<string> => {
  const attribute = classAttributeOf(element)
  if (attribute.kind === "dynamic") {
    throw new DynamicContentNotEditable({
      codebaseId: element.id,
      reason: "its className is built by an expression",
    })
  }
  return attribute.kind === "none" ? [] : classTokens(attribute.value)
}

/** The edit that sets an element's class list to `tokens` (no attribute left when empty). */
export const setClasses = (
  file: FileModel,
  element: JsxInfo,
  tokens: ReadonlyArray<string>,
): FileEdit => {
  const clean = tokens.filter((token) => !isGeneratedClass(token))
  for (const token of clean) {
    if (/[\s"'`{}]/.test(token) || token === "") {
      throw new UnsupportedEdit({ reason: `"${token}" is not a class name` })
    }
  }
  const attribute = classAttributeOf(element)
  const value = clean.join(" ")
  const none: FileEdit = { splices: [], carries: [], created: [] }
  if (attribute.kind === "dynamic") {
    throw new DynamicContentNotEditable({
      codebaseId: element.id,
      reason: "its className is built by an expression",
    })
  }
  if (attribute.kind === "none") {
    if (value === "") return none
    const quote = file.style.jsxQuote
    return {
      splices: [insertAttribute(file, element.opening, `className=${quote}${value}${quote}`)],
      carries: [],
      created: [],
    }
  }
  if (value === attribute.value) return none
  if (value === "") {
    return { splices: [removeAttribute(file, attribute.attribute)], carries: [], created: [] }
  }
  return {
    splices: [
      {
        start: attribute.valueStart,
        end: attribute.valueEnd,
        text: attribute.escapes ? value.replaceAll("\\", "\\\\") : value,
      },
    ],
    carries: [],
    created: [],
  }
}

/** Sets (or, for null, removes) properties of the element's inline `style={{ … }}` object. */
export const setInlineStyle = (
  file: FileModel,
  element: JsxInfo,
  declarations: ReadonlyArray<readonly [string, string | number | null]>,
): FileEdit => {
  const attribute = findAttribute(element.opening, "style")
  const quote = file.style.codeQuote
  const keyOf = (property: string) => {
    const name = camelCase(kebabCase(property))
    return /^[A-Za-z_$][\w$]*$/.test(name) ? name : stringLiteral(name, quote)
  }
  const valueOf = (value: string | number) =>
    typeof value === "number" ? String(value) : stringLiteral(value, quote)
  const wanted = declarations.map(([property, value]) => ({
    name: camelCase(kebabCase(property)),
    key: keyOf(property),
    value: value === "" ? null : value,
  }))
  if (!attribute) {
    const set = wanted.filter((entry) => entry.value !== null)
    if (set.length === 0) return { splices: [], carries: [], created: [] }
    const body = set.map((entry) => `${entry.key}: ${valueOf(entry.value!)}`).join(", ")
    return {
      splices: [insertAttribute(file, element.opening, `style={{ ${body} }}`)],
      carries: [],
      created: [],
    }
  }
  const expression =
    attribute.initializer && ts.isJsxExpression(attribute.initializer)
      ? attribute.initializer.expression
      : undefined
  if (!expression || !ts.isObjectLiteralExpression(expression)) {
    throw new DynamicContentNotEditable({
      codebaseId: element.id,
      reason: "its style is not an object literal",
    })
  }
  const properties = expression.properties
  const nameOf = (property: ts.ObjectLiteralElementLike) =>
    ts.isPropertyAssignment(property) &&
    (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
      ? camelCase(kebabCase(property.name.text))
      : undefined
  const splices: Splice[] = []
  const removed = new Set<ts.ObjectLiteralElementLike>()
  const appended: string[] = []
  for (const entry of wanted) {
    const existing = properties.find((property) => nameOf(property) === entry.name)
    if (existing && ts.isPropertyAssignment(existing)) {
      if (entry.value === null) removed.add(existing)
      else {
        splices.push({
          start: existing.initializer.getStart(file.source),
          end: existing.initializer.end,
          text: valueOf(entry.value),
        })
      }
    } else if (entry.value !== null) {
      appended.push(`${entry.key}: ${valueOf(entry.value)}`)
    }
  }
  const kept = properties.filter((property) => !removed.has(property))
  if (kept.length === 0 && appended.length === 0) {
    return { splices: [removeAttribute(file, attribute)], carries: [], created: [] }
  }
  // Removed properties go with the comma after them (or before them, for the last one).
  properties.forEach((property, index) => {
    if (!removed.has(property)) return
    const start = property.getStart(file.source)
    const next = properties[index + 1]
    const range = removalRange(file.text, start, commaEnd(file, property))
    if (range.start !== start) splices.push({ ...range, text: "" })
    else if (next) splices.push({ start, end: next.getStart(file.source), text: "" })
    else {
      const previous = properties[index - 1]
      splices.push({ start: previous ? previous.end : start, end: property.end, text: "" })
    }
  })
  if (appended.length > 0) {
    const last = kept[kept.length - 1]
    if (!last) {
      splices.push({
        start: expression.getStart(file.source),
        end: expression.end,
        text: `{ ${appended.join(", ")} }`,
      })
    } else {
      const lastStart = last.getStart(file.source)
      const multiline = startsLine(file.text, lastStart)
      const trailingComma = expression.properties.hasTrailingComma && last === properties.at(-1)
      const anchor = trailingComma ? commaEnd(file, last) : last.end
      if (multiline) {
        const indent = indentationAt(file.text, lastStart)
        const lines = appended.map((text) => `${file.style.newline}${indent}${text},`).join("")
        splices.push({
          start: anchor,
          end: anchor,
          text: trailingComma ? lines : `,${lines.slice(0, -1)}`,
        })
      } else {
        splices.push({
          start: anchor,
          end: anchor,
          text: trailingComma ? ` ${appended.join(", ")},` : `, ${appended.join(", ")}`,
        })
      }
    }
  }
  return { splices, carries: [], created: [] }
}

/** Where a property's trailing comma ends (or the property, without one). */
const commaEnd = (file: FileModel, property: ts.Node) => {
  const after = /^[\t ]*,/.exec(file.text.slice(property.end))
  return after ? property.end + after[0].length : property.end
}

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

/** New text as JSX: bare when it can be, else as a string expression. */
const jsxText = (file: FileModel, text: string) =>
  /[{}<>&\n\r]/.test(text) || text !== text.trim()
    ? `{${stringLiteral(text, file.style.codeQuote)}}`
    : text

/** A child that renders text known from the source alone. */
const staticTextOf = (child: ts.JsxChild): string | null => {
  if (ts.isJsxText(child)) return jsxTextValue(child.text)
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

export const editText = (
  file: FileModel,
  element: JsxInfo,
  oldText: string,
  newText: string,
): FileEdit => {
  if (!element.closing) {
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
    return { splices: [{ ...core, text: jsxText(file, text) }], carries: [], created: [] }
  }
  if (whole !== null) {
    if (normalizeText(whole) !== normalizeText(oldText)) {
      throw new OldContentMismatch({ codebaseId: element.id, expected: oldText, actual: whole })
    }
    return edit(element.opening.end, element.closing.getStart(file.source))
  }
  // Mixed content: only a static part can change, named by its own old text.
  const matching = children.filter(
    (child) =>
      ts.isJsxText(child) &&
      !child.containsOnlyTriviaWhiteSpaces &&
      normalizeText(jsxTextValue(child.text)) === normalizeText(oldText),
  )
  const only = matching[0]
  if (matching.length === 1 && only) return edit(only.pos, only.end)
  throw new DynamicContentNotEditable({
    codebaseId: element.id,
    reason: hasDynamicText(element)
      ? "its text has expressions; only its static parts can be edited"
      : "its text is split by other elements; edit them one at a time",
  })
}
