/**
 * Where a layer dragged over another lands: above it (its top quarter), below it (its bottom
 * quarter) or inside it (between, when it can hold children; else the nearer edge). The drop
 * goes through the MOVE_JSX edit (structure-edits.ts) and is refused there where the source
 * cannot take it (into its own subtree, across files).
 */
import type { DropPosition } from "../editing/structure-edits.ts"

export const LAYER_DRAG_TYPE = "application/x-colorday-layer"

export interface DropTarget {
  readonly key: string
  readonly position: DropPosition
}

export const dropPositionAt = (
  pointerY: number,
  box: { readonly top: number; readonly height: number },
  canHoldChildren: boolean,
): DropPosition => {
  const ratio = box.height > 0 ? (pointerY - box.top) / box.height : 0.5
  if (canHoldChildren) {
    if (ratio < 0.25) return "before"
    if (ratio > 0.75) return "after"
    return "inside"
  }
  return ratio < 0.5 ? "before" : "after"
}
