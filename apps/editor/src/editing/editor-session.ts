/**
 * The editor's state and every edit, apart from React: the screens read a snapshot
 * (useSyncExternalStore) and call the methods. An edit goes through the change ledger's lifecycle
 * (domain/editing/change-ledger.ts):
 *
 * 1. a ledger item is created (pending; its preview not yet sent, or not needed);
 * 2. its instant update goes to the frame (applyChangeItemToDocument), whose answer finishes it;
 *    the frame is then told to drop that preview after the hot reload that carries the real change
 *    (setIsFlushing);
 * 3. the item becomes its mutation request (toMutationRequest) and is POSTed to /canvases/…;
 * 4. it is marked processed (succeeded or failed) and consumed. On success the server's old → new
 *    codebase id map goes to the frame (updateCodebaseIds); on a refusal the preview is taken back
 *    and the refusal is shown as the server worded it.
 *
 * Undo and redo are ledger items too: their preview reverses (or replays) the change they name
 * when it can be shown instantly, and the server walks its own history (undoChangeToFiles).
 */
import { Result } from "effect"
import {
  type ChangeFieldsByType,
  type ChangeLedgerItem,
  type ChangeType,
  createChange,
  createRedo,
  createUndo,
  hasInstantPreview,
  markConsumed,
  markInstantUpdateFinished,
  markInstantUpdateSent,
  markProcessedFailed,
  markProcessedSucceeded,
  needsInstantUpdate,
  toStoredChange,
} from "../../../../domain/editing/change-ledger.ts"
import type { InstantUpdateData } from "../../../../domain/editing/change-fields.schema.ts"
import { ADD_JSX_PLACEHOLDER_PREFIX, isCodebaseId } from "../../../../domain/editing/codebase-id.ts"
import { elementKeyParts, renameElementKey } from "../../../../domain/editing/element-key.ts"
import { toMutationRequest } from "../../../../domain/editing/mutation-request.ts"
import type { ElementRef } from "../../../../domain/editing/mutation-request.schema.ts"
import type {
  Breakpoint,
  PseudoModifier,
  StylingFramework,
} from "../../../../domain/editing/styling.ts"
import { CanvasRefusal, type MutationResult, type SendMutation } from "../api/canvas-api.ts"
import type { FrameChannel, FrameMessage } from "../frame/frame-channel.ts"
import { type TreeNode, indexTree, readNavTree } from "../frame/nav-tree.ts"

/** The server, or the canvas, said no to an edit: shown until dismissed or the next edit. */
export interface Refusal {
  readonly changeId: string
  readonly changeName: string
  readonly status: number
  readonly code: string
  readonly message: string
}

export interface Toast {
  readonly key: number
  readonly title: string
}

export interface Modifiers {
  readonly breakpoint: Breakpoint | null
  readonly state: PseudoModifier | null
}

export interface EditorSnapshot {
  readonly frameReady: boolean
  readonly tree: TreeNode | null
  readonly nodes: ReadonlyMap<string, TreeNode>
  readonly selectedKey: string | null
  /** Two or more sibling keys, or empty. */
  readonly multiSelectedKeys: ReadonlyArray<string>
  readonly hoveredKey: string | null
  /** Every change of this session, oldest first, in its current state. */
  readonly ledger: ReadonlyArray<ChangeLedgerItem>
  readonly refusal: Refusal | null
  readonly toast: Toast | null
  readonly driveMode: boolean
  readonly zoomPerc: number
  readonly modifiers: Modifiers
  readonly canUndo: boolean
  readonly canRedo: boolean
  readonly editingTextKey: string | null
}

export interface EditorSessionOptions {
  readonly canvasId: string
  readonly channel: FrameChannel
  readonly send: SendMutation
  readonly newId?: () => string
  /**
   * What a class does, as declarations the frame shows on the element until the hot reload brings
   * the class's own CSS (an added class the page has no rule for yet). Without it the preview
   * adds the class name only.
   */
  readonly classCss?: (className: string) => Promise<Readonly<Record<string, string>> | undefined>
}

