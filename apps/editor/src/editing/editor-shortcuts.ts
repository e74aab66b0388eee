import { useEffect } from "react"
import type { EditorSession } from "./editor-session.ts"
import { copySelection, moveSibling, pasteClipboard } from "./structure-edits.ts"

/** A key pressed, in the parent or in the frame (KEY_DOWN). */
export interface KeyPress {
  readonly key?: string | undefined
  readonly metaKey?: boolean | undefined
  readonly ctrlKey?: boolean | undefined
  readonly shiftKey?: boolean | undefined
  readonly altKey?: boolean | undefined
}

/**
 * One of the editor's shortcuts: the keys shown for it (alternatives, each a chord), what it does,
 * where it works, and, for those the editor handles itself, when a key press is it and what it
 * runs. Those without `run` are handled where they happen (the frame's text editing, Layers).
 * The shortcut sheet ("?") lists this table, so what it shows is what the keys do.
 */
export type ShortcutId =
  | "undo"
  | "redo"
  | "copy"
  | "paste"
  | "pasteInside"
  | "duplicate"
  | "delete"
  | "moveUp"
  | "moveDown"
  | "deselect"
  | "shortcuts"

export interface Shortcut {
  /** For the shortcuts the editor runs: how the menu names the one an item shares. */
  readonly id?: ShortcutId
  readonly keys: ReadonlyArray<ReadonlyArray<string>>
  readonly what: string
  readonly where: "Anywhere" | "Canvas" | "Layers"
  readonly matches?: (press: KeyPress) => boolean
  readonly run?: (session: EditorSession) => void
  /**
   * It reads the selected element's place in the page tree (its siblings, its name): pressed while
   * the tree does not have the selection yet, it waits for the tree that has it.
   */
  readonly needsTree?: true
}

const command = (press: KeyPress) => press.metaKey === true || press.ctrlKey === true
const letter = (press: KeyPress) => press.key?.toLowerCase()

export const EDITOR_SHORTCUTS: ReadonlyArray<Shortcut> = [
  {
    id: "undo",
    keys: [["⌘/Ctrl", "Z"]],
    what: "Undo",
    where: "Anywhere",
    matches: (press) => command(press) && letter(press) === "z" && press.shiftKey !== true,
    run: (session) => void session.undo(),
  },
  {
    id: "redo",
    keys: [
      ["⌘/Ctrl", "Shift", "Z"],
      ["⌘/Ctrl", "Y"],
    ],
    what: "Redo",
    where: "Anywhere",
    matches: (press) =>
      command(press) &&
      ((letter(press) === "z" && press.shiftKey === true) || letter(press) === "y"),
    run: (session) => void session.redo(),
  },
  {
    id: "copy",
    keys: [["⌘/Ctrl", "C"]],
    what: "Copy the selected element",
    where: "Anywhere",
    matches: (press) => command(press) && letter(press) === "c" && press.shiftKey !== true,
    run: (session) => void copySelection(session),
    needsTree: true,
  },
  {
    id: "paste",
    keys: [["⌘/Ctrl", "V"]],
    what: "Paste the copied element after the selection (in any file)",
    where: "Anywhere",
    matches: (press) => command(press) && letter(press) === "v" && press.shiftKey !== true,
    run: (session) => pasteClipboard(session, "after"),
  },
  {
    id: "pasteInside",
    keys: [["⌘/Ctrl", "Shift", "V"]],
    what: "Paste the copied element inside the selection",
    where: "Anywhere",
    matches: (press) => command(press) && letter(press) === "v" && press.shiftKey === true,
    run: (session) => pasteClipboard(session, "inside"),
  },
  {
    id: "duplicate",
    keys: [["⌘/Ctrl", "D"]],
    what: "Duplicate the selection",
    where: "Anywhere",
    matches: (press) => command(press) && letter(press) === "d",
    run: (session) => session.duplicate(),
  },
  {
    id: "delete",
    keys: [["Delete"], ["Backspace"]],
    what: "Delete the selection",
    where: "Anywhere",
    matches: (press) => !command(press) && (press.key === "Delete" || press.key === "Backspace"),
    run: (session) => session.remove(),
  },
  {
    id: "moveUp",
    keys: [["Alt", "↑"]],
    what: "Move the selection up among its siblings",
    where: "Anywhere",
    matches: (press) => press.altKey === true && !command(press) && press.key === "ArrowUp",
    run: (session) => moveSibling(session, "up"),
    needsTree: true,
  },
  {
    id: "moveDown",
    keys: [["Alt", "↓"]],
    what: "Move the selection down among its siblings",
    where: "Anywhere",
    matches: (press) => press.altKey === true && !command(press) && press.key === "ArrowDown",
    run: (session) => moveSibling(session, "down"),
    needsTree: true,
  },
  {
    id: "deselect",
    keys: [["Esc"]],
    what: "Clear the selection",
    where: "Anywhere",
    matches: (press) => press.key === "Escape",
    run: (session) => session.select(null),
  },
  {
    id: "shortcuts",
    keys: [["?"]],
    what: "Show these shortcuts",
    where: "Anywhere",
    matches: (press) => press.key === "?" && !command(press),
    run: (session) => session.setShortcutsOpen(true),
  },
  {
    keys: [["Shift", "F10"], ["Menu"]],
    what: "Open the element menu of the focused layer (right-click does it with the pointer)",
    where: "Layers",
  },
  {
    keys: [["Shift", "Click"]],
    what: "Add a sibling to the selection, or take it out",
    where: "Layers",
  },
  {
    keys: [["Double-click"], ["Enter"]],
    what: "Edit the selected element's text (static text only)",
    where: "Canvas",
  },
  {
    keys: [["Enter"]],
    what: "Save the text being edited (Shift+Enter: a new line)",
    where: "Canvas",
  },
  {
    keys: [["Esc"]],
    what: "Cancel the text being edited",
    where: "Canvas",
  },
]

