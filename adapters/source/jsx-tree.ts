import { ts } from "ts-morph"
import { codebaseIdOf } from "./codebase-id.ts"
import { detectStyle, type SourceStyle } from "./source-style.ts"

export type JsxNode = ts.JsxElement | ts.JsxSelfClosingElement
export type JsxOpening = ts.JsxOpeningElement | ts.JsxSelfClosingElement

/** One JSX element of a file, with what the edits need to know about its place. */
export interface JsxInfo {
  readonly node: JsxNode
  readonly id: string
  /** Offset of its `<`: the position its codebase id is made of. */
  readonly start: number
  readonly end: number
  readonly opening: JsxOpening
  readonly closing: ts.JsxClosingElement | null
  readonly tagName: string
  readonly isComponent: boolean
  /** The nearest enclosing JSX element, whatever expressions lie between. */
  readonly parent: JsxInfo | null
  /** A direct child of an element or fragment: it has siblings and can be moved, removed, wrapped. */
  readonly inJsxChildren: boolean
  /** Inside a function passed to a call (`items.map((item) => <li />)`): rendered once per item. */
  readonly insideList: boolean
  /** Under `&&`, `||`, `??` or a ternary. */
  readonly conditional: boolean
}

/** One parsed version of a canvas file. */
export interface FileModel {
  /** Relative to the canvas root, `/`-separated. */
  readonly path: string
  readonly text: string
  readonly hash: string
  readonly source: ts.SourceFile
  /** In source order. */
  readonly elements: ReadonlyArray<JsxInfo>
  readonly byId: ReadonlyMap<string, JsxInfo>
  readonly byStart: ReadonlyMap<number, JsxInfo>
  /** Worked out when first read. */
  readonly style: SourceStyle
}

export const scriptKindOf = (path: string): ts.ScriptKind =>
  path.endsWith(".jsx") || path.endsWith(".js") ? ts.ScriptKind.JSX : ts.ScriptKind.TSX

/** The parser's own list of a parsed file's syntax errors (no type checker involved). */
const parseDiagnosticsOf = (source: ts.SourceFile): ReadonlyArray<ts.Diagnostic> =>
  (source as { parseDiagnostics?: ReadonlyArray<ts.Diagnostic> }).parseDiagnostics ?? []

const parseErrorCount = (source: ts.SourceFile) => parseDiagnosticsOf(source).length

