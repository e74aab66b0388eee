/** What the editor's screens read (EditorSession's snapshot), and the words they read it with. */
import type { CanvasComponent } from "../api/canvas-api.ts"
import type { ChangeLedgerItem } from "../../../../domain/editing/change-ledger.ts"
import { isCodebaseId } from "../../../../domain/editing/codebase-id.ts"
import { elementKeyParts } from "../../../../domain/editing/element-key.ts"
import type { Breakpoint, PseudoModifier } from "../../../../domain/editing/styling.ts"
import type { TreeNode } from "../frame/nav-tree.ts"
import type { BesideVerdict } from "./insert-position.ts"
import type { EditTarget } from "./usage-site.ts"

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

/** The canvas's components as the server last listed them, for Add element. */
export interface ComponentListing {
  readonly status: "idle" | "loading" | "ready" | "failed"
  readonly list: ReadonlyArray<CanvasComponent>
  /** Why the list could not be had, when it failed. */
  readonly message: string | null
}

/**
 * The element menu, open for an element: where it was asked for (a right-click in the canvas, in
 * its coordinates, or in Layers or from the keyboard, in the editor's own).
 */
export interface ContextMenuAt {
  readonly key: string
  readonly x: number
  readonly y: number
  readonly from: "frame" | "editor"
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
  /** The width the canvas previews the app at, in CSS pixels; null fills the canvas panel. */
  readonly previewWidth: number | null
  /** The zoom the frame is drawn at: zoomPerc, or less when the previewed width must fit. */
  readonly frameZoomPerc: number
  readonly modifiers: Modifiers
  readonly canUndo: boolean
  readonly canRedo: boolean
  readonly editingTextKey: string | null
  /** Where class and text edits of an element a component instance renders go (usage-site.ts). */
  readonly editTarget: EditTarget
  readonly components: ComponentListing
  readonly contextMenu: ContextMenuAt | null
  /** The element copied with ⌘/Ctrl+C (or the menu's Copy), ready to paste in any file. */
  readonly clipboard: CopiedElement | null
  /** The shortcut sheet ("?") is open. */
  readonly shortcutsOpen: boolean
  /** Whether Add element may go beside a selection whose parent is a component instance. */
  readonly besideVerdict: BesideVerdict | null
  /** Side by side: the two frames' widths (the first frame, then the second); null: one frame. */
  readonly sideBySide: readonly [number, number] | null
  /** The frame the user last worked in, side by side: its width decides the breakpoint. */
  readonly activeFrame: 0 | 1
}

/** An element's JSX as its file has it, with that file's imports, for pasting (clipboard.ts). */
export interface CopiedElement {
  /** The file it was copied from, relative to the canvas root: its relative imports start there. */
  readonly path: string
  readonly name: string
  readonly text: string
  /** The import declarations of its file, as written. */
  readonly imports: string
}
export const ZOOM_STEPS: ReadonlyArray<number> = [25, 50, 67, 75, 90, 100, 110, 125, 150, 200]

/** The codebase id of a key, when it is one the source has (not the storyboard). */
export const codebaseIdOf = (key: string | null | undefined): string | undefined => {
  if (!key) return undefined
  const parts = elementKeyParts(key)
  return parts && isCodebaseId(parts.codebaseId) ? parts.codebaseId : undefined
}

/** Reading a frame message's payload, which is unknown until checked. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
export const str = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined
