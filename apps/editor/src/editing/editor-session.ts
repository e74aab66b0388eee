/**
 * The editor's state and every edit, apart from React: the screens read a snapshot
 * (useSyncExternalStore) and call the methods. The store, undo, redo and the change ledger's
 * lifecycle every edit goes through are in edit-lifecycle.ts, the view (zoom, preview widths, side
 * by side, drive mode) in editor-view.ts; here are what the frame's messages do, the selection and
 * the edits themselves.
 */
import type { StylingFramework } from "../../../../domain/editing/styling.ts"
import { ADD_JSX_PLACEHOLDER_PREFIX } from "../../../../domain/editing/codebase-id.ts"
import type { FrameMessage } from "../frame/frame-channel.ts"
import { indexTree, readNavTree } from "../frame/nav-tree.ts"
import { CanvasRefusal } from "../api/canvas-api.ts"
import { EditorView } from "./editor-view.ts"
import {
  type CopiedElement,
  type Modifiers,
  codebaseIdOf,
  isRecord,
  str,
} from "./editor-snapshot.ts"
import { type KeyPress, type Shortcut, shortcutFor } from "./editor-shortcuts.ts"
import { NEW_ELEMENTS, type NewElementKind } from "./new-elements.ts"
import {
  type BesideVerdict,
  type InsertPosition,
  besideComponentChild,
  defaultInsertPosition,
  insertPositionsFor,
  parentInstanceOf,
  placeFields,
  siblingParentId,
} from "./insert-position.ts"
import { type EditTarget, instanceOf } from "./usage-site.ts"
import { resizeStyling, resizedSides } from "./resize-classes.ts"

/** A component to add: its name, the file exporting it, and the props its element is written with. */
export interface ComponentToAdd {
  readonly component: string
  readonly file?: string
  readonly props?: Readonly<Record<string, string | number | boolean>>
}

export class EditorSession extends EditorView {
  /**
   * A shortcut pressed on a selection the tree does not have yet: a click in the canvas selects
   * what the page shows, which may be newer than the last tree (a hot reload just rendered); the
   * frame then sends a tree that has it, and the shortcut runs on that.
   */
  private waitingShortcut: Shortcut | null = null

  // ---- messages from the frame --------------------------------------------------------------

  protected onFrameMessage(message: FrameMessage) {
    const payload = isRecord(message.payload) ? message.payload : {}
    switch (message.type) {
      case "FRAME_READY": {
        this.update({ frameReady: true, driveMode: payload.driveMode === true })
        void this.call("initProject", [{ zoomPerc: this.snapshot.frameZoomPerc }])
        // A document that reloaded (Vite does, now and then) starts with no selection while the
        // editor still shows one: it is given the editor's, which it checks against its first
        // tree and answers with what is left of it.
        const { selectedKey, multiSelectedKeys } = this.snapshot
        if (multiSelectedKeys.length > 1) {
          void this.call("setMultiselectedElementKeys", [multiSelectedKeys])
        } else if (selectedKey !== null) {
          void this.call("setSelectedElement", [selectedKey])
        }
        return
      }
      case "NAV_TREE": {
        const tree = readNavTree(payload.navTree)
        const nodes = indexTree(tree)
        if (isRecord(payload.fileVersions)) this.fileVersions.seen(payload.fileVersions)
        this.update({ tree, nodes })
        this.selectArrived(nodes)
        this.runWaitingShortcut()
        return
      }
      case "SELECTED_ELEMENT_KEY":
        this.update({ selectedKey: str(payload.elementKey) ?? null })
        this.runWaitingShortcut()
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
          void this.edit("EDIT_TEXT", {
            codebaseIdToEditText: codebaseId,
            newText,
            oldText,
            ...this.instanceFields(str(payload.elementKey) ?? this.snapshot.selectedKey),
          })
        }
        return
      }
      case "DRAG_END":
        this.onDragEnd(payload)
        return
      case "RESIZE_END":
        this.onResizeEnd(payload)
        return
      case "KEY_DOWN":
        this.handleKey({
          key: str(payload.key),
          metaKey: payload.metaKey === true,
          ctrlKey: payload.ctrlKey === true,
          shiftKey: payload.shiftKey === true,
          altKey: payload.altKey === true,
        })
        return
      case "CONTEXT_MENU": {
        const key = str(payload.elementKey)
        if (!key || this.snapshot.driveMode) return
        const x = typeof payload.clientX === "number" ? payload.clientX : 0
        const y = typeof payload.clientY === "number" ? payload.clientY : 0
        this.openContextMenu(key, x, y, "frame")
        return
      }
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

