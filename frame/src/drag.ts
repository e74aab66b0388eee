/** Dragging (§4): the threshold, and where among its siblings a dragged element would land. */
import { DRAG_THRESHOLD_PX } from "./constants.ts"
import type { PageBoundingBox } from "./nav-tree.ts"
import type { DragContext } from "./state.ts"

/** 20 px divided by the zoom: the same distance on the parent's canvas at any zoom. */
export const dragThreshold = (zoom: number): number => DRAG_THRESHOLD_PX / zoom

export const reachedDragThreshold = (
  context: Pick<DragContext, "pageX" | "pageY">,
  pageX: number,
  pageY: number,
  zoom: number,
): boolean => Math.hypot(pageX - context.pageX, pageY - context.pageY) >= dragThreshold(zoom)

export type FlowAxis = "horizontal" | "vertical"

/** Flex rows run left to right (or right to left when reversed); everything else top down. */
export const flowOf = (
  display: string,
  flexDirection: string,
): { readonly axis: FlowAxis; readonly reversed: boolean } => {
  const flex = display.includes("flex")
  const direction = flex ? flexDirection : "column"
  return {
    axis: direction.startsWith("row") ? "horizontal" : "vertical",
    reversed: direction.endsWith("-reverse"),
  }
}

export interface SiblingBox {
  readonly key: string
  readonly box: PageBoundingBox
}

export interface DropPosition {
  /** Index among the siblings (the dragged element left out) the element would take. */
  readonly index: number
  readonly beforeKey: string | null
  readonly afterKey: string | null
}

/** The drop position for a pointer at (pageX, pageY) among `siblings`, in DOM order. */
export const dropPosition = (
  siblings: ReadonlyArray<SiblingBox>,
  pageX: number,
  pageY: number,
  display: string,
  flexDirection: string,
): DropPosition => {
  const { axis, reversed } = flowOf(display, flexDirection)
  const pointer = axis === "horizontal" ? pageX : pageY
  let index = 0
  for (const { box } of siblings) {
    const middle = axis === "horizontal" ? box.pageX + box.width / 2 : box.pageY + box.height / 2
    if (reversed ? middle > pointer : middle < pointer) index += 1
  }
  return {
    index,
    beforeKey: siblings[index]?.key ?? null,
    afterKey: index > 0 ? (siblings[index - 1]?.key ?? null) : null,
  }
}

/** Pointer lock requested and released at once (§4): the cursor resets, the drag goes on. */
export const blinkPointerLock = (element: Element): void => {
  const doc = element.ownerDocument
  try {
    const result: unknown =
      typeof element.requestPointerLock === "function" ? element.requestPointerLock() : undefined
    if (result instanceof Promise) result.catch(() => undefined)
    doc.exitPointerLock?.()
  } catch {
    // Not allowed here (no user gesture, or not supported): the drag works without it.
  }
}