export const ZOOM_STEPS: ReadonlyArray<number> = [25, 50, 67, 75, 90, 100, 110, 125, 150, 200]

/** What "add an element" adds: a tag with the props that make it visible at once. */
export const NEW_ELEMENTS = {
  div: { tag: "div", props: { className: "min-h-12 rounded border border-dashed p-4" } },
  text: { tag: "p", props: { children: "New text" } },
  button: {
    tag: "button",
    props: {
      type: "button",
      className: "rounded bg-slate-900 px-3 py-1 text-white",
      children: "Button",
    },
  },
  image: {
    tag: "img",
    props: {
      alt: "",
      width: "160",
      height: "90",
      src: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='160' height='90'%3E%3Crect width='100%25' height='100%25' fill='%23cbd5e1'/%3E%3C/svg%3E",
    },
  },
} as const
export type NewElementKind = keyof typeof NEW_ELEMENTS

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined)

/** The codebase id of a key, when it is one the source has (not the storyboard). */
export const codebaseIdOf = (key: string | null | undefined): string | undefined => {
  if (!key) return undefined
  const parts = elementKeyParts(key)
  return parts && isCodebaseId(parts.codebaseId) ? parts.codebaseId : undefined
}

const randomId = (): string => crypto.randomUUID()

/**
 * The content hash of each source file as the canvas shows it: what this editor's own edits wrote
 * (the frame renames its ids to that version at once), and what the frame's nav tree was built
 * on (the hot reload's versions, a change made on disk included). Sent with every edit as
 * `seenFileHashes`, so the server re-finds an element in a file changed since, or refuses (409).
 */
export class FileVersions {
  private readonly current = new Map<string, { readonly hash: string; readonly at: number }>()
  /** When this editor last wrote each version of each file (undo writes an old one again). */
  private readonly written = new Map<string, Map<string, number>>()
  private clock = 0

  wrote(files: ReadonlyArray<{ readonly path: string; readonly fileHash: string }>): void {
    for (const { path, fileHash } of files) {
      this.clock += 1
      const mine = this.written.get(path) ?? new Map<string, number>()
      mine.set(fileHash, this.clock)
      this.written.set(path, mine)
      this.current.set(path, { hash: fileHash, at: this.clock })
    }
  }

  /** The versions a nav tree was built on; one of our own older writes, arriving late, is not news. */
  seen(versions: Readonly<Record<string, unknown>>): void {
    for (const [path, hash] of Object.entries(versions)) {
      if (typeof hash !== "string") continue
      const now = this.current.get(path)
      if (now?.hash === hash) continue
      const mineAt = this.written.get(path)?.get(hash)
      if (now !== undefined && mineAt !== undefined && mineAt < now.at) continue
      this.current.set(path, { hash, at: now?.at ?? 0 })
    }
  }

  hashes(): Record<string, string> | undefined {
    if (this.current.size === 0) return undefined
    return Object.fromEntries([...this.current].map(([path, { hash }]) => [path, hash]))
  }
}

export class EditorSession {
  private snapshot: EditorSnapshot
  private readonly listeners = new Set<() => void>()
  private readonly canvasId: string
  private readonly channel: FrameChannel
  private readonly send: SendMutation
  private readonly newId: () => string
  private readonly classCss: EditorSessionOptions["classCss"]
  private readonly unsubscribe: () => void
  /** Changes the server holds, newest last: what undo walks back. */
  private done: Array<ChangeLedgerItem> = []
  /** Changes undone, newest last: what redo replays. */
  private undone: Array<ChangeLedgerItem> = []
  /** The version of each source file the canvas shows, for the server to check edits against. */
  private readonly fileVersions = new FileVersions()
  /** An element the last edit created: selected once the canvas shows it. */
  private selectOnArrival: string | null = null
  /** One edit at a time reaches the server, in the order they were made. */
  private queue: Promise<void> = Promise.resolve()
  private toastCounter = 0

