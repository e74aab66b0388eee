/**
 * The page's pointer and keyboard events, caught before the app sees them: hover, click to select,
 * drag, text editing keys, and what the parent is told of them (mouse, keys, wheel, context menu).
 */
import { storyboardKey } from "./codebase-ids.ts"
import { FRAME_OWNED_ATTRIBUTE } from "./constants.ts"
import type { DragController } from "./drag-controller.ts"
import { reachedDragThreshold } from "./drag.ts"
import { nearestKeyed } from "./elements.ts"
import type { FrameContext } from "./frame-context.ts"
import type { ResizeController } from "./resize.ts"
import { plainClick, shiftSelect } from "./selection.ts"
import { zoomFactor } from "./state.ts"
import type { TextEditing } from "./text-editing.ts"

/** Whether a node belongs to the frame itself (the overlay, its styles), not to the app. */
export const isFrameOwned = (node: EventTarget | null) =>
  node instanceof Element && node.closest(`[${FRAME_OWNED_ATTRIBUTE}]`) !== null

export interface PageEventDeps {
  readonly cleanups: Array<() => void>
  readonly redraw: { readonly call: () => void }
  readonly redrawThrottled: () => void
  readonly setSelection: (
    selected: string | null,
    multi: ReadonlyArray<string>,
    tell: boolean,
  ) => void
  readonly sendHrefIfChanged: () => void
  readonly textEditing: TextEditing
  readonly drag: DragController
  readonly resize: Pick<ResizeController, "takeSuppressedClick">
  /**
   * An element was selected by a click: if the nav tree does not have it yet (the page changed
   * since it was built), one that has it is built now rather than after the usual delay, so the
   * parent, which needs the tree to act on the selection, has it at once.
   */
  readonly treeFor: (key: string) => void
}

/** What the parent's synthetic mouse events (the callable functions) drive as real ones do. */
export interface PagePointer {
  readonly mouseAt: (pageX: number, pageY: number, clientX: number, clientY: number) => void
  readonly pointerMoved: (target: Element | null, buttons: number) => void
  readonly hoverAt: (target: Element | null) => void
}

