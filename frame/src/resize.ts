/**
 * Resizing the selection by its handles (issue 21): the right edge, the bottom edge and the
 * bottom-right corner. While the pointer drags a handle the element's size is previewed as an
 * inline style; on release the parent is told the new size (RESIZE_END) and writes it as a class.
 * The inline preview stays until the parent's own preview of that class is in place
 * (endResizePreview), so the element never jumps back in between.
 */
import { Z_INDEX } from "./constants.ts"
import type { FrameContext } from "./frame-context.ts"
import type { PageBoundingBox } from "./nav-tree.ts"

export const RESIZE_HANDLES = ["right", "bottom", "corner"] as const
export type ResizeHandle = (typeof RESIZE_HANDLES)[number]

/** A handle's side in px at 100% zoom; drawn divided by the zoom, as the outlines are. */
export const HANDLE_SIZE_PX = 8

export interface Size {
  readonly width: number
  readonly height: number
}

/**
 * The size a drag of `handle` by (dx, dy) page pixels gives an element of size `start`: the right
 * edge changes the width only, the bottom edge the height only, the corner both; `keepRatio`
 * (Shift) keeps the corner's width to height ratio. Whole pixels, never below 1.
 */
export const resizedSize = (
  start: Size,
  handle: ResizeHandle,
  dx: number,
  dy: number,
  keepRatio = false,
): Size => {
  const atLeastOne = (value: number) => Math.max(1, Math.round(value))
  let width = handle === "bottom" ? start.width : start.width + dx
  let height = handle === "right" ? start.height : start.height + dy
  if (keepRatio && handle === "corner" && start.width > 0 && start.height > 0) {
    const ratio = start.width / start.height
    // The axis moved further (relative to its size) leads; the other follows.
    if (Math.abs(dx) / start.width >= Math.abs(dy) / start.height) height = width / ratio
    else width = height * ratio
  }
  return { width: atLeastOne(width), height: atLeastOne(height) }
}

/** Which of width and height a handle changes. */
export const axesOf = (handle: ResizeHandle) => ({
  width: handle !== "bottom",
  height: handle !== "right",
})

const CURSORS: Readonly<Record<ResizeHandle, string>> = {
  right: "ew-resize",
  bottom: "ns-resize",
  corner: "nwse-resize",
}

/** Where each handle sits on `box`: centred on its edge, or on the corner. */
export const handleBox = (box: PageBoundingBox, handle: ResizeHandle, zoom: number) => {
  const size = HANDLE_SIZE_PX / zoom
  const right = box.pageX + box.width - size / 2
  const bottom = box.pageY + box.height - size / 2
  switch (handle) {
    case "right":
      return { left: right, top: box.pageY + box.height / 2 - size / 2, size }
    case "bottom":
      return { left: box.pageX + box.width / 2 - size / 2, top: bottom, size }
    case "corner":
      return { left: right, top: bottom, size }
  }
}

/** The handles of the selected element's box, drawn into the overlay's layer. */
export const drawResizeHandles = (
  root: HTMLElement,
  box: PageBoundingBox,
  zoom: number,
  colour: string,
  onStart: (handle: ResizeHandle, event: MouseEvent) => void,
): void => {
  const doc = root.ownerDocument
  for (const handle of RESIZE_HANDLES) {
    const { left, top, size } = handleBox(box, handle, zoom)
    const element = doc.createElement("div")
    element.dataset.resizeHandle = handle
    element.setAttribute("aria-hidden", "true")
    Object.assign(element.style, {
      position: "absolute",
      boxSizing: "border-box",
      left: `${left}px`,
      top: `${top}px`,
      width: `${size}px`,
      height: `${size}px`,
      background: "#ffffff",
      border: `${1 / zoom}px solid ${colour}`,
      borderRadius: `${2 / zoom}px`,
      cursor: CURSORS[handle],
      pointerEvents: "auto",
      zIndex: String(Z_INDEX.primary),
    })
    element.addEventListener("mousedown", (event) => {
      if (event.button !== 0) return
      event.preventDefault()
      event.stopPropagation()
      onStart(handle, event)
    })
    root.appendChild(element)
  }
}

interface Saved {
  readonly element: HTMLElement
  readonly width: readonly [string, string]
  readonly height: readonly [string, string]
}