  constructor(options: EditorSessionOptions) {
    this.canvasId = options.canvasId
    this.channel = options.channel
    this.send = options.send
    this.newId = options.newId ?? randomId
    this.classCss = options.classCss
    this.snapshot = {
      frameReady: false,
      tree: null,
      nodes: new Map(),
      selectedKey: null,
      multiSelectedKeys: [],
      hoveredKey: null,
      ledger: [],
      refusal: null,
      toast: null,
      driveMode: false,
      zoomPerc: 100,
      modifiers: { breakpoint: null, state: null },
      canUndo: false,
      canRedo: false,
      editingTextKey: null,
    }
    this.unsubscribe = this.channel.subscribe((message) => this.onFrameMessage(message))
  }

  // ---- the store ----------------------------------------------------------------------------

  readonly getSnapshot = (): EditorSnapshot => this.snapshot

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private update(patch: Partial<EditorSnapshot>) {
    this.snapshot = {
      ...this.snapshot,
      ...patch,
      canUndo: this.done.length > 0,
      canRedo: this.undone.length > 0,
    }
    for (const listener of this.listeners) listener()
  }

  dispose(): void {
    this.unsubscribe()
    this.listeners.clear()
  }

  /** Runs a frame function; a frame that is gone or refuses is logged, never thrown at a screen. */
  private async call(
    name: Parameters<FrameChannel["execute"]>[0],
    args: ReadonlyArray<unknown> = [],
  ) {
    try {
      return await this.channel.execute(name, args)
    } catch (error) {
      console.warn(`[colorday editor] ${name} failed:`, error)
      return undefined
    }
  }

  // ---- messages from the frame --------------------------------------------------------------

  private onFrameMessage(message: FrameMessage) {
    const payload = isRecord(message.payload) ? message.payload : {}
    switch (message.type) {
      case "FRAME_READY":
        this.update({ frameReady: true, driveMode: payload.driveMode === true })
        void this.call("initProject", [{ zoomPerc: this.snapshot.zoomPerc }])
        return
      case "NAV_TREE": {
        const tree = readNavTree(payload.navTree)
        const nodes = indexTree(tree)
        if (isRecord(payload.fileVersions)) this.fileVersions.seen(payload.fileVersions)
        this.update({ tree, nodes })
        this.selectArrived(nodes)
        return
      }
      case "SELECTED_ELEMENT_KEY":
        this.update({ selectedKey: str(payload.elementKey) ?? null })
        return
      case "MULTI_SELECTED_ELEMENT_KEYS": {
        const keys = Array.isArray(payload.elementKeys)
          ? payload.elementKeys.filter((key): key is string => typeof key === "string")
          : []
        this.update({ multiSelectedKeys: keys.length > 1 ? keys : [] })
        return
      }
      case "HOVERED_ELEMENT_KEY":
        this.update({ hoveredKey: str(payload.elementKey) ?? null })
        return
      case "START_EDITING_TEXT":
        this.update({ editingTextKey: str(payload.elementKey) ?? null })
        return
      case "EDITED_TEXT": {
        this.update({ editingTextKey: null })
        const codebaseId = str(payload.codebaseId) ?? codebaseIdOf(str(payload.elementKey))
        const newText = str(payload.newText)
        const oldText = str(payload.oldText)
        if (codebaseId && newText !== undefined && oldText !== undefined && newText !== oldText) {
          void this.edit("EDIT_TEXT", { codebaseIdToEditText: codebaseId, newText, oldText })
        }
        return
      }
      case "DRAG_END":
        this.onDragEnd(payload)
        return
      case "KEY_DOWN":
        this.onKey(payload)
        return
      default:
        return
    }
  }