export const listenToPage = (context: FrameContext, deps: PageEventDeps): PagePointer => {
  const { win, state, send } = context
  const { cleanups, redraw, redrawThrottled, setSelection, sendHrefIfChanged } = deps
  const { startTextEdit, endTextEdit, editingElement } = deps.textEditing
  const { beginDragContext, startDragging, endDrag, cancelDrag } = deps.drag
  const { textOf } = context.lookups

  const mouseAt = (pageX: number, pageY: number, clientX: number, clientY: number) => {
    state.mousePosition = { pageX, pageY, clientX, clientY }
  }

  const pointerMoved = (target: Element | null, buttons: number) => {
    const mouse = state.mousePosition
    if (!mouse) return
    send("MOUSE_MOVE", mouse)
    if (state.driveMode) return
    const drag = state.dragContext
    if (drag) {
      // The button went up outside the frame: the drag is lost.
      if (buttons === 0) {
        cancelDrag()
        return
      }
      if (
        !drag.dragging &&
        reachedDragThreshold(drag, mouse.pageX, mouse.pageY, zoomFactor(state))
      ) {
        startDragging()
      }
      if (drag.dragging) {
        redrawThrottled()
        return
      }
    }
    hoverAt(target)
  }

  const hoverAt = (target: Element | null) => {
    if (state.driveMode) return
    const keyed =
      target && !isFrameOwned(target) ? nearestKeyed(target, state.storyboardId) : undefined
    const key = keyed?.key ?? null
    if (key === state.hoveredElementKey) return
    state.hoveredElementKey = key
    send("HOVERED_ELEMENT_KEY", { elementKey: key })
    redraw.call()
  }

  const clickOn = (target: Element, shiftKey: boolean) => {
    const keyed = nearestKeyed(target, state.storyboardId)
    // Nothing with a codebase id under the pointer: the storyboard itself is selected.
    const key = keyed?.key ?? storyboardKey(state.storyboardId)
    const current = { selected: state.selectedElementKey, multi: state.multiSelectedElementKeys }
    if (shiftKey) {
      const next = shiftSelect(current, key, state.navTree)
      if (next.selected === current.selected && next.multi.join() === current.multi.join()) return
      setSelection(next.selected, next.multi, true)
      deps.treeFor(key)
      return
    }
    const { selection } = plainClick(current, key)
    setSelection(selection.selected, selection.multi, true)
    deps.treeFor(key)
  }

  /** Text editing starts on purpose: a double-click, or Enter on the selection; never on `{title}`. */
  const editTextOf = (key: string) => {
    if (!textOf(key).editable) return false
    if (state.selectedElementKey !== key || state.multiSelectedElementKeys.length > 0) {
      setSelection(key, [], true)
    }
    startTextEdit(key)
    return true
  }

  const listen = <K extends keyof WindowEventMap>(
    type: K,
    handler: (event: WindowEventMap[K]) => void,
    listenerOptions: AddEventListenerOptions = { capture: true },
  ) => {
    win.addEventListener(type, handler, listenerOptions)
    cleanups.push(() => win.removeEventListener(type, handler, listenerOptions))
  }

  const insideEditing = (event: Event) => {
    const editing = editingElement()
    return editing !== undefined && event.target instanceof Node && editing.contains(event.target)
  }

  listen("mousemove", (event) => {
    mouseAt(event.pageX, event.pageY, event.clientX, event.clientY)
    pointerMoved(event.target instanceof Element ? event.target : null, event.buttons)
  })
  listen("mousedown", (event) => {
    if (
      state.driveMode ||
      event.button !== 0 ||
      insideEditing(event) ||
      isFrameOwned(event.target)
    ) {
      return
    }
    event.preventDefault()
    event.stopPropagation()
    // preventDefault keeps the browser from focusing the frame: a press in the canvas gives it
    // the keys (Enter edits the selection's text; the shortcuts are forwarded) as a click would.
    win.focus()
    if (state.textEdit) endTextEdit()
    mouseAt(event.pageX, event.pageY, event.clientX, event.clientY)
    const keyed =
      event.target instanceof Element ? nearestKeyed(event.target, state.storyboardId) : undefined
    if (keyed) beginDragContext(keyed.key, event.pageX, event.pageY, false)
  })
  listen("mouseup", (event) => {
    if (state.driveMode || insideEditing(event)) return
    if (state.dragContext?.dragging) {
      event.preventDefault()
      event.stopPropagation()
      endDrag()
      return
    }
    state.dragContext = undefined
  })
  listen("click", (event) => {
    if (state.driveMode || insideEditing(event) || isFrameOwned(event.target)) return
    event.preventDefault()
    event.stopPropagation()
    if (deps.drag.takeSuppressedClick() || deps.resize.takeSuppressedClick()) return
    if (event.target instanceof Element) clickOn(event.target, event.shiftKey)
  })
  listen("dblclick", (event) => {
    if (state.driveMode || insideEditing(event) || isFrameOwned(event.target)) return
    event.preventDefault()
    event.stopPropagation()
    const keyed =
      event.target instanceof Element ? nearestKeyed(event.target, state.storyboardId) : undefined
    if (keyed) editTextOf(keyed.key)
  })
  listen("contextmenu", (event) => {
    if (state.driveMode) return
    event.preventDefault()
    const keyed =
      event.target instanceof Element ? nearestKeyed(event.target, state.storyboardId) : undefined
    send("CONTEXT_MENU", {
      clientX: event.clientX,
      clientY: event.clientY,
      pageX: event.pageX,
      pageY: event.pageY,
      elementKey: keyed?.key ?? null,
    })
  })
  const keyPayload = (event: KeyboardEvent) => ({
    key: event.key,
    code: event.code,
    metaKey: event.metaKey,
    ctrlKey: event.ctrlKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    repeat: event.repeat,
  })
  listen("keydown", (event) => {
    const editing = editingElement()
    if (editing && state.textEdit) {
      if (event.key === "Escape") {
        editing.textContent = state.textEdit.originalText
        ;(editing as HTMLElement).blur()
      } else if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault()
        ;(editing as HTMLElement).blur()
      }
      return // typing is not forwarded
    }
    const plain = !event.metaKey && !event.ctrlKey && !event.altKey && !event.shiftKey
    const selected = state.selectedElementKey
    if (event.key === "Enter" && plain && !state.driveMode && selected && editTextOf(selected)) {
      event.preventDefault()
      return
    }
    send("KEY_DOWN", keyPayload(event))
  })
  listen("keyup", (event) => {
    if (state.textEdit) return
    send("KEY_UP", keyPayload(event))
  })
  listen(
    "wheel",
    (event) => {
      // Pinch and ctrl-wheel zoom the parent's canvas, not the app.
      if (event.ctrlKey || event.metaKey) event.preventDefault()
      send("WHEEL", {
        deltaX: event.deltaX,
        deltaY: event.deltaY,
        deltaMode: event.deltaMode,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        clientX: event.clientX,
        clientY: event.clientY,
      })
    },
    { capture: true, passive: false },
  )
  listen("focusout", (event) => {
    if (insideEditing(event)) endTextEdit()
  })
  listen("scroll", () => redrawThrottled())
  listen("resize", () => redrawThrottled())
  listen("popstate", () => sendHrefIfChanged())
  listen("hashchange", () => sendHrefIfChanged())

  return { mouseAt, pointerMoved, hoverAt }
}
