/**
 * Where an element's classes are written when its className is an expression: the string parts of
 * cn() / clsx() / classnames() / twMerge() / twJoin() / cx() calls, of a cva() definition in the same
 * file, of template literals, ternaries and `&&` chains. Classes are added to and removed from
 * those strings (a new string argument when no string fits); only what has no string part at all
 * is refused.
 */
import { ts } from "ts-morph"
import {
  DynamicContentNotEditable,
  UnsupportedEdit,
} from "../../domain/editing/source-rewriter.port.ts"
import type { FileModel, JsxInfo } from "./jsx-tree.ts"
import { indentationAt, startsLine, stringLiteral } from "./source-style.ts"
import type { Splice } from "./splices.ts"

/** Functions that join their arguments into one class list. */
const CLASS_FUNCTIONS = new Set([
  "cn",
  "clsx",
  "classnames",
  "classNames",
  "cx",
  "twMerge",
  "twJoin",
])

/** One string whose classes are written in the source. */
interface ClassSegment {
  /** The raw text between the delimiters (quotes, backticks, `}` and `${`). */
  readonly start: number
  readonly end: number
  /** The text as the program sees it (escapes resolved). */
  readonly value: string
  /** How the raw text escapes: a quoted JS string or a template literal part. */
  readonly kind: "string" | "template"
  readonly quote: string
  /** Applies only under a condition (a ternary's branch, after `&&`, a cva variant). */
  readonly conditional: boolean
  /** An expression touches it before / after (a template part), so a token there is partial. */
  readonly openStart: boolean
  readonly openEnd: boolean
  /** Outside the className attribute (a cva() definition the element's call reaches). */
  readonly shared: boolean
}

export interface ClassSource {
  readonly segments: ReadonlyArray<ClassSegment>
  /** Some part of the list is built by expressions the source does not spell out. */
  readonly dynamic: boolean
  /** Where a new string argument goes (the outermost class function call), if there is one. */
  readonly call: ts.CallExpression | undefined
  /** The attribute's whole expression, for wrapping a ternary in a template literal. */
  readonly expression: ts.Expression
}

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(node) ||
  ts.isAsExpression(node) ||
  ts.isNonNullExpression(node) ||
  ts.isSatisfiesExpression(node)
    ? unwrap(node.expression)
    : node

const calleeName = (call: ts.CallExpression) => {
  const callee = unwrap(call.expression)
  return ts.isIdentifier(callee) ? callee.text : undefined
}

/** The cva() call a same-file `const name = cva(…)` binds, if `name` is one. */
const cvaDefinition = (file: FileModel, name: string): ts.CallExpression | undefined => {
  for (const statement of file.source.statements) {
    if (!ts.isVariableStatement(statement)) continue
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue
      const initializer = declaration.initializer && unwrap(declaration.initializer)
      if (initializer && ts.isCallExpression(initializer) && calleeName(initializer) === "cva") {
        return initializer
      }
    }
  }
  return undefined
}

