/**
 * Usage site vs definition (issue 18 §3): an element a shared component renders (the <button>
 * of ui/button.tsx) often takes its classes and text from the props its instance was given
 * (`<Button className="mt-4">Save</Button>` in a page). The editor sends class and text edits
 * with the instance's codebase id, and the server writes them at the instance when they come from
 * props; the user can switch to editing the component's own definition instead.
 */
import type { TreeNode } from "../frame/nav-tree.ts"
import { codebaseIdOf } from "./editor-snapshot.ts"

/** Where class and text edits go: the instance a component element was rendered by, or its definition. */
export type EditTarget = "instance" | "component"

/**
 * The component instance whose output holds the node (the frame's scope), with a codebase id:
 * null outside one, and for the page's own root component (App), which no page uses.
 */
export const instanceOf = (
  tree: TreeNode | null,
  nodes: ReadonlyMap<string, TreeNode>,
  key: string | null,
): TreeNode | null => {
  const node = key === null ? undefined : nodes.get(key)
  if (!node || node.scope === null) return null
  const instance = nodes.get(node.scope)
  if (!instance?.isComponent || codebaseIdOf(instance.key) === undefined) return null
  const roots = new Set(tree?.children.map((top) => top.key) ?? [])
  return roots.has(instance.key) ? null : instance
}

/**
 * Where the instance is written, as the Vite plugin stamps it on component elements
 * (`data-codebase-source="src/App.tsx:42"`): the file's name and the line, or undefined.
 */
export const instanceSource = (instance: TreeNode): string | undefined => {
  const value = instance.props["data-codebase-source"]?.value
  if (typeof value !== "string") return undefined
  const match = /([^/]+):(\d+)$/.exec(value)
  return match ? `${match[1]}:${match[2]}` : undefined
}