/** The keys of a shortcut the editor runs, as the menu shows them beside its item ("⌘/Ctrl+C"). */
export const shortcutKeys = (id: ShortcutId): string =>
  EDITOR_SHORTCUTS.find((shortcut) => shortcut.id === id)?.keys[0]?.join("+") ?? ""

/** The shortcut a key press is, among those the editor runs itself. */
export const shortcutFor = (press: KeyPress): Shortcut | undefined =>
  EDITOR_SHORTCUTS.find((shortcut) => shortcut.run !== undefined && shortcut.matches?.(press))

/** Where a key belongs to what is typed: a text field, a select, an editable element. */
const typingInto = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  return (
    target.closest("input, textarea, select, [contenteditable='true'], [role='textbox']") !== null
  )
}

/** Text the user selected in the editor (in the code panel, a message): ⌘/Ctrl+C copies it. */
const textSelected = () => {
  const selection = window.getSelection()
  return selection !== null && !selection.isCollapsed && selection.toString() !== ""
}

/**
 * The editor's shortcuts wherever the focus is in the parent (a layer, a panel, the toolbar), not
 * only while the iframe has it: the frame forwards its own keys (KEY_DOWN), and the parent's
 * keys are handled here, except while typing in a field, inside an open dialog or menu (whose
 * keys are their own), or copying text the user selected.
 */
export const useEditorShortcuts = (session: EditorSession) => {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || typingInto(event.target)) return
      if (event.target instanceof Element && event.target.closest("[role='dialog'], [role='menu']"))
        return
      const press: KeyPress = {
        key: event.key,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
      }
      if (shortcutFor(press)?.id === "copy" && textSelected()) return
      const handled = session.handleKey(press)
      // ⌘/Ctrl+D would bookmark the page, Backspace scroll or go back: the editor's, not the browser's.
      if (handled) event.preventDefault()
    }
    window.addEventListener("keydown", onKeyDown)
    return () => window.removeEventListener("keydown", onKeyDown)
  }, [session])
}