/** The class source of a className expression. */
export const classSourceOf = (file: FileModel, expression: ts.Expression): ClassSource => {
  const segments: ClassSegment[] = []
  let dynamic = false
  const text = file.text

  const literal = (node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral, context: Context) => {
    const start = node.getStart(file.source)
    segments.push({
      start: start + 1,
      end: node.end - 1,
      value: node.text,
      kind: ts.isStringLiteral(node) ? "string" : "template",
      quote: text[start]!,
      conditional: context.conditional,
      openStart: false,
      openEnd: false,
      shared: context.shared,
    })
  }

  const template = (node: ts.TemplateExpression, context: Context) => {
    const head = node.head
    const headStart = head.getStart(file.source)
    segments.push({
      start: headStart + 1,
      end: head.end - 2,
      value: head.text,
      kind: "template",
      quote: "`",
      conditional: context.conditional,
      openStart: false,
      openEnd: true,
      shared: context.shared,
    })
    for (const span of node.templateSpans) {
      // A class of its own (`${active ? "a" : "b"}`) only when spaces part it from its neighbours.
      visit(span.expression, context)
      const part = span.literal
      const start = part.getStart(file.source)
      const tail = ts.isTemplateTail(part)
      segments.push({
        start: start + 1,
        end: part.end - (tail ? 1 : 2),
        value: part.text,
        kind: "template",
        quote: "`",
        conditional: context.conditional,
        openStart: true,
        openEnd: !tail,
        shared: context.shared,
      })
    }
  }

  interface Context {
    readonly conditional: boolean
    readonly shared: boolean
    /** Inside a class function's arguments, where object keys are classes. */
    readonly joined: boolean
  }

  const cvaConfig = (config: ts.Expression, context: Context) => {
    const object = unwrap(config)
    if (!ts.isObjectLiteralExpression(object)) return
    const conditional = { ...context, conditional: true, joined: false }
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue
      const value = unwrap(property.initializer)
      if (property.name.text === "variants" && ts.isObjectLiteralExpression(value)) {
        for (const variant of value.properties) {
          if (!ts.isPropertyAssignment(variant)) continue
          const options = unwrap(variant.initializer)
          if (!ts.isObjectLiteralExpression(options)) continue
          for (const option of options.properties) {
            if (ts.isPropertyAssignment(option)) visit(option.initializer, conditional)
          }
        }
      } else if (property.name.text === "compoundVariants" && ts.isArrayLiteralExpression(value)) {
        for (const compound of value.elements) {
          const entry = unwrap(compound)
          if (!ts.isObjectLiteralExpression(entry)) continue
          for (const field of entry.properties) {
            if (
              ts.isPropertyAssignment(field) &&
              ts.isIdentifier(field.name) &&
              (field.name.text === "class" || field.name.text === "className")
            ) {
              visit(field.initializer, conditional)
            }
          }
        }
      }
    }
  }

  const visit = (raw: ts.Expression, context: Context): void => {
    const node = unwrap(raw)
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      literal(node, context)
    } else if (ts.isTemplateExpression(node)) {
      template(node, context)
    } else if (ts.isConditionalExpression(node)) {
      dynamic = true
      visit(node.whenTrue, { ...context, conditional: true })
      visit(node.whenFalse, { ...context, conditional: true })
    } else if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind
      if (operator === ts.SyntaxKind.AmpersandAmpersandToken) {
        dynamic = true
        visit(node.right, { ...context, conditional: true })
      } else if (
        operator === ts.SyntaxKind.BarBarToken ||
        operator === ts.SyntaxKind.QuestionQuestionToken
      ) {
        dynamic = true
        visit(node.left, { ...context, conditional: true })
        visit(node.right, { ...context, conditional: true })
      } else if (operator === ts.SyntaxKind.PlusToken) {
        // `"a " + b`: the strings touch what is added to them, as a template's parts do.
        const from = segments.length
        visit(node.left, context)
        const last = segments.length - 1
        if (last >= from) segments[last] = { ...segments[last]!, openEnd: true }
        const middle = segments.length
        visit(node.right, context)
        if (segments.length > middle) segments[middle] = { ...segments[middle]!, openStart: true }
      } else dynamic = true
    } else if (ts.isArrayLiteralExpression(node) && context.joined) {
      for (const element of node.elements) visit(element, context)
    } else if (ts.isObjectLiteralExpression(node) && context.joined) {
      // clsx's `{ "a b": condition }`: the keys are classes applied under their condition.
      dynamic = true
      for (const property of node.properties) {
        if (
          ts.isPropertyAssignment(property) &&
          (ts.isStringLiteral(property.name) || ts.isNoSubstitutionTemplateLiteral(property.name))
        ) {
          literal(property.name, { ...context, conditional: true })
        }
      }
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node)
      if (name !== undefined && CLASS_FUNCTIONS.has(name)) {
        for (const argument of node.arguments) visit(argument, { ...context, joined: true })
      } else if (name === "cva") {
        const [base, config] = node.arguments
        if (base) visit(base, { ...context, joined: true })
        if (config) cvaConfig(config, context)
      } else {
        dynamic = true
        const definition = name === undefined ? undefined : cvaDefinition(file, name)
        if (definition) visit(definition, { ...context, shared: true })
      }
    } else dynamic = true
  }

  const top = unwrap(expression)
  visit(top, { conditional: false, shared: false, joined: false })
  const call =
    ts.isCallExpression(top) &&
    calleeName(top) !== undefined &&
    CLASS_FUNCTIONS.has(calleeName(top)!)
      ? top
      : undefined
  return { segments, dynamic, call, expression: top }
}

interface Token {
  readonly name: string
  readonly from: number
  readonly to: number
}

/** The classes of a segment that are whole (not glued to an expression). */
const tokensOf = (segment: ClassSegment): ReadonlyArray<Token> =>
  [...segment.value.matchAll(/\S+/g)]
    .map((match) => ({ name: match[0], from: match.index, to: match.index + match[0].length }))
    .filter(
      (token) =>
        !(segment.openStart && token.from === 0) &&
        !(segment.openEnd && token.to === segment.value.length),
    )

/** The classes that always apply, as written, in order (conditional strings left out). */
export const unconditionalClasses = (source: ClassSource): ReadonlyArray<string> =>
  source.segments
    .filter((segment) => !segment.conditional)
    .flatMap((segment) => tokensOf(segment).map((token) => token.name))

/** Whether a class is written in any of the source's strings (conditional ones too). */
const writes = (source: ClassSource, name: string) =>
  source.segments.some((segment) => tokensOf(segment).some((token) => token.name === name))