  private onDragEnd(payload: Record<string, unknown>) {
    if (payload.moved !== true) return
    const key = str(payload.elementKey)
    const toMove = codebaseIdOf(key)
    const parentKey = str(payload.parentElementKey)
    const parent = codebaseIdOf(parentKey)
    const before = codebaseIdOf(str(payload.beforeElementKey))
    const after = codebaseIdOf(str(payload.afterElementKey))
    if (!key || !toMove || (!parent && !before && !after)) return
    const index = typeof payload.index === "number" ? payload.index : null
    void this.edit(
      "MOVE_JSX",
      {
        codebaseIdToMove: toMove,
        // The container; a move among siblings also names its neighbours.
        codebaseIdToMoveTo: parent ?? before ?? after ?? toMove,
        ...(before ? { beforeCodebaseId: before } : {}),
        ...(after && !before ? { afterCodebaseId: after } : {}),
        ...(parent ? { expectedCurrentParentCodebaseId: parent } : {}),
      },
      {
        // The frame's own temporary move shows the drop at once.
        preview: index === null ? undefined : () => this.call("tempMoveElement", [key, index]),
      },
    )
  }

  private onKey(payload: Record<string, unknown>) {
    const key = str(payload.key)
    const command = payload.metaKey === true || payload.ctrlKey === true
    if (command && key?.toLowerCase() === "z") {
      void (payload.shiftKey === true ? this.redo() : this.undo())
    } else if (command && key?.toLowerCase() === "y") {
      void this.redo()
    } else if (command && key?.toLowerCase() === "d") {
      this.duplicate()
    } else if (!command && (key === "Delete" || key === "Backspace")) {
      this.remove()
    } else if (key === "Escape") {
      this.select(null)
    }
  }

  private selectArrived(nodes: ReadonlyMap<string, TreeNode>) {
    const wanted = this.selectOnArrival
    if (wanted === null) return
    for (const node of nodes.values()) {
      if (node.codebaseId === wanted) {
        this.selectOnArrival = null
        this.select(node.key)
        return
      }
    }
  }

  // ---- selection, hover, view ----------------------------------------------------------------

  select(key: string | null): void {
    this.update({ selectedKey: key, multiSelectedKeys: [] })
    void this.call("setSelectedElement", [key])
  }

  /** Shift-click in the layers panel: adds or removes a sibling of the selection. */
  toggleInSelection(key: string): void {
    const { selectedKey, multiSelectedKeys, nodes } = this.snapshot
    if (selectedKey === null) {
      this.select(key)
      return
    }
    const members = multiSelectedKeys.length > 0 ? multiSelectedKeys : [selectedKey]
    let next: ReadonlyArray<string>
    if (members.includes(key)) {
      next = members.filter((member) => member !== key)
    } else {
      // Only siblings, as the frame's shift-click (§5).
      const parent = nodes.get(selectedKey)?.parent
      if (parent === undefined || parent === null || nodes.get(key)?.parent !== parent) return
      next = [...members, key]
    }
    const first = next[0] ?? null
    this.update({ selectedKey: first, multiSelectedKeys: next.length > 1 ? next : [] })
    void this.call("setMultiselectedElementKeys", [next])
  }

  hover(key: string | null): void {
    this.update({ hoveredKey: key })
    void this.call("setHoveredElement", [key])
  }

  setZoom(zoomPerc: number): void {
    this.update({ zoomPerc })
    void this.call("setZoomPerc", [zoomPerc])
  }

  setDriveMode(on: boolean): void {
    this.update({ driveMode: on, ...(on ? { hoveredKey: null } : {}) })
    void this.call(on ? "enableDriveMode" : "disableDriveMode")
  }

  setModifiers(modifiers: Modifiers): void {
    this.update({ modifiers })
    void this.call("setModifiersForSelectedElement", [
      modifiers.state === null ? [] : [modifiers.state],
      this.snapshot.selectedKey,
    ])
  }

  dismissRefusal(): void {
    this.update({ refusal: null })
  }

  dismissToast(): void {
    this.update({ toast: null })
  }

  private showToast(title: string) {
    this.toastCounter += 1
    this.update({ toast: { key: this.toastCounter, title } })
  }

  // ---- what the edits act on -------------------------------------------------------------------

  /** The selected keys: the multi-selection, else the single one. */
  selectedKeys(): ReadonlyArray<string> {
    const { selectedKey, multiSelectedKeys } = this.snapshot
    if (multiSelectedKeys.length > 0) return multiSelectedKeys
    return selectedKey === null ? [] : [selectedKey]
  }

