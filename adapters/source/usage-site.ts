/**
 * Usage site vs definition (issue 18 §3): a shared component's element (shadcn's `ui/button.tsx`
 * `<Comp className={cn(…, className)} {...props} />`) takes its classes or its text from the
 * component's props, so the instance where the component is used (`<Button className="…">Save
 * </Button>` in a page) is where an edit of them belongs. Whether an element takes them from props
 * is read off its own JSX: a className expression naming `className` (or `props.className`), a
 * `{children}` child, or, without either, a `{...props}` spread that carries them in.
 */
import { posix } from "node:path"
import { ts } from "ts-morph"
import { findAttribute } from "./attributes.ts"
import { exportOf, stripExtension } from "./imports.ts"
import type { FileModel, JsxInfo } from "./jsx-tree.ts"

/** An element and the version of the file it is in. */
interface Resolved {
  readonly file: FileModel
  readonly element: JsxInfo
}

/** What an edit changes: the class list or the text. */
export type EditedPart = "class" | "text"

const hasSpread = (element: JsxInfo) =>
  element.opening.attributes.properties.some((property) => ts.isJsxSpreadAttribute(property))

/** `name` or `<anything>.name` (props.className, rest.children). */
const namesProp = (node: ts.Node, name: string) =>
  (ts.isIdentifier(node) && node.text === name) ||
  (ts.isPropertyAccessExpression(node) && node.name.text === name)

/** Whether an expression reads the prop `name` anywhere (object keys and callees aside). */
const readsProp = (expression: ts.Node, name: string): boolean => {
  let found = false
  const visit = (node: ts.Node): void => {
    if (found) return
    if (namesProp(node, name)) {
      const parent = node.parent
      const isKey =
        (ts.isPropertyAssignment(parent) && parent.name === node) ||
        (ts.isPropertyAccessExpression(parent) && parent.name === node)
      if (!isKey || ts.isPropertyAccessExpression(node)) found = true
      return
    }
    ts.forEachChild(node, visit)
  }
  visit(expression)
  return found
}

/** Whether the element's class list comes (in part) from the component's className prop. */
export const classFromProps = (element: JsxInfo): boolean => {
  const attribute = findAttribute(element.opening, "className")
  if (!attribute) return hasSpread(element)
  const initializer = attribute.initializer
  return (
    initializer !== undefined &&
    ts.isJsxExpression(initializer) &&
    initializer.expression !== undefined &&
    readsProp(initializer.expression, "className")
  )
}

/** Whether the element's text comes from the component's children prop. */
export const textFromProps = (element: JsxInfo): boolean => {
  if (ts.isJsxSelfClosingElement(element.node)) return hasSpread(element)
  const children = element.node.children
  if (children.every((child) => ts.isJsxText(child) && child.containsOnlyTriviaWhiteSpaces)) {
    return hasSpread(element)
  }
  return children.some(
    (child) =>
      ts.isJsxExpression(child) &&
      child.expression !== undefined &&
      namesProp(child.expression, "children"),
  )
}

export const fromProps = (element: JsxInfo, part: EditedPart) =>
  part === "class" ? classFromProps(element) : textFromProps(element)

/** The words a refusal uses for what comes from props. */
export const propWords = (part: EditedPart) =>
  part === "class"
    ? "its classes come from the component's className prop"
    : "its text comes from the component's children"

/** The name of the component whose JSX the element is: its function's or variable's. */
export const componentNameOf = (element: JsxInfo): string | undefined => {
  for (let node: ts.Node | undefined = element.node.parent; node; node = node.parent) {
    const named =
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isVariableDeclaration(node)
        ? node.name
        : undefined
    if (named && ts.isIdentifier(named) && /^[A-Z]/.test(named.text)) return named.text
  }
  return undefined
}

/** What an import binds a local name to: the export it names (`"default"` for the default one). */
const importedAs = (
  source: ts.SourceFile,
  local: string,
): { readonly imported: string; readonly specifier: string } | undefined => {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue
    if (statement.importClause.isTypeOnly) continue
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text
    const clause = statement.importClause
    if (clause.name?.text === local) return { imported: "default", specifier }
    const bindings = clause.namedBindings
    if (!bindings || !ts.isNamedImports(bindings)) continue
    const element = bindings.elements.find((binding) => binding.name.text === local)
    if (element && !element.isTypeOnly) {
      return { imported: (element.propertyName ?? element.name).text, specifier }
    }
  }
  return undefined
}

/**
 * Whether a specifier can name the file at canvas path `target` from the file at `from`: a
 * relative one must lead to it (with or without its extension, or as its folder's index); any
 * other (a path alias, `@/components/ui/button`) is taken to, as the name already matched.
 */
const mayName = (from: string, specifier: string, target: string) => {
  if (!specifier.startsWith(".")) return true
  const resolved = stripExtension(posix.join(posix.dirname(from), specifier))
  const wanted = stripExtension(target)
  return resolved === wanted || `${resolved}/index` === wanted
}

/**
 * Whether `instance` (a component element) is a use of the component `definition`'s element is
 * written in: its tag names that component (`Button`, `ui.Button`), or a name its file imports it
 * by (`import { Button as Btn }`, or `import Btn from …` of a file whose default export it is).
 */
export const isInstanceOf = (instance: Resolved, definition: Resolved): boolean => {
  const component = componentNameOf(definition.element)
  if (component === undefined) return false
  const tag = instance.element.tagName
  if (tag.split(".").at(-1) === component) return true
  if (tag.includes(".")) return false
  const imported = importedAs(instance.file.source, tag)
  if (!imported || !mayName(instance.file.path, imported.specifier, definition.file.path)) {
    return false
  }
  return imported.imported === "default"
    ? exportOf(definition.file.source, component) === "default"
    : imported.imported === component
}
