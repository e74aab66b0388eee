/**
 * The frame's controller: frame memory, the overlay, the page's events, the nav tree, instant
 * updates and the messages, wired together. startFrame is called by main.ts only once the
 * frame has decided to run (flags.ts); everything it touches it undoes in dispose().
 */
import { type FrameClock, browserClock } from "./clock.ts"
import { codebaseIdOfKey, parseKey, storyboardKey } from "./codebase-ids.ts"
import {
  FRAME_DEBOUNCE_MS,
  FRAME_OWNED_ATTRIBUTE,
  NAV_TREE_REBUILD_DELAY_MS,
  OUTLINE_UPDATE_THROTTLE_MS,
  STORYBOARD_TYPES,
} from "./constants.ts"
import {
  cssEvals,
  elementClassList,
  previewModifiers,
  processRules,
  ruleMatchesElement,
} from "./css-rules.ts"
import { blinkPointerLock, dropPosition, reachedDragThreshold } from "./drag.ts"
import { applyDriveModeCursor, readDriveMode, writeDriveMode } from "./drive-mode.ts"
import {
  elementsForCodebaseId,
  elementsForKey,
  hostKeyOf,
  nearestKeyed,
  reresolveKey,
} from "./elements.ts"
import { watchErrors } from "./errors.ts"
import type { DebugLog, UrlFlags } from "./flags.ts"
import { debugLogger } from "./flags.ts"
import { inspectElement } from "./inspect.ts"
import { renameElementKey } from "../../domain/editing/element-key.ts"
import { createInstantUpdates, hasVersions } from "./instant-updates.ts"
import { type FunctionTable, type Messenger, createMessenger, executeFunction } from "./messages.ts"
import { type NavTree, type NavTreeBuild, buildNavTree, pageBoxOf, unionBox } from "./nav-tree.ts"
import {
  type OutlineTarget,
  type OverlayModel,
  createOverlayRoot,
  renderOverlay,
} from "./overlay.ts"
import type { ParentMessage } from "./protocol.ts"
import { fiberOf, propsOf } from "./react-fiber.ts"
import { createRefreshScheduler, debounce, hasServerRenderingLoader, throttle } from "./refresh.ts"
import { plainClick, shiftSelect } from "./selection.ts"
import { type FrameState, initialState, zoomFactor } from "./state.ts"
import { MOVED_AWAY_CLASS, PLACEHOLDER_CLASS } from "./temporary.ts"

/** Vite's HMR channel, as far as the frame uses it. */
export interface HotChannel {
  on(event: string, callback: (data: unknown) => void): void
}

/** The custom HMR event the Vite plugin sends when a JSX file changes (vite-plugin.ts). */
export const FILE_VERSION_EVENT = "colorday:file-version"

export interface FrameOptions {
  readonly win: Window
  readonly parent: Window
  readonly parentOrigin: string
  readonly flags: UrlFlags
  readonly clock?: FrameClock | undefined
  readonly hot?: HotChannel | undefined
}

export interface FrameController {
  readonly state: FrameState
  readonly functions: FunctionTable
  /** Resolves when the nav tree build in progress (if any) has finished. */
  navTreeSettled(): Promise<NavTree | undefined>
  handleMessage(message: ParentMessage): void
  dispose(): void
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)
const cssDeclarations = (
  record: Record<string, unknown>,
): Record<string, string | number | null> => {
  const declarations: Record<string, string | number | null> = {}
  for (const [property, value] of Object.entries(record)) {
    if (typeof value === "string" || typeof value === "number" || value === null) {
      declarations[property] = value
    }
  }
  return declarations
}