  /**
   * A resize handle let go: the new width and/or height written as classes (`w-64`, else
   * `w-[317px]`, under the breakpoint and state of the inspector) in one STYLING change, so a
   * corner is one entry in the change list and one undo. The frame's inline preview goes once the
   * change's own preview is in place.
   */
  private onResizeEnd(payload: Record<string, unknown>) {
    const endPreview = () => this.call("endResizePreview", [])
    const key = str(payload.elementKey)
    const sides = key === this.snapshot.selectedKey ? resizedSides(payload) : []
    const id = this.selectedId()
    if (sides.length === 0 || !id) {
      void endPreview()
      return
    }
    const modifiers = this.modifierList()
    void this.edit(
      "STYLING",
      {
        codebaseId: id,
        ...resizeStyling(sides),
        stylingFramework: "Tailwind",
        ...(modifiers.length > 0 ? { modifiers } : {}),
        ...this.instanceFields(),
      },
      { preview: endPreview },
    )
  }

  /**
   * The editor's shortcuts (editor-shortcuts.ts), pressed in the frame (KEY_DOWN) or anywhere in
   * the parent (useEditorShortcuts). Answers whether the key was one of them.
   */
  handleKey(payload: KeyPress): boolean {
    const shortcut = shortcutFor(payload)
    if (!shortcut?.run) return false
    const { selectedKey, nodes } = this.snapshot
    if (shortcut.needsTree && selectedKey !== null && !nodes.has(selectedKey)) {
      this.waitingShortcut = shortcut
      return true
    }
    this.waitingShortcut = null
    shortcut.run(this)
    return true
  }

  /** Runs the shortcut waiting for the tree once it has the selection; none left: it is dropped. */
  private runWaitingShortcut() {
    const waiting = this.waitingShortcut
    const { selectedKey, nodes } = this.snapshot
    if (waiting === null || (selectedKey !== null && !nodes.has(selectedKey))) return
    this.waitingShortcut = null
    if (selectedKey !== null) waiting.run?.(this)
  }

  // ---- selection, hover, view ----------------------------------------------------------------

