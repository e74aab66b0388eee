/**
 * Usage site vs definition (issue 18 §3): a shared component's element (shadcn's `ui/button.tsx`
 * `<Comp className={cn(…, className)} {...props} />`) takes its classes or its text from the
 * component's props, so the instance where the component is used (`<Button className="…">Save
 * </Button>` in a page) is where an edit of them belongs. Whether an element takes them from props
 * is read off its own JSX: a className expression naming `className` (or `props.className`), a
 * `{children}` child, or, without either, a `{...props}` spread that carries them in.
 */
import { ts } from "ts-morph"
import { findAttribute } from "./attributes.ts"
import type { JsxInfo } from "./jsx-tree.ts"

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

/**
 * Whether `instance` (a component element) is a use of the component `element` is written in: its
 * tag names that component (`Button`, `ui.Button`; an alias under another name does not count).
 */
export const isInstanceOf = (instance: JsxInfo, element: JsxInfo): boolean => {
  const component = componentNameOf(element)
  return component !== undefined && instance.tagName.split(".").at(-1) === component
}
