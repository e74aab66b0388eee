import { ts } from "ts-morph"
import {
  DynamicContentNotEditable,
  UnsupportedEdit,
  type PropValue,
} from "../../domain/editing/source-rewriter.port.ts"
import { findAttribute, insertAttribute, propInitializer, removeAttribute } from "./attributes.ts"
import { childrenOf, type FileModel, type JsxInfo } from "./jsx-tree.ts"
import {
  indentationAt,
  lineStartOf,
  ownsLines,
  reindent,
  removalRange,
  startsLine,
} from "./source-style.ts"
import type { Carry, Created, FileEdit, Splice } from "./splices.ts"
import { jsxText } from "./jsx-text-edits.ts"

/*
 * Each mutation of the frame's table as the splices it makes in one file: here the structural ones
 * (add, remove, duplicate, move, wrap) and the tag and props; classes and inline style are in
 * jsx-style-edits.ts, text in jsx-text-edits.ts. Nothing here reads or writes files: a plan is
 * checked (it must parse) and written by the rewriter.
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

/** Adds an element's text at a place; `fromIndent` is the indentation its lines have now. */
export const addElement = (
  file: FileModel,
  place: Place,
  elementText: string,
  fromIndent = "",
): FileEdit => {
  const { splice, offsetOf } = insertContent(file, place, elementText, fromIndent)
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

/**
 * The `key` of an element a list renders per item (the whole of a `.map` callback's result): it
 * belongs on whatever wraps it, which becomes the item. Answers the attribute's text (with its
 * leading space) and the element's text without it.
 */
const listItemKey = (file: FileModel, elements: ReadonlyArray<JsxInfo>) => {
  const only = elements.length === 1 ? elements[0] : undefined
  if (!only || only.inJsxChildren || !only.insideList) return undefined
  const key = findAttribute(only.opening, "key")
  if (!key) return undefined
  const removal = removeAttribute(file, key)
  const from = removal.start - only.start
  const to = removal.end - only.start
  const text = textOf(file, only)
  return {
    attribute: ` ${key.getText(file.source)}`,
    without: {
      text: text.slice(0, from) + text.slice(to),
      offsetOf: (offset: number) => (offset >= to ? offset - (to - from) : offset),
    },
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
  const keyed = listItemKey(file, sorted)
  let block = ownLine
    ? `<div${keyed?.attribute ?? ""}>${newline}`
    : `<div${keyed?.attribute ?? ""}>`
  const carries: Carry[] = []
  sorted.forEach((element, index) => {
    const own = keyed ? keyed.without : { text: textOf(file, element), offsetOf: (o: number) => o }
    const indented = ownLine
      ? reindent(own.text, indentationAt(file.text, element.start), childIndent)
      : { text: own.text, offsetOf: (offset: number) => offset }
    const moved = {
      text: indented.text,
      offsetOf: (o: number) => indented.offsetOf(own.offsetOf(o)),
    }
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