  private selectedIds(): Array<string> {
    return this.selectedKeys().flatMap((key) => {
      const id = codebaseIdOf(key)
      return id ? [id] : []
    })
  }

  private selectedId(): string | undefined {
    return codebaseIdOf(this.snapshot.selectedKey)
  }

  private modifierList(): Array<string> {
    const { breakpoint, state } = this.snapshot.modifiers
    return [breakpoint, state].filter((modifier): modifier is NonNullable<typeof modifier> =>
      Boolean(modifier),
    )
  }

  private lookup = (codebaseId: string): ElementRef | undefined => {
    for (const node of this.snapshot.nodes.values()) {
      if (node.codebaseId === codebaseId) {
        return {
          codebaseId,
          storyboardId: node.storyboardId,
          uniquePath: node.uniquePath,
          name: node.name,
        }
      }
    }
    return undefined
  }

  // ---- the edits ----------------------------------------------------------------------------

  addClass(className: string): void {
    const id = this.selectedId()
    const name = className.trim()
    if (!id || name === "") return
    const modifiers = this.modifierList()
    void this.edit("ADD_CLASS", {
      codebaseIdToAddClass: id,
      className: name,
      stylingFramework: "Tailwind",
      ...(modifiers.length > 0 ? { modifiers } : {}),
    })
  }

  removeClass(className: string): void {
    const id = this.selectedId()
    if (!id) return
    void this.edit("REMOVE_CLASS", { codebaseIdToRemoveClass: id, className })
  }

  /** Replaces one of the element's classes by another (or by none, when `to` is empty). */
  replaceClass(from: string, to: string): void {
    const id = this.selectedId()
    const node = this.snapshot.selectedKey
      ? this.snapshot.nodes.get(this.snapshot.selectedKey)
      : undefined
    if (!id || !node) return
    const oldClasses = [...node.directlySetClassList]
    const replacement = to.split(/\s+/).filter((name) => name !== "")
    const newClasses = oldClasses.flatMap((name) => (name === from ? replacement : [name]))
    if (newClasses.join(" ") === oldClasses.join(" ")) return
    void this.edit("UPDATE_CLASSES", { codebaseIdToUpdateClass: id, oldClasses, newClasses })
  }

  setStyle(property: string, value: string, stylingFramework: StylingFramework = "Tailwind"): void {
    const id = this.selectedId()
    if (!id) return
    const modifiers = this.modifierList()
    void this.edit("STYLING", {
      codebaseId: id,
      stylingChanges: { [property]: value.trim() === "" ? null : value.trim() },
      stylingFramework,
      ...(modifiers.length > 0 ? { modifiers } : {}),
    })
  }

  changeTag(newTagName: string): void {
    const id = this.selectedId()
    const tag = newTagName.trim()
    if (!id || tag === "") return
    void this.edit("CHANGE_TAG", { codebaseIdToChange: id, newTagName: tag })
  }

  changeProp(propName: string, propValue: string | number | boolean | null): void {
    const id = this.selectedId()
    if (!id || propName.trim() === "") return
    void this.edit("CHANGE_PROP", { codebaseIdToChange: id, propName: propName.trim(), propValue })
  }

  editText(newText: string): void {
    const key = this.snapshot.selectedKey
    const id = this.selectedId()
    const node = key ? this.snapshot.nodes.get(key) : undefined
    const oldText = node?.literalChildren.length === 1 ? node.literalChildren[0] : undefined
    if (!id || oldText === undefined || oldText === newText) return
    void this.edit("EDIT_TEXT", { codebaseIdToEditText: id, newText, oldText })
  }

  /** Adds an element into the selected one (last), or a component of the app without a preview. */
  addElement(kind: NewElementKind | { readonly component: string }): void {
    const id = this.selectedId()
    if (!id) return
    if (typeof kind === "object") {
      void this.edit(
        "ADD_JSX",
        { codebaseIdToAddTo: id, componentName: kind.component },
        // A placeholder is not the component: the user sees it once the source has it.
        { instantUpdate: false },
      )
      return
    }
    const { tag, props } = NEW_ELEMENTS[kind]
    void this.edit("ADD_JSX", {
      codebaseIdToAddTo: id,
      addNativeTag: tag,
      addCodebaseId: `${ADD_JSX_PLACEHOLDER_PREFIX}${this.newId().slice(0, 8)}`,
      propsToSet: { ...props },
    })
  }

