/**
 * Where Add element puts the new element, relative to the selected one (issue 21): before it or
 * after it (a sibling, in the same parent), or inside it (its last child). Each is offered only
 * where the source can take it.
 */
import type { TreeNode } from "../frame/nav-tree.ts"
import { codebaseIdOf } from "./editor-snapshot.ts"

export type InsertPosition = "before" | "after" | "inside"

export const INSERT_POSITIONS: ReadonlyArray<InsertPosition> = ["before", "after", "inside"]

export const INSERT_POSITION_LABELS: Readonly<Record<InsertPosition, string>> = {
  before: "Before",
  after: "After",
  inside: "Inside",
}

/** HTML's void elements (and textarea): nothing is written inside them. */
const VOID_TAGS: ReadonlySet<string> = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
  // React takes a textarea's text as its value, not as children.
  "textarea",
])

/**
 * Whether an element takes children written into its source: not a component instance (its
 * children are what the component renders, not what the page passes) and not a void element.
 */
export const takesChildren = (node: TreeNode): boolean =>
  !node.isComponent && !VOID_TAGS.has(node.elementTagName.toLowerCase())

/**
 * The source element a sibling of `node` is written into, or undefined where it has none: the
 * storyboard, or a component, whose render's root may hold only one element.
 */
export const siblingParentId = (
  nodes: ReadonlyMap<string, TreeNode>,
  node: TreeNode,
): string | undefined => {
  const parent = node.parent === null ? undefined : nodes.get(node.parent)
  if (!parent || parent.isComponent) return undefined
  return codebaseIdOf(parent.key)
}

/** The positions Add element offers for the selected node, in the menu's order. */
export const insertPositionsFor = (
  nodes: ReadonlyMap<string, TreeNode>,
  key: string | null,
): ReadonlyArray<InsertPosition> => {
  const node = key === null ? undefined : nodes.get(key)
  if (!node || codebaseIdOf(node.key) === undefined) return []
  const beside = siblingParentId(nodes, node) !== undefined
  return INSERT_POSITIONS.filter((position) =>
    position === "inside" ? takesChildren(node) : beside,
  )
}

/** The position the menu starts with: inside where possible (as before positions), else after. */
export const defaultInsertPosition = (
  offered: ReadonlyArray<InsertPosition>,
): InsertPosition | undefined => {
  if (offered.includes("inside")) return "inside"
  return offered.includes("after") ? "after" : offered[0]
}

/**
 * ADD_JSX's place fields for `position` of the element `key`: the container, and the sibling it
 * goes before or after.
 */
export const placeFields = (
  nodes: ReadonlyMap<string, TreeNode>,
  key: string,
  position: InsertPosition,
):
  | {
      readonly codebaseIdToAddTo: string
      readonly beforeCodebaseId?: string
      readonly afterCodebaseId?: string
    }
  | undefined => {
  const node = nodes.get(key)
  const id = codebaseIdOf(key)
  if (!node || !id) return undefined
  if (position === "inside") return takesChildren(node) ? { codebaseIdToAddTo: id } : undefined
  const parent = siblingParentId(nodes, node)
  if (parent === undefined) return undefined
  return position === "before"
    ? { codebaseIdToAddTo: parent, beforeCodebaseId: id }
    : { codebaseIdToAddTo: parent, afterCodebaseId: id }
}
