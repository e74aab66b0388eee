/**
 * Dragging an element among its siblings: the drag's context from mousedown, the drag itself once
 * past the threshold, and the drop (DRAG_END) or its cancel (DRAG_CANCEL) told to the parent.
 */
import { blinkPointerLock, dropPosition } from "./drag.ts"
import type { FrameContext } from "./frame-context.ts"

export interface DragController {
  readonly beginDragContext: (key: string, pageX: number, pageY: number, dragging: boolean) => void
  readonly startDragging: () => void
  readonly endDrag: () => void
  readonly cancelDrag: () => void
  /** Whether the click that follows a drop is to be ignored (once: asking clears it). */
  readonly takeSuppressedClick: () => boolean
}

export const createDragController = (
  context: FrameContext,
  setSelection: (selected: string | null, multi: ReadonlyArray<string>, tell: boolean) => void,
): DragController => {
  const { win, doc, state, send, drawNow } = context
  const { boxOfKey, elementsOfKey } = context.lookups
  let suppressClick = false

  const dragSiblings = (key: string) => {
    const node = state.navTree?.nodes.get(key)
    const parent = node?.parent ? state.navTree?.nodes.get(node.parent) : undefined
    const all = parent?.children ?? []
    return {
      originalIndex: all.findIndex((child) => child.tempoElementKey === key),
      siblings: all
        .filter((child) => child.tempoElementKey !== key)
        .flatMap((child) => {
          const box = boxOfKey(child.tempoElementKey)
          return box ? [{ key: child.tempoElementKey, box }] : []
        }),
    }
  }

  const beginDragContext = (key: string, pageX: number, pageY: number, dragging: boolean) => {
    const box = boxOfKey(key)
    const node = state.navTree?.nodes.get(key)
    const parentElement = elementsOfKey(key)[0]?.parentElement
    const parentStyle = parentElement ? win.getComputedStyle(parentElement) : undefined
    state.dragContext = {
      elementKey: key,
      pageX,
      pageY,
      offsetX: box ? pageX - box.pageX : 0,
      offsetY: box ? pageY - box.pageY : 0,
      parentSelectedElementKey: node?.parent ?? null,
      selectedParentDisplay: parentStyle?.display ?? "block",
      selectedParentFlexDirection: parentStyle?.flexDirection ?? "row",
      dragging,
    }
  }

  const startDragging = () => {
    const drag = state.dragContext
    if (!drag || drag.dragging || state.aiContext) return
    drag.dragging = true
    blinkPointerLock(doc.body)
    if (state.selectedElementKey !== drag.elementKey) setSelection(drag.elementKey, [], true)
    send("DRAG_START", { elementKey: drag.elementKey })
    drawNow()
  }

  const currentDrop = () => {
    const drag = state.dragContext
    const mouse = state.mousePosition
    if (!drag || !mouse) return undefined
    const { siblings, originalIndex } = dragSiblings(drag.elementKey)
    const drop = dropPosition(
      siblings,
      mouse.pageX,
      mouse.pageY,
      drag.selectedParentDisplay,
      drag.selectedParentFlexDirection,
    )
    return { ...drop, moved: drop.index !== originalIndex }
  }

  const endDrag = () => {
    const drag = state.dragContext
    // The drop position is read from the drag's context, so before the context is cleared.
    const drop = drag?.dragging ? (currentDrop() ?? null) : null
    state.dragContext = undefined
    if (!drag?.dragging) return
    suppressClick = true
    send("DRAG_END", {
      elementKey: drag.elementKey,
      parentElementKey: drag.parentSelectedElementKey,
      beforeElementKey: drop?.beforeKey ?? null,
      afterElementKey: drop?.afterKey ?? null,
      index: drop?.index ?? null,
      moved: drop?.moved ?? false,
    })
    drawNow()
  }

  const cancelDrag = () => {
    const drag = state.dragContext
    state.dragContext = undefined
    if (drag?.dragging) {
      send("DRAG_CANCEL", { elementKey: drag.elementKey })
      drawNow()
    }
  }

  const takeSuppressedClick = () => {
    if (!suppressClick) return false
    suppressClick = false
    return true
  }

  return { beginDragContext, startDragging, endDrag, cancelDrag, takeSuppressedClick }
}