  remove(): void {
    const ids = this.selectedIds()
    if (ids.length === 0) return
    void this.edit("REMOVE_JSX", { codebaseIdsToRemove: ids })
    this.select(null)
  }

  duplicate(): void {
    const ids = this.selectedIds()
    if (ids.length === 0) return
    void this.edit("DUPLICATE", { codebaseIdsToDuplicate: ids })
  }

  wrapInDiv(): void {
    const ids = this.selectedIds()
    if (ids.length === 0) return
    void this.edit("WRAP_DIV", { codebaseIdsToWrap: ids })
  }

  async undo(): Promise<void> {
    await this.queue
    const target = this.done.pop()
    this.update({})
    const item = createUndo(this.newId(), target)
    await this.run(item, {
      onSuccess: () => {
        if (target) this.undone.push(target)
      },
      onFailure: () => {
        if (target) this.done.push(target)
      },
    })
  }

  async redo(): Promise<void> {
    await this.queue
    const target = this.undone.pop()
    this.update({})
    const item = createRedo(this.newId(), target)
    await this.run(item, {
      onSuccess: () => {
        if (target) this.done.push(target)
      },
      onFailure: () => {
        if (target) this.undone.push(target)
      },
    })
  }

  /** Records a change and carries it through; resolves when the server has answered. */
  edit<T extends Exclude<ChangeType, "UNDO" | "REDO" | "UNKNOWN">>(
    type: T,
    changeFields: ChangeFieldsByType[T],
    options: {
      readonly instantUpdate?: boolean
      readonly preview?: (() => Promise<unknown>) | undefined
    } = {},
  ): Promise<void> {
    const item = createChange({
      id: this.newId(),
      type,
      changeFields,
      instantUpdate: options.instantUpdate ?? hasInstantPreview(type, changeFields),
    }) as ChangeLedgerItem
    return this.run(item, {
      preview: options.preview,
      onSuccess: (stored) => {
        this.done.push(stored)
        this.undone = []
      },
    })
  }

  // ---- the lifecycle ------------------------------------------------------------------------

  private replace(item: ChangeLedgerItem) {
    this.update({
      ledger: this.snapshot.ledger.map((existing) => (existing.id === item.id ? item : existing)),
    })
  }

  private async previewOf(item: ChangeLedgerItem): Promise<ChangeLedgerItem> {
    if (!needsInstantUpdate(item)) return item
    const sent = markInstantUpdateSent(item)
    if (Result.isFailure(sent)) return item
    this.replace(sent.success)
    const css = await this.addedClassCss(item)
    const answer = await this.call("applyChangeItemToDocument", [
      toStoredChange(sent.success),
      ...(css ? [css] : []),
    ])
    const result = isRecord(answer) ? answer : {}
    const data = isRecord(result.instantUpdateData)
      ? (result.instantUpdateData as InstantUpdateData)
      : undefined
    const finished = markInstantUpdateFinished(sent.success, result.successful === true, data)
    return Result.isSuccess(finished) ? finished.success : sent.success
  }

  /** The declarations of the class an ADD_CLASS (or its redo) adds, for the frame's preview. */
  private async addedClassCss(item: ChangeLedgerItem) {
    const fields: unknown = item.changeFields
    const change =
      item.type === "REDO" && isRecord(fields) && isRecord(fields.changeToRedo)
        ? fields.changeToRedo
        : { type: item.type, changeFields: fields }
    if (change.type !== "ADD_CLASS" || !isRecord(change.changeFields)) return undefined
    const className = str(change.changeFields.className)
    if (!this.classCss || className === undefined) return undefined
    return this.classCss(className)
  }