const escapeFor = (segment: ClassSegment, value: string) =>
  segment.kind === "template"
    ? value.replace(/[\\`]|\$\{/g, (match) => `\\${match}`)
    : stringLiteral(value, segment.quote === "'" ? "'" : '"').slice(1, -1)

/** A segment's value with `removed` classes taken out (with a space each) and `added` appended. */
const rewriteSegment = (
  segment: ClassSegment,
  removed: ReadonlySet<string>,
  added: ReadonlyArray<string>,
): string => {
  let value = segment.value
  for (const token of [...tokensOf(segment)].reverse()) {
    if (!removed.has(token.name)) continue
    const before = /\s*$/.exec(value.slice(0, token.from))![0].length
    const after = /^\s*/.exec(value.slice(token.to))![0].length
    // The space before it goes, or the one after it when it starts the string.
    const from = token.from - before > 0 || segment.openStart ? token.from - before : token.from
    const to = from === token.from ? token.to + after : token.to
    value = value.slice(0, from) + value.slice(to)
  }
  if (added.length > 0) {
    const trail = /\s*$/.exec(value)![0]
    const core = value.slice(0, value.length - trail.length)
    const lead = core === "" && !segment.openStart ? "" : " "
    const end = segment.openEnd && trail === "" ? " " : trail
    value = `${core}${lead}${added.join(" ")}${end}`
  }
  return value
}

/**
 * The splices that take `removed` out of every string writing them and add `added` (those not
 * already applying) to the last unconditional string of the attribute, else as a new argument of
 * its class function call, else to a cva() definition's base. Refuses removing a class no string
 * writes, and adding where no string can take it.
 */
export const editClassSource = (
  file: FileModel,
  element: JsxInfo,
  source: ClassSource,
  removed: ReadonlyArray<string>,
  added: ReadonlyArray<string>,
): ReadonlyArray<Splice> => {
  const missing = removed.filter((name) => !writes(source, name))
  if (missing.length > 0 && source.dynamic) {
    throw new DynamicContentNotEditable({
      codebaseId: element.id,
      reason: `its class ${missing.join(" ")} comes from an expression, not a string in the source`,
    })
  }
  const removedSet = new Set(removed)
  const present = new Set(unconditionalClasses(source).filter((name) => !removedSet.has(name)))
  const adding = [...new Set(added)].filter((name) => !present.has(name))
  const unconditional = source.segments.filter((segment) => !segment.conditional)
  const own = unconditional.filter((segment) => !segment.shared)
  // The last string that has classes (a template's `flex ${rest}`: before the expression).
  const target =
    own.filter((segment) => segment.value.trim() !== "").at(-1) ??
    own.at(-1) ??
    (source.call ? undefined : unconditional.at(-1))
  const splices: Splice[] = []
  for (const segment of source.segments) {
    const adds = segment === target ? adding : []
    const touched = adds.length > 0 || tokensOf(segment).some((token) => removedSet.has(token.name))
    if (!touched) continue
    splices.push({
      start: segment.start,
      end: segment.end,
      text: escapeFor(segment, rewriteSegment(segment, removedSet, adds)),
    })
  }
  if (adding.length > 0 && !target) {
    if (source.call) splices.push(appendArgument(file, source.call, adding.join(" ")))
    else if (ts.isConditionalExpression(source.expression)) {
      // `a ? "x" : "y"` → `${a ? "x" : "y"} new` in a template literal.
      const start = source.expression.getStart(file.source)
      const inner = file.text.slice(start, source.expression.end)
      const parenthesized = ts.isParenthesizedExpression(source.expression.parent)
      const from = parenthesized ? source.expression.parent.getStart(file.source) : start
      const to = parenthesized ? source.expression.parent.end : source.expression.end
      splices.push({ start: from, end: to, text: `\`\${${inner}} ${adding.join(" ")}\`` })
    } else {
      throw new DynamicContentNotEditable({
        codebaseId: element.id,
        reason: "its className is an expression with no string to add a class to",
      })
    }
  }
  return splices
}

/** The splice adding a string argument after a call's last one (on its own line if they are). */
const appendArgument = (file: FileModel, call: ts.CallExpression, value: string): Splice => {
  const literalText = stringLiteral(value, file.style.codeQuote)
  const args = call.arguments
  const last = args[args.length - 1]
  if (!last) return { start: args.pos, end: args.pos, text: literalText }
  // Before a trailing `className` prop, so that the caller's classes still win in tailwind-merge.
  const previous = args[args.length - 2]
  if (ts.isIdentifier(last) && last.text === "className" && previous) {
    const at = last.getStart(file.source)
    const between = file.text.slice(previous.end, at)
    return { start: at, end: at, text: `${literalText},${between.replace(/^,/, "")}` }
  }
  const lastStart = last.getStart(file.source)
  const trailing = args.hasTrailingComma
  const anchor = trailing ? file.text.indexOf(",", last.end) + 1 : last.end
  if (startsLine(file.text, lastStart)) {
    const indent = indentationAt(file.text, lastStart)
    const line = `${file.style.newline}${indent}${literalText}`
    return { start: anchor, end: anchor, text: trailing ? `${line},` : `,${line}` }
  }
  return { start: anchor, end: anchor, text: trailing ? ` ${literalText},` : `, ${literalText}` }
}

/** A class is written as one token: no spaces, braces or backticks (quotes inside `[…]` are fine). */
export const checkClassName = (token: string) => {
  const outsideBrackets = token.replace(/\[[^\]]*\]/g, "")
  if (token === "" || /[\s{}`]/.test(token) || /["']/.test(outsideBrackets)) {
    throw new UnsupportedEdit({ reason: `"${token}" is not a class name` })
  }
}
