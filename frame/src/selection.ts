/** Selection rules (§4, §5): single, then multi by shift-click on siblings; click again to edit. */
import { parentPath, parseKey } from "./codebase-ids.ts"
import type { NavTree } from "./nav-tree.ts"

export interface Selection {
  readonly selected: string | null
  /** Empty, or two or more sibling keys (the selected one among them). */
  readonly multi: ReadonlyArray<string>
}

/** Two different elements under the same parent: in the nav tree, else by their DOM paths. */
export const areSiblings = (a: string, b: string, tree: NavTree | undefined): boolean => {
  if (a === b) return false
  const nodeA = tree?.nodes.get(a)
  const nodeB = tree?.nodes.get(b)
  if (nodeA && nodeB) return nodeA.parent !== null && nodeA.parent === nodeB.parent
  const pathA = parseKey(a)?.uniquePath
  const pathB = parseKey(b)?.uniquePath
  if (pathA === undefined || pathB === undefined) return false
  const parentA = parentPath(pathA)
  return parentA !== undefined && parentA === parentPath(pathB) && pathA !== pathB
}

/**
 * A shift-click: adds or removes a sibling of the current selection; anything else (no
 * selection, the selected element itself, a non-sibling) leaves the selection as it was.
 */
export const shiftSelect = (
  current: Selection,
  clicked: string,
  tree: NavTree | undefined,
): Selection => {
  const { selected, multi } = current
  if (selected === null) return { selected: clicked, multi: [] }
  const members = multi.length > 0 ? multi : [selected]
  if (members.includes(clicked)) {
    if (members.length === 1) return current
    const remaining = members.filter((key) => key !== clicked)
    const nextSelected = selected === clicked ? (remaining[0] ?? null) : selected
    return { selected: nextSelected, multi: remaining.length > 1 ? remaining : [] }
  }
  if (!areSiblings(selected, clicked, tree)) return current
  return { selected, multi: [...members, clicked] }
}

/**
 * A plain click: a new single selection. It never starts text editing (a double-click or Enter
 * does, as in design tools), so a click on the selected element cannot put its text at the mercy
 * of the next Delete.
 */
export const plainClick = (
  _current: Selection,
  clicked: string,
): { readonly selection: Selection } => ({
  selection: { selected: clicked, multi: [] },
})
