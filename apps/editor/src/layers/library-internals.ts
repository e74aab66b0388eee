/**
 * Library internals in Layers: the elements of the app's UI kit files whose tags come from a
 * package in node_modules (shadcn's `<SlotPrimitive.Slot>`, `<DialogPrimitive.Portal>`, Radix's
 * `Primitive.div`, context providers). They sit between the user's elements and what they render,
 * deepening every branch, so Layers hides them by default and shows their children in their place;
 * the "Show library internals" switch lists them again.
 */
import type { TreeNode } from "../frame/nav-tree.ts"

/** Namespaces that only packages export (`Slot.Slot`, `DialogPrimitive.Root`, `Primitive.div`). */
const LIBRARY_NAMESPACE = /^(Slot|Primitive|[A-Z][A-Za-z0-9]*Primitive|Radix[A-Za-z0-9]*)$/
/** Radix's building blocks, by the names their components carry at runtime. */
const LIBRARY_PARTS = new Set([
  "Slot",
  "SlotClone",
  "Slottable",
  "Primitive",
  "Presence",
  "Portal",
  "FocusScope",
  "FocusGuards",
  "DismissableLayer",
  "DismissableLayerBranch",
  "VisuallyHidden",
  "RovingFocusGroup",
  "RovingFocusGroupItem",
  "CollectionProvider",
  "CollectionSlot",
  "CollectionItemSlot",
  "Popper",
  "PopperAnchor",
  "PopperContent",
  "RemoveScroll",
])
/** What only wires the tree together: providers, consumers and contexts. */
const WIRING = /(Provider|Consumer|Context)$/

/**
 * Whether a layer is a library internal. A component the app's own files export (`appComponents`,
 * from the canvas's component list) never is, whatever its name.
 */
export const isLibraryInternal = (
  node: TreeNode,
  appComponents: ReadonlySet<string> = new Set(),
): boolean => {
  if (!node.isComponent) return false
  const name = node.name
  if (appComponents.has(name)) return false
  const dot = name.indexOf(".")
  if (dot > 0) {
    const namespace = name.slice(0, dot)
    const part = name.slice(dot + 1)
    if (LIBRARY_NAMESPACE.test(namespace)) return true
    if (LIBRARY_PARTS.has(part)) return true
  }
  return LIBRARY_PARTS.has(name) || WIRING.test(name)
}

/** A row of Layers: a node and the rows under it, internals left out unless shown. */
export interface Layer {
  readonly node: TreeNode
  readonly children: ReadonlyArray<Layer>
}

/**
 * The rows Layers lists for `nodes`: each node with its rows, except that a library internal
 * (unless `showInternals`) gives way to its own rows, lifted into its place.
 */
export const visibleLayers = (
  nodes: ReadonlyArray<TreeNode>,
  showInternals: boolean,
  appComponents: ReadonlySet<string> = new Set(),
): ReadonlyArray<Layer> =>
  nodes.flatMap((node): ReadonlyArray<Layer> => {
    const children = visibleLayers(node.children, showInternals, appComponents)
    if (!showInternals && isLibraryInternal(node, appComponents)) return children
    return [{ node, children }]
  })

/** How many layers the switch hides in the tree. */
export const countInternals = (
  nodes: ReadonlyArray<TreeNode>,
  appComponents: ReadonlySet<string> = new Set(),
): number =>
  nodes.reduce(
    (sum, node) =>
      sum +
      (isLibraryInternal(node, appComponents) ? 1 : 0) +
      countInternals(node.children, appComponents),
    0,
  )

/** The indentation of a row at `depth`: full steps near the top, narrower ones deeper down. */
export const indentOf = (depth: number): number => {
  const FULL_STEPS = 6
  return 4 + Math.min(depth, FULL_STEPS) * 12 + Math.max(0, depth - FULL_STEPS) * 6
}
