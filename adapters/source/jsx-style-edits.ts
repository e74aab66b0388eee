/** Class list and inline style edits of one element, as splices in its file (see jsx-edits.ts). */
import { ts } from "ts-morph"
import {
  DynamicContentNotEditable,
  UnsupportedEdit,
} from "../../domain/editing/source-rewriter.port.ts"
import {
  classAttributeOf,
  classTokens,
  findAttribute,
  insertAttribute,
  isGeneratedClass,
  removeAttribute,
} from "./attributes.ts"
import type { FileModel, JsxInfo } from "./jsx-tree.ts"
import { indentationAt, removalRange, startsLine, stringLiteral } from "./source-style.ts"
import type { FileEdit, Splice } from "./splices.ts"
import { camelCase, kebabCase } from "./tailwind.ts"

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
