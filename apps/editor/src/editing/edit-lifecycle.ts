/**
 * The editor's store and the change ledger's lifecycle, the base of EditorSession
 * (editor-session.ts), apart from React: the screens read a snapshot (useSyncExternalStore) and
 * call the methods. An edit goes through the change ledger's lifecycle
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
import { renameElementKey } from "../../../../domain/editing/element-key.ts"
import { toMutationRequest } from "../../../../domain/editing/mutation-request.ts"
import type { ElementRef } from "../../../../domain/editing/mutation-request.schema.ts"
import {
  CanvasRefusal,
  type ListComponents,
  type MutationResult,
  type SendMutation,
} from "../api/canvas-api.ts"
import type { ReadElementSource } from "../api/element-source-api.ts"
import type { FrameChannel, FrameMessage } from "../frame/frame-channel.ts"
import type { TreeNode } from "../frame/nav-tree.ts"
import { type EditorSnapshot, isRecord, str } from "./editor-snapshot.ts"
import { FileVersions } from "./file-versions.ts"

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
  /** The canvas's components for Add element (GET /canvases/:canvasId/components). */
  readonly listComponents?: ListComponents
  /** An element's source (GET /canvases/:canvasId/elements/:codebaseId/source), for Copy. */
  readonly readElementSource?: ReadElementSource
  /** Shows or hides the second frame of side by side (frame-pair.ts), when the canvas has one. */
  readonly showSecondFrame?: (on: boolean) => void
}

const randomId = (): string => crypto.randomUUID()

export abstract class EditLifecycle {
  protected snapshot: EditorSnapshot
  private readonly listeners = new Set<() => void>()
  private readonly canvasId: string
  protected readonly channel: FrameChannel
  private readonly send: SendMutation
  protected readonly newId: () => string
  private readonly classCss: EditorSessionOptions["classCss"]
  protected readonly showSecondFrame: EditorSessionOptions["showSecondFrame"]
  protected readonly listComponents: ListComponents | undefined
  readonly readElementSource: ReadElementSource | undefined
  private readonly unsubscribe: () => void
  /** Changes the server holds, newest last: what undo walks back. */
  private done: Array<ChangeLedgerItem> = []
  /** Changes undone, newest last: what redo replays. */
  private undone: Array<ChangeLedgerItem> = []
  /** The version of each source file the canvas shows, for the server to check edits against. */
  protected readonly fileVersions = new FileVersions()
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
    this.showSecondFrame = options.showSecondFrame
    this.listComponents = options.listComponents
    this.readElementSource = options.readElementSource
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
      previewWidth: null,
      frameZoomPerc: 100,
      modifiers: { breakpoint: null, state: null },
      canUndo: false,
      canRedo: false,
      editingTextKey: null,
      editTarget: "instance",
      components: { status: "idle", list: [], message: null },
      contextMenu: null,
      clipboard: null,
      shortcutsOpen: false,
      besideVerdict: null,
      sideBySide: null,
      activeFrame: 0,
    }
    this.unsubscribe = this.channel.subscribe((message) => this.onFrameMessage(message))
  }

  /** The frame's channel, for what only reads the canvas (the inspector's computed styles). */
  get frameChannel(): Pick<FrameChannel, "subscribe"> {
    return this.channel
  }

  /** The frame's messages: what the session does with each (editor-session.ts). */
  protected abstract onFrameMessage(message: FrameMessage): void

  /** Selects an element, in the snapshot and in the frame. */
  abstract select(key: string | null): void

  // ---- the store ----------------------------------------------------------------------------

  readonly getSnapshot = (): EditorSnapshot => this.snapshot

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  protected update(patch: Partial<EditorSnapshot>) {
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
  protected async call(
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

  /** An element the last edit created, selected once a nav tree has it. */
  protected selectArrived(nodes: ReadonlyMap<string, TreeNode>) {
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

  /** A short note for the user ("Copied h2"), shown as a toast. */
  notify(title: string) {
    this.showToast(title)
  }

  /** Something the editor could not do outside an edit (a copy): shown as a refusal is. */
  reportProblem(what: string, refusal: CanvasRefusal) {
    this.update({
      refusal: {
        changeId: `${what}-${this.newId()}`,
        changeName: what,
        status: refusal.status,
        code: refusal.code,
        message: refusal.message,
      },
    })
  }

  private showToast(title: string) {
    this.toastCounter += 1
    this.update({ toast: { key: this.toastCounter, title } })
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

  // ---- undo, redo and the edits' common path ------------------------------------------------

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
        await this.takeBackPreview(item, hooks.preview !== undefined)
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

  /**
   * A refused change's preview is reversed, so the canvas shows what the source holds: its
   * instant update, its own preview (a move's temporary move), or the text typed into the frame.
   */
  private async takeBackPreview(item: ChangeLedgerItem, ownPreview: boolean) {
    if (item.type === "UNDO" || item.type === "REDO") return
    const typedInFrame = item.type === "EDIT_TEXT"
    const previewed = item.instantUpdate.status === "finished" && item.instantUpdate.successful
    if (!previewed && !typedInFrame && !ownPreview) return
    const reverse = createUndo(`${item.id}-reverted`, item)
    await this.call("applyChangeItemToDocument", [toStoredChange(reverse)])
  }
}