  select(key: string | null): void {
    // Another element chosen in the editor: a shortcut still waiting was for the one before.
    this.waitingShortcut = null
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

  setModifiers(modifiers: Modifiers): void {
    this.update({ modifiers })
    void this.call("setModifiersForSelectedElement", [
      modifiers.state === null ? [] : [modifiers.state],
      this.snapshot.selectedKey,
    ])
  }

  /**
   * Opens the element menu for `key`, selecting it unless it is already in the selection (the menu
   * then acts on the whole selection, as the keys do).
   */
  openContextMenu(key: string, x: number, y: number, from: "frame" | "editor"): void {
    if (!this.selectedKeys().includes(key)) this.select(key)
    this.update({ contextMenu: { key, x, y, from } })
  }

  closeContextMenu(): void {
    if (this.snapshot.contextMenu !== null) this.update({ contextMenu: null })
  }

  /** Keeps an element copied for pasting, and says so. */
  setClipboard(copied: CopiedElement): void {
    this.update({ clipboard: copied })
    this.notify(`Copied ${copied.name}`)
  }

  setShortcutsOpen(open: boolean): void {
    this.update({ shortcutsOpen: open })
  }

  dismissRefusal(): void {
    this.update({ refusal: null })
  }

  dismissToast(): void {
    this.update({ toast: null })
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

  /**
   * The instance a class or text edit of `key` names, when edits go to instances and the element
   * is rendered by one: the server writes there what comes from the instance's props.
   */
  private instanceFields(key: string | null = this.snapshot.selectedKey): {
    readonly instanceCodebaseId?: string
  } {
    const { editTarget, tree, nodes } = this.snapshot
    const instance = editTarget === "instance" ? instanceOf(tree, nodes, key) : null
    const id = instance ? codebaseIdOf(instance.key) : undefined
    return id === undefined ? {} : { instanceCodebaseId: id }
  }

  /** Where class and text edits go from now on: the instance, or the component's definition. */
  setEditTarget(editTarget: EditTarget): void {
    this.update({ editTarget })
  }

  private modifierList(): Array<string> {
    const { breakpoint, state } = this.snapshot.modifiers
    return [breakpoint, state].filter((modifier): modifier is NonNullable<typeof modifier> =>
      Boolean(modifier),
    )
  }

  // ---- the edits ----------------------------------------------------------------------------

  /** `preview`: the caller's own preview step, run once the class's preview is in place. */
  addClass(className: string, preview?: () => Promise<unknown>): void {
    const id = this.selectedId()
    const name = className.trim()
    if (!id || name === "") return
    const modifiers = this.modifierList()
    void this.edit(
      "ADD_CLASS",
      {
        codebaseIdToAddClass: id,
        className: name,
        stylingFramework: "Tailwind",
        ...(modifiers.length > 0 ? { modifiers } : {}),
        ...this.instanceFields(),
      },
      { preview },
    )
  }

  removeClass(className: string): void {
    const id = this.selectedId()
    if (!id) return
    void this.edit("REMOVE_CLASS", {
      codebaseIdToRemoveClass: id,
      className,
      ...this.instanceFields(),
    })
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
    void this.edit("UPDATE_CLASSES", {
      codebaseIdToUpdateClass: id,
      oldClasses,
      newClasses,
      ...this.instanceFields(),
    })
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
      ...this.instanceFields(),
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
    void this.edit("EDIT_TEXT", {
      codebaseIdToEditText: id,
      newText,
      oldText,
      ...this.instanceFields(),
    })
  }

  /**
   * Lists the canvas's components again (Add element opens with the files as they are now); the
   * last list stays while the new one comes.
   */
  async loadComponents(): Promise<void> {
    if (!this.listComponents) return
    this.update({ components: { ...this.snapshot.components, status: "loading" } })
    try {
      const list = await this.listComponents()
      this.update({ components: { status: "ready", list, message: null } })
    } catch (error) {
      const message =
        error instanceof CanvasRefusal ? error.message : "The components could not be listed"
      this.update({ components: { status: "failed", list: [], message } })
    }
  }

  /**
   * Asks the source whether Add element may put a sibling beside the selection when its parent in
   * the tree is a component instance (insert-position.ts): the selection's and the instance's
   * spans, read once per selection. Elsewhere there is nothing to ask.
   */
  async checkBeside(key: string | null): Promise<void> {
    const { nodes, besideVerdict } = this.snapshot
    const node = key === null ? undefined : nodes.get(key)
    const instance = node ? parentInstanceOf(nodes, node) : undefined
    const own = codebaseIdOf(key)
    const instanceId = codebaseIdOf(instance?.key)
    if (key === null || !node || !instance || !own || !instanceId || !this.readElementSource) {
      if (besideVerdict !== null) this.update({ besideVerdict: null })
      return
    }
    // Once per key: an edit of the source renames the ids after it, and so the keys.
    if (besideVerdict?.key === key) return
    this.update({ besideVerdict: { key, status: "checking", reason: null } })
    let verdict: BesideVerdict
    try {
      const [ownSpan, instanceSpan] = await Promise.all([
        this.readElementSource(own),
        this.readElementSource(instanceId),
      ])
      const answer = besideComponentChild(node, instance, ownSpan, instanceSpan)
      verdict = answer.allowed
        ? { key, status: "allowed", reason: null }
        : { key, status: "refused", reason: answer.reason }
    } catch (error) {
      const why = error instanceof CanvasRefusal ? error.message : "the server did not answer"
      verdict = {
        key,
        status: "refused",
        reason: `Not before or after: where it is written could not be read (${why})`,
      }
    }
    // Another element selected meanwhile: this answer is for the one before.
    if (this.snapshot.selectedKey === key) this.update({ besideVerdict: verdict })
  }

  /** Where an element dragged from Add element goes if let go now (dragNewElementOver). */
  private dropTarget: { readonly key: string; readonly position: InsertPosition } | null = null

  /**
   * An element dragged from Add element is over this point of the canvas's frame (its own
   * coordinates), or off the canvas (null): the frame says which element is there and where
   * (insertTargetAt), made one of the positions that element offers, and shows it.
   */
  async dragNewElementOver(
    point: { readonly clientX: number; readonly clientY: number } | null,
  ): Promise<void> {
    const answer = point === null ? null : await this.call("insertTargetAt", [point])
    const key = isRecord(answer) ? str(answer.elementKey) : undefined
    const wanted = isRecord(answer) ? str(answer.position) : undefined
    const offered = key === undefined ? [] : insertPositionsFor(this.snapshot.nodes, key)
    const position = offered.find((where) => where === wanted) ?? defaultInsertPosition(offered)
    this.dropTarget = key !== undefined && position !== undefined ? { key, position } : null
    void this.call("showInsertIndicator", [this.dropTarget?.key ?? null, position ?? "inside"])
  }

  /** The dragged element let go: added where it was last shown, selected there first. */
  dropNewElement(kind: NewElementKind): void {
    const target = this.dropTarget
    this.dropTarget = null
    void this.call("showInsertIndicator", [null, "inside"])
    if (target === null || !this.snapshot.nodes.has(target.key)) return
    this.select(target.key)
    this.addElement(kind, target.position)
  }

  /** The canvas shows where Add element will put the new element (null: nowhere). */
  showInsertIndicator(key: string | null, position: InsertPosition): void {
    void this.call("showInsertIndicator", [key, position])
  }

  /**
   * Adds an element, or a component of the app with the props it must be given (then without a
   * preview), before, after or inside (last) the selected one.
   */
  addElement(kind: NewElementKind | ComponentToAdd, position: InsertPosition = "inside"): void {
    const { selectedKey: key, nodes, besideVerdict } = this.snapshot
    const place = key === null ? undefined : placeFields(nodes, key, position, besideVerdict)
    if (!place) return
    // Beside a child a component renders as given, the frame cannot show a placeholder in the
    // instance (its elements are the children): the canvas shows it once the source has it.
    const node = key === null ? undefined : nodes.get(key)
    const inInstance =
      position !== "inside" && node !== undefined && siblingParentId(nodes, node) === undefined
    if (typeof kind === "object") {
      const props = kind.props ?? {}
      void this.edit(
        "ADD_JSX",
        {
          ...place,
          componentName: kind.component,
          ...(kind.file === undefined ? {} : { componentFile: kind.file }),
          ...(Object.keys(props).length > 0 ? { propsToSet: { ...props } } : {}),
        },
        // A placeholder is not the component: the user sees it once the source has it.
        { instantUpdate: false },
      )
      return
    }
    const { tag, props } = NEW_ELEMENTS[kind]
    void this.edit(
      "ADD_JSX",
      {
        ...place,
        addNativeTag: tag,
        addCodebaseId: `${ADD_JSX_PLACEHOLDER_PREFIX}${this.newId().slice(0, 8)}`,
        propsToSet: { ...props },
      },
      inInstance ? { instantUpdate: false } : {},
    )
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
}