/** The syntax errors of a parsed file (the parser's own list: no type checker involved). */
export const parseErrorsOf = (source: ts.SourceFile): ReadonlyArray<string> => {
  return parseDiagnosticsOf(source).map((diagnostic) => {
    const where =
      diagnostic.start === undefined
        ? ""
        : (() => {
            const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start)
            return `${line + 1}:${character + 1} `
          })()
    return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`
  })
}

/** A standalone parse, for versions of a file that are not the current one. */
export const parseText = (path: string, text: string): ts.SourceFile =>
  ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindOf(path))

/**
 * A new version of a parsed file, parsed incrementally from the previous one when that one has
 * no syntax error (TypeScript's updateSourceFile, as editors re-parse on each keystroke: the
 * subtrees outside the changed range are reused, the rest parsed again), else parsed whole (from
 * a text with errors the incremental parser can miss some of the new text's errors). `range` is
 * where the previous text changed and how long that part is now. `previous` is used up either
 * way: its nodes may now belong to the new tree, at their new positions, so nothing may read it
 * afterwards.
 */
export const reparseText = (
  previous: ts.SourceFile,
  text: string,
  range: { readonly start: number; readonly end: number; readonly newLength: number },
): ts.SourceFile =>
  parseErrorCount(previous) > 0
    ? parseText(previous.fileName, text)
    : ts.updateSourceFile(previous, text, {
        span: { start: range.start, length: range.end - range.start },
        newLength: range.newLength,
      })

const isJsxNode = (node: ts.Node): node is JsxNode =>
  ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)

export const openingOf = (node: JsxNode): JsxOpening =>
  ts.isJsxElement(node) ? node.openingElement : node

const isFunctionLike = (node: ts.Node) =>
  ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node)

/** Whether a node's place between it and `stop` makes it repeated or conditional. */
const contextOf = (node: ts.Node, stop: ts.Node | undefined) => {
  let insideList = false
  let conditional = false
  for (let child = node, at = node.parent; at && at !== stop; child = at, at = at.parent) {
    if (ts.isConditionalExpression(at) && child !== at.condition) conditional = true
    if (
      ts.isBinaryExpression(at) &&
      child === at.right &&
      [
        ts.SyntaxKind.AmpersandAmpersandToken,
        ts.SyntaxKind.BarBarToken,
        ts.SyntaxKind.QuestionQuestionToken,
      ].includes(at.operatorToken.kind)
    ) {
      conditional = true
    }
    if (isFunctionLike(at) && at.parent && ts.isCallExpression(at.parent)) insideList = true
    if (isFunctionLike(at) && !(at.parent && ts.isCallExpression(at.parent))) break
  }
  return { insideList, conditional }
}

/**
 * Nodes with no JSX element at or under them, as walks found them. No node's children ever
 * change (an incremental re-parse reuses whole subtrees at new positions, and makes new nodes for
 * what changed), so this stays true of a node in every later tree that reuses it: a file model
 * built on an incremental re-parse walks only the new nodes and those holding elements.
 */
const withoutJsx = new WeakSet<ts.Node>()

export const buildFileModel = (
  path: string,
  text: string,
  hash: string,
  source: ts.SourceFile,
): FileModel => {
  const elements: JsxInfo[] = []
  let style: SourceStyle | undefined
  // One visitor for every node (no closure per node): the enclosing element is kept here.
  let parent: JsxInfo | null = null
  // The subtrees without JSX found under the nodes being walked, outermost only: each is
  // remembered (withoutJsx) once it is known that the node above it holds an element.
  const free: ts.Node[] = []
  const walkChildren = (node: ts.Node) => {
    const mark = free.length
    const before = elements.length
    ts.forEachChild(node, visit)
    if (elements.length === before && !isJsxNode(node)) {
      free.length = mark
      free.push(node)
      return
    }
    for (let i = mark; i < free.length; i += 1) withoutJsx.add(free[i]!)
    free.length = mark
  }
  const visit = (node: ts.Node): void => {
    if (withoutJsx.has(node)) return
    if (!isJsxNode(node)) {
      walkChildren(node)
      return
    }
    const opening = openingOf(node)
    const tagName = opening.tagName.getText(source)
    const start = node.getStart(source)
    const context = contextOf(node, parent?.node)
    const info: JsxInfo = {
      node,
      id: codebaseIdOf(path, start),
      start,
      end: node.end,
      opening,
      closing: ts.isJsxElement(node) ? node.closingElement : null,
      tagName,
      isComponent: /^[A-Z]/.test(tagName) || tagName.includes("."),
      parent,
      inJsxChildren: ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent),
      insideList: context.insideList || (parent?.insideList ?? false),
      conditional: context.conditional || (parent?.conditional ?? false),
    }
    elements.push(info)
    const outer = parent
    parent = info
    walkChildren(node)
    parent = outer
  }
  walkChildren(source)
  return {
    path,
    text,
    hash,
    source,
    elements,
    byId: new Map(elements.map((element) => [element.id, element])),
    byStart: new Map(elements.map((element) => [element.start, element])),
    // Read only by edits that write new code, on the current version (whose tree is whole).
    get style() {
      style ??= detectStyle(text, source)
      return style
    },
  }
}

/** The children of an element or fragment, or none for a self-closing one. */
export const childrenOf = (node: ts.Node): ReadonlyArray<ts.JsxChild> =>
  ts.isJsxElement(node) || ts.isJsxFragment(node) ? [...node.children] : []

/** The JSX elements among an element's direct children, in order. */
export const elementSiblings = (file: FileModel, container: ts.Node): ReadonlyArray<JsxInfo> =>
  childrenOf(container).flatMap((child) => {
    const info = isJsxNode(child) ? file.byStart.get(child.getStart(file.source)) : undefined
    return info ? [info] : []
  })

const attributesText = (file: FileModel, opening: JsxOpening) =>
  opening.attributes.properties.map((attribute) => attribute.getText(file.source)).join(" ")

/**
 * What identifies an element when the file changed under the client: its tag and attributes, its
 * parent's, and its index among its parent's elements. Equal fingerprints in another version of
 * the file name the same element.
 */
export const fingerprintOf = (file: FileModel, element: JsxInfo): string => {
  const parent = element.parent
  const siblings = parent ? elementSiblings(file, parent.node) : []
  return JSON.stringify([
    element.tagName,
    attributesText(file, element.opening),
    parent ? parent.tagName : null,
    parent ? attributesText(file, parent.opening) : null,
    siblings.indexOf(element),
  ])
}

/** The elements of `file` whose fingerprint is `fingerprint`. */
export const elementsWithFingerprint = (file: FileModel, fingerprint: string) =>
  file.elements.filter((element) => fingerprintOf(file, element) === fingerprint)

export type { SourceStyle }