export interface ResizeController {
  /** Starts resizing the selected element by `handle` (a handle's mousedown). */
  readonly begin: (handle: ResizeHandle, event: MouseEvent) => void
  /** Whether a handle is being dragged now. */
  readonly active: () => boolean
  /** Whether the click that follows a release is to be ignored (once: asking clears it). */
  readonly takeSuppressedClick: () => boolean
  /** Takes the inline preview away (the parent's preview of the written class has replaced it). */
  readonly endPreview: () => boolean
  readonly dispose: () => void
}

export const createResizeController = (context: FrameContext): ResizeController => {
  const { win, state, send, drawNow } = context
  const { elementsOfKey } = context.lookups
  let saved: Array<Saved> = []
  let drag:
    | {
        readonly key: string
        readonly handle: ResizeHandle
        readonly startX: number
        readonly startY: number
        readonly start: Size
        size: Size
      }
    | undefined

  const restore = () => {
    for (const { element, width, height } of saved) {
      element.style.setProperty("width", width[0], width[1])
      element.style.setProperty("height", height[0], height[1])
    }
    saved = []
  }

  const show = (size: Size) => {
    if (!drag) return
    const axes = axesOf(drag.handle)
    for (const { element } of saved) {
      if (axes.width) element.style.setProperty("width", `${size.width}px`, "important")
      if (axes.height) element.style.setProperty("height", `${size.height}px`, "important")
    }
  }

  const onMove = (event: MouseEvent) => {
    if (!drag) return
    event.preventDefault()
    event.stopPropagation()
    // The button went up outside the frame: the resize is lost, as a drag is.
    if (event.buttons === 0) {
      cancel()
      return
    }
    drag.size = resizedSize(
      drag.start,
      drag.handle,
      event.pageX - drag.startX,
      event.pageY - drag.startY,
      event.shiftKey,
    )
    show(drag.size)
    drawNow()
  }

  const stopListening = () => {
    win.removeEventListener("mousemove", onMove, true)
    win.removeEventListener("mouseup", onUp, true)
    win.removeEventListener("keydown", onKey, true)
  }

  const cancel = () => {
    drag = undefined
    stopListening()
    restore()
    drawNow()
  }

  // The click that follows the release would select what lies under the pointer.
  let suppressClick = false

  const onUp = (event: MouseEvent) => {
    const done = drag
    if (!done) return
    event.preventDefault()
    event.stopPropagation()
    drag = undefined
    stopListening()
    // The click follows this mouseup in the same turn, if it comes at all.
    suppressClick = true
    win.setTimeout(() => (suppressClick = false), 0)
    const axes = axesOf(done.handle)
    const changed =
      (axes.width && done.size.width !== done.start.width) ||
      (axes.height && done.size.height !== done.start.height)
    if (!changed) {
      restore()
      drawNow()
      return
    }
    send("RESIZE_END", {
      elementKey: done.key,
      handle: done.handle,
      ...(axes.width ? { width: done.size.width } : {}),
      ...(axes.height ? { height: done.size.height } : {}),
    })
    drawNow()
  }

  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return
    event.preventDefault()
    event.stopPropagation()
    cancel()
  }

  const begin = (handle: ResizeHandle, event: MouseEvent) => {
    const key = state.selectedElementKey
    if (!key || drag || state.driveMode) return
    const elements = elementsOfKey(key).filter(
      (element): element is HTMLElement => "style" in element,
    )
    const first = elements[0]
    if (!first) return
    // A preview still waiting for the parent's is taken over by this one.
    restore()
    saved = elements.map((element) => ({
      element,
      width: [element.style.getPropertyValue("width"), element.style.getPropertyPriority("width")],
      height: [
        element.style.getPropertyValue("height"),
        element.style.getPropertyPriority("height"),
      ],
    }))
    const rect = first.getBoundingClientRect()
    const start = { width: Math.round(rect.width), height: Math.round(rect.height) }
    drag = { key, handle, startX: event.pageX, startY: event.pageY, start, size: start }
    win.addEventListener("mousemove", onMove, true)
    win.addEventListener("mouseup", onUp, true)
    win.addEventListener("keydown", onKey, true)
  }

  const endPreview = () => {
    if (drag) return false
    const had = saved.length > 0
    restore()
    drawNow()
    return had
  }

  return {
    begin,
    active: () => drag !== undefined,
    takeSuppressedClick: () => {
      const suppressed = suppressClick
      suppressClick = false
      return suppressed
    },
    endPreview,
    dispose: () => {
      stopListening()
      drag = undefined
      restore()
    },
  }
}