  private run(
    created: ChangeLedgerItem,
    hooks: {
      readonly preview?: (() => Promise<unknown>) | undefined
      readonly onSuccess?: (item: ChangeLedgerItem) => void
      readonly onFailure?: () => void
    },
  ): Promise<void> {
    this.update({ ledger: [...this.snapshot.ledger, created], refusal: null })
    const step = async () => {
      let item = await this.previewOf(created)
      if (hooks.preview) await hooks.preview()
      this.replace(item)
      const previewed = item.instantUpdate.status === "finished" || hooks.preview !== undefined
      // The preview goes once the hot reload carrying this change arrives (§4, flushing).
      if (previewed) {
        await this.call("setIsFlushing", [true])
        await this.call("setIsFlushing", [false])
      }
      const request = toMutationRequest(item, {
        canvasId: this.canvasId,
        lookup: this.lookup,
        seenFileHashes: this.fileVersions.hashes(),
      })
      let result: MutationResult | undefined
      let refusal: CanvasRefusal | undefined
      if (Result.isFailure(request)) {
        refusal = new CanvasRefusal(0, request.failure.code, request.failure.message)
      } else {
        try {
          result = await this.send(request.success)
        } catch (error) {
          refusal =
            error instanceof CanvasRefusal
              ? error
              : new CanvasRefusal(
                  0,
                  "UNEXPECTED",
                  error instanceof Error ? error.message : String(error),
                )
        }
      }
      const processed = result ? markProcessedSucceeded(item) : markProcessedFailed(item)
      if (Result.isSuccess(processed)) item = processed.success
      const consumed = markConsumed(item)
      if (Result.isSuccess(consumed)) item = consumed.success
      if (result) this.fileVersions.wrote(result.changedFiles)
      if (result) hooks.onSuccess?.(item)
      else hooks.onFailure?.()
      // The item's new state, and what undo and redo can do now.
      this.replace(item)
      if (result) {
        this.afterSuccess(
          item,
          result,
          Result.isSuccess(request) ? request.success.successToast : undefined,
        )
      } else if (refusal) {
        await this.takeBackPreview(item)
        this.update({
          refusal: {
            changeId: item.id,
            changeName: item.changeName,
            status: refusal.status,
            code: refusal.code,
            message: refusal.message,
          },
        })
      }
    }
    const next = this.queue.then(step, step)
    this.queue = next.catch(() => undefined)
    return next
  }

  private afterSuccess(item: ChangeLedgerItem, result: MutationResult, toast: string | undefined) {
    // Always with the files written, so the frame drops this change's preview with the hot reload
    // of those versions (and leaves alone a page that reload has already redone).
    if (result.changedFiles.length > 0 || Object.keys(result.codebaseIds).length > 0) {
      void this.call("updateCodebaseIds", [result.codebaseIds, result.changedFiles])
    }
    if (Object.keys(result.codebaseIds).length > 0) {
      const ids = result.codebaseIds
      const { selectedKey, multiSelectedKeys, hoveredKey } = this.snapshot
      this.update({
        selectedKey: selectedKey === null ? null : renameElementKey(selectedKey, ids),
        multiSelectedKeys: multiSelectedKeys.map((key) => renameElementKey(key, ids)),
        hoveredKey: hoveredKey === null ? null : renameElementKey(hoveredKey, ids),
      })
    }
    if (result.newCodebaseId !== null && ["ADD_JSX", "WRAP_DIV", "DUPLICATE"].includes(item.type)) {
      this.selectOnArrival = result.newCodebaseId
      this.selectArrived(this.snapshot.nodes)
    }
    if (toast) this.showToast(toast)
  }

  /** A refused change's preview is reversed, so the canvas shows what the source holds. */
  private async takeBackPreview(item: ChangeLedgerItem) {
    if (item.instantUpdate.status !== "finished" || !item.instantUpdate.successful) return
    if (item.type === "UNDO" || item.type === "REDO") return
    const reverse = createUndo(`${item.id}-reverted`, item)
    await this.call("applyChangeItemToDocument", [toStoredChange(reverse)])
  }
}
