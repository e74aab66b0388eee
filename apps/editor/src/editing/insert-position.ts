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

/**
 * The component instance `node` hangs from in the tree, when its parent there is one (not the
 * page's root, which no file writes as an element): the node is then either the top of that
 * component's render (written in the component's own file, where nothing goes beside it) or an
 * element the instance is given as children and renders as they are (`<>{children}</>`), written
 * among the instance's children where a sibling can go. Only the source tells which
 * (besideComponentChild).
 */
export const parentInstanceOf = (
  nodes: ReadonlyMap<string, TreeNode>,
  node: TreeNode,
): TreeNode | undefined => {
  const parent = node.parent === null ? undefined : nodes.get(node.parent)
  if (!parent?.isComponent || codebaseIdOf(parent.key) === undefined) return undefined
  // The page's root component (a child of the tree's root): no file writes it as an element.
  const above = parent.parent === null ? undefined : nodes.get(parent.parent)
  if (above === undefined || above.parent === null) return undefined
  return parent
}

/** Where an element's JSX is written: its file and the lines it spans. */
export interface SourceSpan {
  readonly path: string
  readonly startLine: number
  readonly endLine: number
}

/**
 * The source's answer for a node whose tree parent is a component instance: before and after are
 * offered when the node is written inside the instance's JSX, in the instance's file (children it
 * renders as given); otherwise it is the component's own render, and the reason says so.
 */
export const besideComponentChild = (
  node: TreeNode,
  instance: TreeNode,
  own: SourceSpan,
  instanceSpan: SourceSpan,
): { readonly allowed: true } | { readonly allowed: false; readonly reason: string } => {
  const inside =
    own.path === instanceSpan.path &&
    instanceSpan.startLine <= own.startLine &&
    own.endLine <= instanceSpan.endLine &&
    !(own.startLine === instanceSpan.startLine && own.endLine === instanceSpan.endLine)
  if (inside) return { allowed: true }
  const name = node.isComponent ? node.name : `<${node.name}>`
  return {
    allowed: false,
    reason: `Not before or after: ${name} is the top of ${instance.name}'s render (${own.path}), not a child <${instance.name}> is given in ${instanceSpan.path}. Select ${instance.name} to add beside it.`,
  }
}

/**
 * What the source said about the selection's parent instance (EditorSession.checkBeside): whether
 * a sibling can be written beside it there.
 */
export interface BesideVerdict {
  readonly key: string
  readonly status: "checking" | "allowed" | "refused"
  readonly reason: string | null
}

/**
 * The positions Add element offers for the selected node, in the menu's order. Beside a node whose
 * parent is a component instance: only once the source has said it is among the instance's
 * children (`verdict`).
 */
export const insertPositionsFor = (
  nodes: ReadonlyMap<string, TreeNode>,
  key: string | null,
  verdict: BesideVerdict | null = null,
): ReadonlyArray<InsertPosition> => {
  const node = key === null ? undefined : nodes.get(key)
  if (!node || codebaseIdOf(node.key) === undefined) return []
  const beside =
    siblingParentId(nodes, node) !== undefined ||
    (parentInstanceOf(nodes, node) !== undefined &&
      verdict?.key === node.key &&
      verdict.status === "allowed")
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
  verdict: BesideVerdict | null = null,
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
  // Beside a child an instance renders as given, the new element is written among the instance's
  // children (the server places it by the sibling, in the sibling's file).
  const instance =
    verdict?.key === key && verdict.status === "allowed" ? parentInstanceOf(nodes, node) : undefined
  const parent = siblingParentId(nodes, node) ?? codebaseIdOf(instance?.key)
  if (parent === undefined) return undefined
  return position === "before"
    ? { codebaseIdToAddTo: parent, beforeCodebaseId: id }
    : { codebaseIdToAddTo: parent, afterCodebaseId: id }
}