export const startFrame = (options: FrameOptions): FrameController => {
  const { win, flags } = options
  const doc = win.document
  const clock = options.clock ?? browserClock(win)
  const debug: DebugLog = debugLogger(flags.debugLog)
  const state = initialState(flags.storyboardId)
  state.driveMode = readDriveMode(win)
  const cleanups: Array<() => void> = []
  const overlayRoot = createOverlayRoot(doc)
  cleanups.push(() => overlayRoot.remove())
  let placeholderCounter = 0
  let lastHref: string | undefined
  let suppressClick = false
  let build: NavTreeBuild | undefined
  /**
   * The version (content hash) of each source file the hot reload has announced
   * (FILE_VERSION_EVENT), and those announced when the current nav tree began to build. A rename
   * of codebase ids (updateCodebaseIds) applies to a page still showing the old version only: once
   * the hot reload of the edited file is under way, React writes the new ids itself, and renaming
   * them again would give an element the id another one had (positional ids are reused).
   */
  const seenVersions = new Map<string, string>()
  let treeVersions = new Map<string, string>()
  /** Whether the parent tells the versions its changes wrote (updateCodebaseIds' second argument). */
  let parentNamesVersions = false
  let buildDone: Promise<NavTree | undefined> = Promise.resolve(undefined)

  // ---- lookups --------------------------------------------------------------------------------

  const elementsOfKey = (key: string) => elementsForKey(doc, state.navTree, key)
  const elementsOfId = (codebaseId: string) => elementsForCodebaseId(doc, state.navTree, codebaseId)
  const keyOf = (element: Element) => hostKeyOf(element, state.storyboardId)
  const isComponentKey = (key: string) => {
    const node = state.navTree?.nodes.get(key)
    if (node) return node.isComponent
    const id = codebaseIdOfKey(key)
    return id !== undefined && state.lookups.get(id)?.isComponent === true
  }
  const boxOfKey = (key: string) => {
    const elements = elementsOfKey(key)
    return elements.length > 0 ? unionBox(elements.map(pageBoxOf)) : undefined
  }
  const nameOfKey = (key: string): string => {
    const node = state.navTree?.nodes.get(key)
    if (node) return node.name
    const id = codebaseIdOfKey(key)
    const known = id === undefined ? undefined : state.lookups.get(id)?.name
    return known ?? elementsOfKey(key)[0]?.tagName.toLowerCase() ?? "element"
  }

  /** Whether the selected element's text can be edited in place, and whether it has text. */
  const textOf = (key: string) => {
    const element = elementsOfKey(key)[0]
    if (!element || isComponentKey(key) || element === doc.body) {
      return { hasText: false, editable: false }
    }
    const onlyText = [...element.childNodes].every((node) => node.nodeType === 3)
    const hasText = onlyText && (element.textContent ?? "").trim() !== ""
    const fiber = fiberOf(element)
    const children = fiber ? propsOf(fiber).children : element.textContent
    const literal = typeof children === "string" || typeof children === "number"
    const id = codebaseIdOfKey(key)
    const dynamic = id !== undefined && state.lookups.get(id)?.dynamicText === true
    return { hasText, editable: hasText && literal && !dynamic }
  }

  // ---- messages -------------------------------------------------------------------------------

  const messenger = createMessenger({
    win,
    parent: options.parent,
    parentOrigin: options.parentOrigin,
    onMessage: (message) => handleMessage(message),
  })
  cleanups.push(() => messenger.dispose())
  const send: Messenger["send"] = (type, payload, replyTo) => {
    debug("send", type, payload)
    messenger.send(type, payload, replyTo)
  }

  const sendSelection = () => {
    send("SELECTED_ELEMENT_KEY", { elementKey: state.selectedElementKey })
    send("MULTI_SELECTED_ELEMENT_KEYS", { elementKeys: state.multiSelectedElementKeys })
  }

  const sendHrefIfChanged = () => {
    const href = win.location.href
    if (href === lastHref) return
    lastHref = href
    send("LATEST_HREF", { href })
  }

  // ---- overlay --------------------------------------------------------------------------------

  const target = (key: string): OutlineTarget | undefined => {
    const box = boxOfKey(key)
    return box ? { box, isComponent: isComponentKey(key) } : undefined
  }

  const overlayModel = (): OverlayModel => {
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
    if (single !== undefined) {
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
    }
  }

  const drawNow = () =>
    renderOverlay(overlayRoot, overlayModel(), () => {
      if (state.selectedElementKey) {
        send("EDIT_DYNAMIC_TEXT", { elementKey: state.selectedElementKey })
      }
    })
  const redraw = debounce(clock, FRAME_DEBOUNCE_MS, drawNow, "outline update")
  const redrawThrottled = throttle(clock, OUTLINE_UPDATE_THROTTLE_MS, drawNow)
  cleanups.push(() => redraw.cancel())

  // ---- selection ------------------------------------------------------------------------------

  const setSelection = (selected: string | null, multi: ReadonlyArray<string>, tell: boolean) => {
    state.selectedElementKey = selected
    state.multiSelectedElementKeys = [...multi]
    if (tell) sendSelection()
    drawNow()
  }

  const restoreSelection = (selected: string | null, multi: ReadonlyArray<string>) => {
    const again = (key: string) => reresolveKey(doc, state.navTree, key)
    const nextSelected = selected === null ? null : (again(selected) ?? null)
    const nextMulti = multi.flatMap((key) => {
      const found = again(key)
      return found ? [found] : []
    })
    const changed =
      nextSelected !== state.selectedElementKey ||
      nextMulti.join() !== state.multiSelectedElementKeys.join()
    setSelection(nextSelected, nextMulti.length > 1 ? nextMulti : [], false)
    return changed
  }

  // ---- text editing ---------------------------------------------------------------------------

  const startTextEdit = (key: string) => {
    const element = elementsOfKey(key)[0]
    if (!(element instanceof HTMLElement)) return
    state.textEdit = { key, originalText: element.textContent ?? "" }
    element.setAttribute("contenteditable", "plaintext-only")
    element.focus()
    const selection = win.getSelection()
    if (selection) {
      const range = doc.createRange()
      range.selectNodeContents(element)
      selection.removeAllRanges()
      selection.addRange(range)
    }
    send("START_EDITING_TEXT", { elementKey: key })
    drawNow()
  }

  const endTextEdit = () => {
    const edit = state.textEdit
    if (!edit) return
    state.textEdit = undefined
    const element = elementsOfKey(edit.key)[0]
    element?.removeAttribute("contenteditable")
    send("EDITED_TEXT", {
      elementKey: edit.key,
      codebaseId: codebaseIdOfKey(edit.key) ?? null,
      newText: element?.textContent ?? "",
      oldText: edit.originalText,
    })
    drawNow()
  }

  const editingElement = (): Element | undefined =>
    state.textEdit ? elementsOfKey(state.textEdit.key)[0] : undefined

  // ---- drag -----------------------------------------------------------------------------------

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

  // ---- pointer and keyboard -------------------------------------------------------------------

  const isFrameOwned = (node: EventTarget | null) =>
    node instanceof Element && node.closest(`[${FRAME_OWNED_ATTRIBUTE}]`) !== null

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
      return
    }
    const { selection, startTextEdit: edit } = plainClick(current, key, textOf(key).editable)
    if (edit) {
      startTextEdit(key)
      return
    }
    setSelection(selection.selected, selection.multi, true)
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
    if (suppressClick) {
      suppressClick = false
      return
    }
    if (event.target instanceof Element) clickOn(event.target, event.shiftKey)
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

  // ---- nav tree and refresh -------------------------------------------------------------------

  const rebuildNavTree = (): Promise<NavTree | undefined> => {
    build?.cancel()
    const versionsAtStart = new Map(seenVersions)
    const names = new Map<string, string>()
    for (const [id, lookup] of state.lookups) if (lookup.name) names.set(id, lookup.name)
    const current = buildNavTree(doc.body, {
      storyboardId: state.storyboardId,
      storyboardName: state.storyboardComponent ?? undefined,
      clock,
      names,
    })
    build = current
    buildDone = current.done.then(
      ({ tree, stats }) => {
        if (build !== current) return state.navTree
        build = undefined
        state.navTree = tree
        treeVersions = versionsAtStart
        state.lastNavTreeRefreshTime = clock.now()
        debug("nav tree built", stats)
        send("NAV_TREE", {
          navTree: tree.root,
          outerHTML: doc.body.outerHTML,
          // The version of each source file this tree's ids belong to, as far as the hot reload
          // told (none before the first): the parent sends them with its edits (seenFileHashes).
          fileVersions: Object.fromEntries(versionsAtStart),
        })
        // The selection as it is now, not as it was when the build began: a click or a rename of
        // codebase ids (updateCodebaseIds) may have come in between, and positional ids are
        // reused, so an older key can name another element by now.
        if (restoreSelection(state.selectedElementKey, state.multiSelectedElementKeys)) {
          sendSelection()
        }
        sendHrefIfChanged()
        return tree
      },
      (error: unknown) => {
        console.error("Error building nav tree", error)
        return undefined
      },
    )
    return buildDone
  }

  const refresh = () => {
    try {
      if (instant.cleanupDue(clock.now())) state.hotReload = false
      void rebuildNavTree()
    } catch (error) {
      console.error("ERROR: Could not re-create nav tree on DOM change", error)
    }
  }

  const scheduler = createRefreshScheduler({
    clock,
    serverRenderingLoader: () => hasServerRenderingLoader(win),
    refresh,
  })
  cleanups.push(() => scheduler.dispose())

  const observer = new MutationObserver((mutations) => {
    if (mutations.every((mutation) => isFrameOwned(mutation.target))) return
    scheduler.domChanged()
  })
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["class", "style"],
    characterData: true,
  })
  cleanups.push(() => observer.disconnect())

  // ---- instant updates ------------------------------------------------------------------------

  const instant = createInstantUpdates({
    doc,
    elementsFor: elementsOfId,
    elementsForKey: elementsOfKey,
    keyOf: (element) => {
      const key = keyOf(element)
      if (key) return key
      // A component's top element: the component's key from the nav tree.
      for (const entry of state.navTree?.lookup.values() ?? []) {
        if (entry.isComponent && entry.elements.includes(element)) return entry.tempoElementKey
      }
      return undefined
    },
    nextId: () => {
      placeholderCounter += 1
      return `${clock.now().toString(36).replace(".", "")}-${placeholderCounter}`
    },
  })
  cleanups.push(() => instant.cleanupAll())

  options.hot?.on(FILE_VERSION_EVENT, (data) => {
    debug("file version", data)
    if (isRecord(data) && typeof data.path === "string" && typeof data.hash === "string") {
      seenVersions.set(data.path, data.hash)
    }
    state.hotReload = true
    instant.hotReloaded(seenVersions, !parentNamesVersions)
    scheduler.domChanged()
  })

  // ---- temporary moves (drag previews driven by the parent) -----------------------------------

  const tempMove = (elementKeyToMove: string, parent: Element, before: Element | null) => {
    const original = elementsOfKey(elementKeyToMove)[0]
    if (!original) return false
    const copy = original.cloneNode(true) as Element
    copy.classList.add(PLACEHOLDER_CLASS)
    original.classList.add(MOVED_AWAY_CLASS)
    parent.insertBefore(copy, before && before.parentElement === parent ? before : null)
    instant.track(`temp-move-${elementKeyToMove}`, () => {
      copy.remove()
      original.classList.remove(MOVED_AWAY_CLASS)
    })
    return true
  }

  // ---- the callable functions -----------------------------------------------------------------

  const keyArg = (value: unknown): string | undefined =>
    str(value) ?? state.selectedElementKey ?? undefined
  const elementArg = (value: unknown): Element | undefined => {
    const key = keyArg(value)
    return key === undefined ? undefined : elementsOfKey(key)[0]
  }

  const synthetic = (value: unknown) => {
    const point = isRecord(value) ? value : {}
    const clientX = typeof point.clientX === "number" ? point.clientX : 0
    const clientY = typeof point.clientY === "number" ? point.clientY : 0
    mouseAt(clientX + win.scrollX, clientY + win.scrollY, clientX, clientY)
    const at =
      typeof doc.elementFromPoint === "function" ? doc.elementFromPoint(clientX, clientY) : null
    return at
  }

  const functions: FunctionTable = {
    initProject: (settings) => {
      const values = isRecord(settings) ? settings : {}
      const storyboardId = str(values.storyboardId)
      if (storyboardId !== undefined && /^[A-Za-z0-9-]+$/.test(storyboardId)) {
        state.storyboardId = storyboardId
      }
      const type = str(values.storyboardType)
      if (type !== undefined && (STORYBOARD_TYPES as ReadonlyArray<string>).includes(type)) {
        state.storyboardType = type as FrameState["storyboardType"]
      }
      state.storyboardComponent = str(values.storyboardComponent) ?? state.storyboardComponent
      state.savedComponentFilename =
        str(values.savedComponentFilename) ?? state.savedComponentFilename
      state.originalStoryboardUrl = str(values.originalStoryboardUrl) ?? win.location.href
      if (typeof values.zoomPerc === "number") state.zoomPerc = values.zoomPerc
      if (typeof values.aiContext === "boolean") state.aiContext = values.aiContext
      scheduler.refreshNow()
      sendHrefIfChanged()
      return { storyboardId: state.storyboardId, storyboardType: state.storyboardType }
    },
    setNewLookups: (lookups) => {
      state.lookups = new Map()
      if (isRecord(lookups)) {
        for (const [id, value] of Object.entries(lookups)) {
          if (isRecord(value)) state.lookups.set(id, value)
        }
      }
      redraw.call()
      return state.lookups.size
    },
    enableDriveMode: () => {
      state.driveMode = true
      writeDriveMode(win, true)
      state.hoveredElementKey = null
      send("HOVERED_ELEMENT_KEY", { elementKey: null })
      applyDriveModeCursor(doc, true)
      if (state.textEdit) endTextEdit()
      drawNow()
      return true
    },
    disableDriveMode: () => {
      state.driveMode = false
      writeDriveMode(win, false)
      applyDriveModeCursor(doc, false)
      drawNow()
      return false
    },
    setHoveredElement: (key) => {
      state.hoveredElementKey = str(key) ?? null
      redraw.call()
      return state.hoveredElementKey
    },
    setSelectedElement: (key) => {
      if (state.textEdit) endTextEdit()
      setSelection(str(key) ?? null, [], false)
      return state.selectedElementKey
    },
    setMultiselectedElementKeys: (keys) => {
      const list = Array.isArray(keys) ? keys.filter((k): k is string => typeof k === "string") : []
      setSelection(list[0] ?? state.selectedElementKey, list.length > 1 ? list : [], false)
      return state.multiSelectedElementKeys
    },
    processRulesForSelectedElement: (key) => {
      const element = elementArg(key)
      const rules = element ? processRules(element) : []
      send("PROCESSED_CSS_RULES", { elementKey: keyArg(key) ?? null, rules })
      return rules
    },
    setModifiersForSelectedElement: (modifiers, key) => {
      const list = Array.isArray(modifiers)
        ? modifiers.filter((m): m is string => typeof m === "string")
        : []
      state.modifiers = list
      const element = elementArg(key)
      if (element) previewModifiers(element, list, instant.sheet())
      return list
    },
    getCssEvals: (key) => {
      const element = elementArg(key)
      const evals = element ? cssEvals(element) : null
      send("CSS_EVALS", { elementKey: keyArg(key) ?? null, cssEvals: evals })
      return evals
    },
    ruleMatchesElement: (selector, key) => {
      const element = elementArg(key)
      return typeof selector === "string" && element ? ruleMatchesElement(element, selector) : false
    },
    getElementClassList: (key) => {
      const element = elementArg(key)
      const classList = element ? elementClassList(element) : []
      send("ELEMENT_CLASS_LIST", { elementKey: keyArg(key) ?? null, classList })
      return classList
    },
    // The optional second argument: CSS declarations for a class the page has no rule for yet.
    applyChangeItemToDocument: (item, css) => {
      if (!isRecord(item) || typeof item.id !== "string" || typeof item.type !== "string") {
        return { successful: false }
      }
      const stored = { selected: state.selectedElementKey, multi: state.multiSelectedElementKeys }
      const result = instant.apply(
        {
          id: item.id,
          type: item.type,
          changeFields: item.changeFields,
          instantUpdateData: isRecord(item.instantUpdateData) ? item.instantUpdateData : undefined,
        },
        isRecord(css) ? cssDeclarations(css) : undefined,
      )
      send("INSTANT_UPDATE_DONE", result)
      restoreSelection(stored.selected, stored.multi)
      sendSelection()
      return result
    },
    // The optional second argument: the files the change wrote, [{ path, fileHash }], as the
    // server answers; without it the page and the keys are taken to show the old version.
    updateCodebaseIds: (mapping, files) => {
      if (!isRecord(mapping)) return 0
      const pairs = Object.entries(mapping).filter(
        (pair): pair is [string, string] => typeof pair[1] === "string" && pair[0] !== pair[1],
      )
      const written = (Array.isArray(files) ? files : []).flatMap((file) =>
        isRecord(file) && typeof file.path === "string" && typeof file.fileHash === "string"
          ? [[file.path, file.fileHash] as const]
          : [],
      )
      // The previews flushed for this change go with the hot reload of these versions; if it
      // came already, at the refresh after the page has had the usual time to render it.
      if (written.length > 0) parentNamesVersions = true
      const previewsDue =
        written.length > 0 &&
        instant.awaitVersions(written, seenVersions, clock.now() + NAV_TREE_REBUILD_DELAY_MS)
      if (!hasVersions(written, seenVersions)) {
        // Collect first, then rename: a chain a→b, b→c must not rename twice.
        const found = pairs.map(([from, to]) => ({ from, to, elements: elementsOfId(from) }))
        for (const { from, to, elements } of found) {
          for (const element of elements) {
            if (element.classList.contains(from)) element.classList.replace(from, to)
            if (element.getAttribute("data-codebase-id") === from) {
              element.setAttribute("data-codebase-id", to)
            }
          }
        }
      } else {
        debug("updateCodebaseIds: the hot reload brings these ids", written)
      }
      if (!hasVersions(written, treeVersions)) {
        const ids = Object.fromEntries(pairs)
        const rename = (key: string | null) => (key === null ? null : renameElementKey(key, ids))
        state.selectedElementKey = rename(state.selectedElementKey)
        state.hoveredElementKey = rename(state.hoveredElementKey)
        state.multiSelectedElementKeys = state.multiSelectedElementKeys.map((k) => rename(k) ?? k)
      }
      // The parent renamed its copy of the keys the same way; this settles any difference.
      sendSelection()
      scheduler.refreshNow()
      if (previewsDue) scheduler.domChanged()
      return pairs.length
    },
    dispatchEvent: (spec) => {
      const values = isRecord(spec) ? spec : {}
      const type = str(values.type)
      if (type === undefined) return false
      const init = { bubbles: true, cancelable: true, ...values }
      const event = type.startsWith("key")
        ? new KeyboardEvent(type, init)
        : type.startsWith("mouse") || type === "click"
          ? new MouseEvent(type, init)
          : new Event(type, init)
      const targetKey = str(values.elementKey)
      const eventTarget: EventTarget =
        targetKey !== undefined
          ? (elementsOfKey(targetKey)[0] ?? doc)
          : values.target === "window"
            ? win
            : doc
      return eventTarget.dispatchEvent(event)
    },
    updateOutlines: () => {
      drawNow()
      return true
    },
    goBack: () => {
      // Only when there is somewhere to go back to.
      if (doc.referrer === "") return false
      win.history.back()
      return true
    },
    goForward: () => {
      win.history.forward()
      return true
    },
    refresh: () => {
      win.location.reload()
      return true
    },
    syntheticMouseOver: (point) => {
      hoverAt(synthetic(point))
      return state.hoveredElementKey
    },
    syntheticMouseMove: (point) => {
      const at = synthetic(point)
      pointerMoved(at, state.dragContext ? 1 : 0)
      return state.hoveredElementKey
    },
    syntheticMouseUp: (point) => {
      synthetic(point)
      if (state.dragContext?.dragging) endDrag()
      state.dragContext = undefined
      return true
    },
    clearHoveredOutlines: () => {
      state.hoveredElementKey = null
      drawNow()
      return true
    },
    setZoomPerc: (perc) => {
      if (typeof perc === "number" && Number.isFinite(perc) && perc > 0) state.zoomPerc = perc
      drawNow()
      return state.zoomPerc
    },
    setAiContext: (on) => {
      state.aiContext = on === true
      drawNow()
      return state.aiContext
    },
    tempMoveElement: (key, index) => {
      const elementKeyToMove = str(key)
      const original = elementKeyToMove ? elementsOfKey(elementKeyToMove)[0] : undefined
      const parent = original?.parentElement
      if (!elementKeyToMove || !parent || typeof index !== "number") return false
      const others = [...parent.children].filter((child) => child !== original)
      return tempMove(elementKeyToMove, parent, others[index] ?? null)
    },
    tempMoveToNewParent: (key, parentKey, beforeKey) => {
      const elementKeyToMove = str(key)
      const parent = str(parentKey) ? elementsOfKey(str(parentKey) ?? "")[0] : undefined
      if (!elementKeyToMove || !parent) {
        console.error("Could not find new parent element for instant update", parentKey)
        return false
      }
      const before = str(beforeKey) ? (elementsOfKey(str(beforeKey) ?? "")[0] ?? null) : null
      return tempMove(elementKeyToMove, parent, before)
    },
    tempAddDiv: (parentKey, index) => {
      const parent = str(parentKey) ? elementsOfKey(str(parentKey) ?? "")[0] : undefined
      if (!parent) {
        console.error("Could not find new parent element for instant update", parentKey)
        return null
      }
      placeholderCounter += 1
      const id = `tempo-add-jsx-placeholder-div-${placeholderCounter}`
      const div = doc.createElement("div")
      div.classList.add(id, PLACEHOLDER_CLASS)
      div.style.minHeight = "24px"
      div.style.outline = "1px dashed currentColor"
      parent.insertBefore(div, typeof index === "number" ? (parent.children[index] ?? null) : null)
      instant.track(id, () => div.remove())
      return id
    },
    checkIfHydrationError: () => {
      const status = errors.status()
      send("HYDRATION_STATUS", status)
      return status
    },
    triggerDragStart: () => {
      const key = state.selectedElementKey
      const mouse = state.mousePosition
      if (!key || state.aiContext) return false
      beginDragContext(key, mouse?.pageX ?? 0, mouse?.pageY ?? 0, false)
      startDragging()
      return true
    },
    triggerDragCancel: () => {
      cancelDrag()
      return true
    },
    setIsFlushing: (flushing) => {
      const on = flushing === true
      if (on && !state.isFlushing) instant.markQueueForDeletion()
      state.isFlushing = on
      return on
    },
  }

  const errors = watchErrors(win, {
    viteOverlay: flags.viteOverlay,
    onChange: (status) => send("HYDRATION_STATUS", status),
  })
  cleanups.push(() => errors.dispose())

  // ---- incoming messages ----------------------------------------------------------------------

  const findForInspect = (id: string) => (parseKey(id) ? elementsOfKey(id) : elementsOfId(id))

  const handleMessage = (message: ParentMessage) => {
    debug("receive", message.type, message.payload)
    switch (message.type) {
      case "executeFunction":
        void executeFunction(functions, message.payload).then((outcome) =>
          send("EXECUTE_FUNCTION_RESULT", outcome, message.id),
        )
        return
      case "inspectElement":
        send("INSPECT_ELEMENT_RESULT", inspectElement(message.payload, findForInspect), message.id)
        return
      case "GET_STATE_AND_PROPS":
        console.log(
          "[colorday frame] state and props",
          inspectElement(message.payload, findForInspect),
        )
        return
      default:
        debug("ignored message", message.type)
    }
  }

  // ---- URL flags and start --------------------------------------------------------------------

  if (flags.transparent) {
    const style = doc.createElement("style")
    style.setAttribute(FRAME_OWNED_ATTRIBUTE, "transparent")
    style.textContent =
      "html, body { background: transparent !important; overflow: hidden !important; }"
    doc.head.appendChild(style)
    cleanups.push(() => style.remove())
  }
  if (flags.storyboard) {
    const root =
      doc.getElementById("root") ?? doc.getElementById("__next") ?? doc.body.firstElementChild
    if (root instanceof HTMLElement) {
      root.style.width = "100vw"
      root.style.height = "100vh"
    }
  }
  applyDriveModeCursor(doc, state.driveMode)
  send("FRAME_READY", { href: win.location.href, driveMode: state.driveMode })
  sendHrefIfChanged()
  scheduler.refreshNow()

  return {
    state,
    functions,
    navTreeSettled: () => buildDone,
    handleMessage,
    dispose: () => {
      build?.cancel()
      for (const cleanup of cleanups.splice(0).reverse()) cleanup()
      applyDriveModeCursor(doc, true)
    },
  }
}
