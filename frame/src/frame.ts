/**
 * The frame's controller: frame memory, the overlay, the page's events, the nav tree, instant
 * updates and the messages, wired together. startFrame is called by main.ts only once the
 * frame has decided to run (flags.ts); everything it touches it undoes in dispose(). The parts
 * live beside it: frame-lookups, overlay-model, text-editing, drag-controller, page-events and
 * frame-functions (the functions the parent calls).
 */
import { type FrameClock, browserClock } from "./clock.ts"
import { parseKey } from "./codebase-ids.ts"
import {
  FRAME_DEBOUNCE_MS,
  FRAME_OWNED_ATTRIBUTE,
  OUTLINE_UPDATE_THROTTLE_MS,
} from "./constants.ts"
import { createDragController } from "./drag-controller.ts"
import { applyDriveModeCursor, readDriveMode } from "./drive-mode.ts"
import { reresolveKey } from "./elements.ts"
import { watchErrors } from "./errors.ts"
import type { DebugLog, UrlFlags } from "./flags.ts"
import { debugLogger } from "./flags.ts"
import type { FileVersions, FrameContext } from "./frame-context.ts"
import { createFrameFunctions } from "./frame-functions.ts"
import { createFrameLookups } from "./frame-lookups.ts"
import { type HotChannel, watchHotVersions } from "./hot-versions.ts"
import { inspectElement } from "./inspect.ts"
import { createInstantUpdates } from "./instant-updates.ts"
import { type FunctionTable, type Messenger, createMessenger, executeFunction } from "./messages.ts"
import { type NavTree, type NavTreeBuild, buildNavTree, updateNavTree } from "./nav-tree.ts"
import { createInsertIndicator } from "./insert-indicator.ts"
import { createOverlayRoot, renderOverlay } from "./overlay.ts"
import { overlayModelOf } from "./overlay-model.ts"
import { isFrameOwned, listenToPage } from "./page-events.ts"
import { createResizeController } from "./resize.ts"
import type { ParentMessage } from "./protocol.ts"
import { createRefreshScheduler, debounce, hasServerRenderingLoader, throttle } from "./refresh.ts"
import { type FrameState, initialState, zoomFactor } from "./state.ts"
import { createStatePreview } from "./state-preview.ts"
import { type ThemeColour, styleReport, themeColours } from "./style-report.ts"
import { createTextEditing } from "./text-editing.ts"

export { FILE_VERSION_EVENT, type HotChannel } from "./hot-versions.ts"

/** How long the page must be still before the selected element's styles are reported again. */
export const STYLE_REPORT_DELAY_MS = 50

