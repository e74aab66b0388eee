/** Class list and inline style edits of one element, as splices in its file (see jsx-edits.ts). */
import { ts } from "ts-morph"
import { DynamicContentNotEditable } from "../../domain/editing/source-rewriter.port.ts"
import {
  checkClassName,
  classSourceOf,
  editClassSource,
  unconditionalClasses,
  type ClassSource,
} from "./class-sources.ts"
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

/** An element's class list: absent, one string, or built by an expression from strings. */
type ElementClasses =
  | { readonly kind: "none" }
  | { readonly kind: "static"; readonly tokens: ReadonlyArray<string> }
  | {
      readonly kind: "source"
      readonly source: ClassSource
      readonly tokens: ReadonlyArray<string>
    }

const classesOf = (file: FileModel, element: JsxInfo): ElementClasses => {
  const attribute = classAttributeOf(element)
  if (attribute.kind === "none") return { kind: "none" }
  if (attribute.kind === "static") return { kind: "static", tokens: classTokens(attribute.value) }
  const initializer = attribute.attribute.initializer
  const expression =
    initializer && ts.isJsxExpression(initializer) ? initializer.expression : undefined
  const source = expression ? classSourceOf(file, expression) : undefined
  if (!source || source.segments.length === 0) {
    throw new DynamicContentNotEditable({
      codebaseId: element.id,
      reason: "its className is built by an expression with no class string in the source",
    })
  }
  return { kind: "source", source, tokens: unconditionalClasses(source) }
}

/**
 * The classes of an element that always apply, as written in its source (for a className built
 * by cn(), a template literal etc., those of its unconditional strings); refused when none is.
 */
export const staticClasses = (file: FileModel, element: JsxInfo): ReadonlyArray<string> => {
  const classes = classesOf(file, element)
  return classes.kind === "none" ? [] : classes.tokens
}

/** Whether the element's class list is one string (or none), so that it is all in `staticClasses`. */
export const hasPlainClasses = (file: FileModel, element: JsxInfo) =>
  classesOf(file, element).kind !== "source"

const validated = (tokens: ReadonlyArray<string>) => {
  const clean = tokens.filter((token) => !isGeneratedClass(token))
  clean.forEach(checkClassName)
  return clean
}

/**
 * The edit that takes `removed` out of an element's classes and adds `added`: in its one string,
 * or in the strings its className expression is built from.
 */
export const editClasses = (
  file: FileModel,
  element: JsxInfo,
  removed: ReadonlyArray<string>,
  added: ReadonlyArray<string>,
): FileEdit => {
  const classes = classesOf(file, element)
  if (classes.kind !== "source") {
    const current = classes.kind === "none" ? [] : classes.tokens
    const kept = current.filter((token) => !removed.includes(token))
    return setClasses(file, element, [...kept, ...added.filter((token) => !kept.includes(token))])
  }
  const splices = editClassSource(file, element, classes.source, removed, validated(added))
  return { splices, carries: [], created: [] }
}

/** The edit that sets an element's class list to `tokens` (no attribute left when empty). */
export const setClasses = (
  file: FileModel,
  element: JsxInfo,
  tokens: ReadonlyArray<string>,
): FileEdit => {
  const clean = validated(tokens)
  const classes = classesOf(file, element)
  if (classes.kind === "source") {
    // Built by an expression: what changes among the classes that always apply.
    return editClasses(
      file,
      element,
      classes.tokens.filter((token) => !clean.includes(token)),
      clean.filter((token) => !classes.tokens.includes(token)),
    )
  }
  const attribute = classAttributeOf(element)
  const value = clean.join(" ")
  const none: FileEdit = { splices: [], carries: [], created: [] }
  if (attribute.kind === "dynamic") return none
  if (attribute.kind === "none") {
    if (value === "") return none
    return {
      splices: [
        insertAttribute(file, element.opening, `className=${attributeString(file, value)}`),
      ],
      carries: [],
      created: [],
    }
  }
  if (value === attribute.value) return none
  if (value === "") {
    return { splices: [removeAttribute(file, attribute.attribute)], carries: [], created: [] }
  }
  if (attribute.escapes) {
    const quote = file.text[attribute.valueStart - 1] === "'" ? "'" : '"'
    const literal = file.text[attribute.valueStart - 1] === "`" ? null : stringLiteral(value, quote)
    return {
      splices: [
        {
          start: attribute.valueStart,
          end: attribute.valueEnd,
          text: literal ? literal.slice(1, -1) : value.replace(/[\\`]|\$\{/g, (m) => `\\${m}`),
        },
      ],
      carries: [],
      created: [],
    }
  }
  const ownQuote = file.text[attribute.valueStart - 1]!
  if (!value.includes(ownQuote)) {
    return {
      splices: [{ start: attribute.valueStart, end: attribute.valueEnd, text: value }],
      carries: [],
      created: [],
    }
  }
  // A JSX attribute string has no escapes: one holding its own quote becomes another string.
  const initializer = attribute.attribute.initializer!
  return {
    splices: [
      {
        start: initializer.getStart(file.source),
        end: initializer.end,
        text: attributeString(file, value),
      },
    ],
    carries: [],
    created: [],
  }
}

/** A class list as an attribute value: in the file's JSX quote, another, or as `{"…"}`. */
const attributeString = (file: FileModel, value: string) => {
  const quote = file.style.jsxQuote
  const other = quote === '"' ? "'" : '"'
  if (!value.includes(quote)) return `${quote}${value}${quote}`
  if (!value.includes(other)) return `${other}${value}${other}`
  return `{${stringLiteral(value, file.style.codeQuote)}}`
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
