/** What the overlay draws, read from the frame's memory: the selected, hovered and moved outlines. */
import { codebaseIdOfKey } from "./codebase-ids.ts"
import type { FrameLookups } from "./frame-lookups.ts"
import { pageBoxOf } from "./nav-tree.ts"
import type { OutlineTarget, OverlayModel } from "./overlay.ts"
import { contentProbe } from "./overlay-labels.ts"
import { type FrameState, zoomFactor } from "./state.ts"
import { MOVED_AWAY_CLASS } from "./temporary.ts"

export const overlayModelOf = (state: FrameState, lookups: FrameLookups): OverlayModel => {
  const { boxOfKey, elementsOfId, elementsOfKey, isComponentKey, nameOfKey, textOf } = lookups
  const target = (key: string): OutlineTarget | undefined => {
    const box = boxOfKey(key)
    return box ? { box, isComponent: isComponentKey(key) } : undefined
  }
  const zoom = zoomFactor(state)
  const selectedKeys =
    state.multiSelectedElementKeys.length > 0
      ? state.multiSelectedElementKeys
      : state.selectedElementKey
        ? [state.selectedElementKey]
        : []
  const selected = selectedKeys.flatMap((key) => {
    const found = target(key)
    return found ? [{ ...found, name: nameOfKey(key) }] : []
  })
  const single = selectedKeys.length === 1 ? selectedKeys[0] : undefined
  const children: Array<OutlineTarget> = []
  const secondary: Array<OutlineTarget> = []
  let editDynamicText = false
  let resizable = false
  if (single !== undefined) {
    // Not the page itself, nor while its text is typed in or it is being moved.
    const ownId = codebaseIdOfKey(single)
    resizable =
      ownId !== undefined &&
      !ownId.startsWith("STORYBOARD") &&
      state.textEdit === undefined &&
      state.dragContext?.dragging !== true
    for (const child of state.navTree?.nodes.get(single)?.children ?? []) {
      const found = target(child.tempoElementKey)
      if (found) children.push(found)
    }
    const id = codebaseIdOfKey(single)
    const own = new Set(elementsOfKey(single))
    if (id !== undefined && !id.startsWith("STORYBOARD")) {
      for (const element of elementsOfId(id)) {
        if (!own.has(element) && !element.classList.contains(MOVED_AWAY_CLASS)) {
          secondary.push({ box: pageBoxOf(element), isComponent: isComponentKey(single) })
        }
      }
    }
    const text = textOf(single)
    editDynamicText = text.hasText && !text.editable && state.textEdit === undefined
  }
  const hovered = state.hoveredElementKey
  const hover = hovered !== null && !selectedKeys.includes(hovered) ? target(hovered) : undefined
  let move: OutlineTarget | undefined
  const drag = state.dragContext
  if (drag?.dragging && state.mousePosition) {
    const found = target(drag.elementKey)
    if (found) {
      move = {
        isComponent: found.isComponent,
        box: {
          ...found.box,
          pageX: state.mousePosition.pageX - drag.offsetX,
          pageY: state.mousePosition.pageY - drag.offsetY,
        },
      }
    }
  }
  const selectedElements = selectedKeys.flatMap((key) => elementsOfKey(key))
  const doc = selectedElements[0]?.ownerDocument
  return {
    zoom,
    aiContext: state.aiContext,
    driveMode: state.driveMode,
    selected,
    children,
    secondary,
    hover,
    move,
    editDynamicText,
    resizable,
    textEditing: single !== undefined && state.textEdit?.key === single,
    ...(doc ? { contentAt: contentProbe(doc, selectedElements) } : {}),
  }
}
