/**
 * The functions the parent calls in the frame (executeFunction): the project's settings, hover and
 * selection, CSS rules, instant updates, renames of codebase ids, synthetic events, temporary
 * moves and drags. Each answers a plain value; some also post a message (protocol.ts).
 */
import { renameElementKey } from "../../domain/editing/element-key.ts"
import type { FrameClock } from "./clock.ts"
import { NAV_TREE_REBUILD_DELAY_MS, STORYBOARD_TYPES } from "./constants.ts"
import { cssEvals, elementClassList, processRules, ruleMatchesElement } from "./css-rules.ts"
import type { DragController } from "./drag-controller.ts"
import { applyDriveModeCursor, writeDriveMode } from "./drive-mode.ts"
import type { DebugLog } from "./flags.ts"
import type { FileVersions, FrameContext } from "./frame-context.ts"
import { type InsertIndicator, insertTargetAt, isInsertPosition } from "./insert-indicator.ts"
import type { InstantUpdates } from "./instant-updates.ts"
import type { FunctionTable } from "./messages.ts"
import type { PagePointer } from "./page-events.ts"
import { hasVersions } from "./preview-temporaries.ts"
import type { HydrationStatusMessage } from "./protocol.ts"
import type { RefreshScheduler } from "./refresh.ts"
import type { ResizeController } from "./resize.ts"
import type { FrameState } from "./state.ts"
import { MOVED_AWAY_CLASS, PLACEHOLDER_CLASS, tempMoveName } from "./temporary.ts"
import type { TextEditing } from "./text-editing.ts"

export const isRecord = (value: unknown): value is Record<string, unknown> =>
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

export interface FrameFunctionDeps {
  readonly clock: FrameClock
  readonly debug: DebugLog
  readonly instant: InstantUpdates
  readonly scheduler: RefreshScheduler
  readonly versions: FileVersions
  readonly redraw: { readonly call: () => void }
  readonly setSelection: (
    selected: string | null,
    multi: ReadonlyArray<string>,
    tell: boolean,
  ) => void
  /** Re-resolves the keys after the page changed; answers whether the selection changed. */
  readonly restoreSelection: (selected: string | null, multi: ReadonlyArray<string>) => boolean
  readonly sendSelection: () => void
  readonly sendHrefIfChanged: () => void
  readonly textEditing: TextEditing
  readonly drag: DragController
  readonly resize: ResizeController
  /** Add element's drop indicator (insert-indicator.ts). */
  readonly insertIndicator: InsertIndicator
  readonly pointer: PagePointer
  /** The next number for a placeholder's id (shared with the instant updates' ids). */
  readonly nextPlaceholder: () => number
  readonly hydrationStatus: () => HydrationStatusMessage
  /** The selected element's computed styles to the parent: now, or once the page has settled. */
  readonly styles: { readonly reportNow: () => void; readonly report: () => void }
}

export const createFrameFunctions = (
  context: FrameContext,
  deps: FrameFunctionDeps,
): FunctionTable => {
  const { win, doc, state, send, drawNow } = context
  const { elementsOfKey, elementsOfId, keyOf } = context.lookups
  const { clock, debug, instant, scheduler, versions, redraw } = deps
  const { setSelection, restoreSelection, sendSelection, sendHrefIfChanged } = deps
  const { endTextEdit } = deps.textEditing
  const { beginDragContext, startDragging, endDrag, cancelDrag } = deps.drag
  const { mouseAt, pointerMoved, hoverAt } = deps.pointer

  const tempMove = (elementKeyToMove: string, parent: Element, before: Element | null) => {
    const original = elementsOfKey(elementKeyToMove)[0]
    if (!original) return false
    const copy = original.cloneNode(true) as Element
    copy.classList.add(PLACEHOLDER_CLASS)
    original.classList.add(MOVED_AWAY_CLASS)
    parent.insertBefore(copy, before && before.parentElement === parent ? before : null)
    instant.track(tempMoveName(elementKeyToMove), () => {
      copy.remove()
      original.classList.remove(MOVED_AWAY_CLASS)
    })
    return true
  }

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

  return {
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
    setModifiersForSelectedElement: (modifiers) => {
      const list = Array.isArray(modifiers)
        ? modifiers.filter((m): m is string => typeof m === "string")
        : []
      state.modifiers = list
      // The state is forced on the selected element as its styles are reported (style-report.ts).
      deps.styles.reportNow()
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
      deps.styles.report()
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
      if (written.length > 0) versions.parentNamesVersions = true
      const previewsDue =
        written.length > 0 &&
        instant.awaitVersions(written, versions.seen, clock.now() + NAV_TREE_REBUILD_DELAY_MS)
      // Announced is enough: once the reload of these versions is under way, React writes the
      // new ids itself (renaming them again could give an element another one's id).
      if (!hasVersions(written, versions.announced)) {
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
      if (!hasVersions(written, versions.tree)) {
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
      const id = `tempo-add-jsx-placeholder-div-${deps.nextPlaceholder()}`
      const div = doc.createElement("div")
      div.classList.add(id, PLACEHOLDER_CLASS)
      div.style.minHeight = "24px"
      div.style.outline = "1px dashed currentColor"
      parent.insertBefore(div, typeof index === "number" ? (parent.children[index] ?? null) : null)
      instant.track(id, () => div.remove())
      return id
    },
    checkIfHydrationError: () => {
      const status = deps.hydrationStatus()
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
    endResizePreview: () => deps.resize.endPreview(),
    showInsertIndicator: (key, position) =>
      deps.insertIndicator.show(str(key) ?? null, isInsertPosition(position) ? position : "inside"),
    insertTargetAt: (point) => {
      const at = isRecord(point) ? point : {}
      const clientX = typeof at.clientX === "number" ? at.clientX : Number.NaN
      const clientY = typeof at.clientY === "number" ? at.clientY : Number.NaN
      const target = Number.isFinite(clientX + clientY)
        ? insertTargetAt(doc, clientX, clientY, keyOf)
        : null
      deps.insertIndicator.show(target?.elementKey ?? null, target?.position ?? "inside")
      return target
    },
  }
}
