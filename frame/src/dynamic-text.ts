/**
 * Whether an element's text comes from an expression (`{title}`, `{task.title}`, `{count}`), which
 * React hands over as a string just as it does a literal `<h1>Title</h1>`. Text editing never
 * starts on it (issue 21): a number is never JSX text, and a string the rendering component holds
 * in its props or state (one level into objects and arrays) is read from there. `children` is
 * left out: text passed as children is written at the instance that passes it (usage-site.ts).
 */
import { componentAncestors, propsOf, stateOf } from "./react-fiber.ts"

const holds = (value: unknown, text: string, depth: number): boolean => {
  if (value === text) return true
  if (depth === 0 || typeof value !== "object" || value === null) return false
  if (Array.isArray(value)) return value.some((item) => holds(item, text, depth - 1))
  return Object.entries(value).some(
    ([name, item]) => name !== "children" && holds(item, text, depth - 1),
  )
}

export const textFromExpression = (children: unknown, element: Element): boolean => {
  if (typeof children === "number") return true
  if (typeof children !== "string" || children.trim() === "") return false
  const owner = componentAncestors(element)[0]
  if (!owner) return false
  return holds(propsOf(owner), children, 2) || holds(stateOf(owner), children, 2)
}