/** DOM changes kept for the next nav tree update; past this many, the next build is a full one. */
const MAX_KEPT_CHANGES = 5_000

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
  /** One count for placeholder ids (tempAddDiv) and instant update ids. */
  const nextPlaceholder = () => {
    placeholderCounter += 1
    return placeholderCounter
  }
  let lastHref: string | undefined
  let build: NavTreeBuild | undefined
  const versions: FileVersions = {
    announced: new Map(),
    seen: new Map(),
    tree: new Map(),
    parentNamesVersions: false,
  }
  let buildDone: Promise<NavTree | undefined> = Promise.resolve(undefined)
  /** The DOM changes since the last build began: the next one rebuilds only where they are. */
  let changes: Array<MutationRecord> = []
  /** Set when changes may lie outside the records (a hot reload, a call from the parent). */
  let fullBuildDue = true

  const lookups = createFrameLookups(doc, state)
  const { elementsOfKey, elementsOfId, keyOf } = lookups

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

  const drawNow = () =>
    renderOverlay(
      overlayRoot,
      overlayModelOf(state, lookups),
      () => {
        if (state.selectedElementKey) {
          send("EDIT_DYNAMIC_TEXT", { elementKey: state.selectedElementKey })
        }
      },
      (handle, event) => resize.begin(handle, event),
    )
  const redraw = debounce(clock, FRAME_DEBOUNCE_MS, drawNow, "outline update")
  const redrawThrottled = throttle(clock, OUTLINE_UPDATE_THROTTLE_MS, drawNow)
  cleanups.push(() => redraw.cancel())

  // ---- selection ------------------------------------------------------------------------------

  /** Set once the style report exists (below): until then there is nothing to report. */
  let reportStylesSoon = () => {}

  const setSelection = (selected: string | null, multi: ReadonlyArray<string>, tell: boolean) => {
    state.selectedElementKey = selected
    state.multiSelectedElementKeys = [...multi]
    if (tell) sendSelection()
    drawNow()
    reportStylesSoon()
  }

  /** A file's new version is announced and the page does not show it yet. */
  const renderPending = () =>
    [...versions.announced].some(([path, hash]) => versions.seen.get(path) !== hash)

  const restoreSelection = (selected: string | null, multi: ReadonlyArray<string>) => {
    // A key the page does not have while a hot reload is under way may be one renamed to the ids
    // that reload brings (updateCodebaseIds): it is kept for the tree built once the page shows it.
    const again = (key: string) =>
      reresolveKey(doc, state.navTree, key) ?? (renderPending() ? key : undefined)
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

  // ---- text editing, drag, pointer and keyboard -----------------------------------------------

  const context: FrameContext = { win, doc, state, lookups, send, drawNow }
  const textEditing = createTextEditing(context)
  const drag = createDragController(context, setSelection)
  const resize = createResizeController(context)
  cleanups.push(() => resize.dispose())
  const pointer = listenToPage(context, {
    cleanups,
    redraw,
    redrawThrottled,
    setSelection,
    sendHrefIfChanged,
    textEditing,
    drag,
    resize,
    // Before the first tree nothing to do: its build is under way. A build in progress may have
    // begun before the change that made the key: it is begun again.
    treeFor: (key) => {
      if (state.navTree && !state.navTree.lookup.has(key)) fullRefreshes.refreshNow()
    },
  })

  // ---- nav tree and refresh -------------------------------------------------------------------

  const rebuildNavTree = (): Promise<NavTree | undefined> => {
    // A build cut short leaves the records it took unapplied: the next one is a full build.
    const previous = build === undefined ? state.navTree : undefined
    build?.cancel()
    const versionsAtStart = new Map(versions.seen)
    const names = new Map<string, string>()
    for (const [id, lookup] of state.lookups) if (lookup.name) names.set(id, lookup.name)
    const buildOptions = {
      storyboardId: state.storyboardId,
      storyboardName: state.storyboardComponent ?? undefined,
      clock,
      names,
    }
    // Changes made since the observer last reported count for this build, not the next.
    keepChanges(observer.takeRecords())
    const records = changes
    changes = []
    const current =
      previous && !fullBuildDue
        ? updateNavTree(doc.body, previous, records, buildOptions)
        : buildNavTree(doc.body, buildOptions)
    fullBuildDue = false
    build = current
    buildDone = current.done.then(
      ({ tree, stats }) => {
        if (build !== current) return state.navTree
        build = undefined
        state.navTree = tree
        versions.tree = versionsAtStart
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
        styles.report()
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
  /** A refresh the parent asks for (a function call) builds the whole tree. */
  const fullRefreshes: typeof scheduler = {
    ...scheduler,
    refreshNow: () => {
      fullBuildDue = true
      scheduler.refreshNow()
    },
  }

  /** Keeps the page's changes (not the overlay's); answers whether there were any. */
  const keepChanges = (mutations: ReadonlyArray<MutationRecord>): boolean => {
    let relevant = false
    for (const mutation of mutations) {
      if (isFrameOwned(mutation.target)) continue
      relevant = true
      // So many changes rebuild most of the page anyway: no need to keep them.
      if (changes.length < MAX_KEPT_CHANGES) changes.push(mutation)
      else fullBuildDue = true
    }
    return relevant
  }
  const observer = new MutationObserver((mutations) => {
    if (keepChanges(mutations)) scheduler.domChanged()
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
      const count = nextPlaceholder()
      return `${clock.now().toString(36).replace(".", "")}-${count}`
    },
  })
  cleanups.push(() => instant.cleanupAll())

  // ---- the selected element's computed styles (style-report.ts) -------------------------------

  const statePreview = createStatePreview(() => instant.sheet())
  cleanups.push(() => statePreview.clear())
  let lastReport = ""
  /** The app's colour tokens, read again once its style sheets change. */
  let theme: ReadonlyArray<ThemeColour> | undefined
  const reportStylesNow = () => {
    const key = state.selectedElementKey
    const element = key === null ? undefined : elementsOfKey(key)[0]
    const forced = statePreview.apply(element, state.modifiers)
    theme ??= themeColours(doc)
    const report = styleReport(doc, key, element, forced, theme)
    const text = JSON.stringify(report)
    if (text === lastReport) return
    lastReport = text
    send("COMPUTED_STYLES", report)
  }
  const reportStyles = debounce(clock, STYLE_REPORT_DELAY_MS, reportStylesNow, "style report")
  cleanups.push(() => reportStyles.cancel())
  const styles = { reportNow: reportStylesNow, report: () => reportStyles.call() }
  reportStylesSoon = styles.report
  // The page's style sheets change apart from its body (a hot reload of its CSS), its width with
  // the previewed width, and a transition ends after the values were first read.
  const headObserver = new MutationObserver(() => {
    theme = undefined
    styles.report()
  })
  headObserver.observe(doc.head, { childList: true, subtree: true, characterData: true })
  cleanups.push(() => headObserver.disconnect())
  const onSettle = () => styles.report()
  win.addEventListener("resize", onSettle)
  doc.addEventListener("transitionend", onSettle, true)
  cleanups.push(() => {
    win.removeEventListener("resize", onSettle)
    doc.removeEventListener("transitionend", onSettle, true)
  })

  // A file's new version counts once the page shows it (hot-versions.ts), not as it is announced.
  const hotVersions = watchHotVersions(options.hot, clock, {
    announced: (path, hash) => {
      debug("file version announced", path, hash)
      versions.announced.set(path, hash)
    },
    shown: (shown) => {
      debug("file versions shown", shown)
      for (const [path, hash] of shown) versions.seen.set(path, hash)
      state.hotReload = true
      // New code may render new props where the DOM stays the same: only a full build sees them.
      fullBuildDue = true
      instant.hotReloaded(versions.seen, !versions.parentNamesVersions)
      scheduler.domChanged()
    },
  })
  cleanups.push(() => hotVersions.dispose())

  // ---- the callable functions -----------------------------------------------------------------

  const insertIndicator = createInsertIndicator(doc, lookups.boxOfKey, () => zoomFactor(state))
  cleanups.push(() => insertIndicator.dispose())

  const functions: FunctionTable = createFrameFunctions(context, {
    clock,
    debug,
    instant,
    scheduler: fullRefreshes,
    versions,
    redraw,
    setSelection,
    restoreSelection,
    sendSelection,
    sendHrefIfChanged,
    textEditing,
    drag,
    resize,
    insertIndicator,
    pointer,
    nextPlaceholder,
    hydrationStatus: () => errors.status(),
    styles,
  })

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
