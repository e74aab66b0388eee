import { useEffect } from "react"
import type { EditorSession } from "./editor-session.ts"

/** Where a key belongs to what is typed: a text field, a select, an editable element. */
const typingInto = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  return (
    target.closest("input, textarea, select, [contenteditable='true'], [role='textbox']") !== null
  )
}

/**
 * The editor's shortcuts wherever the focus is in the parent (a layer, a panel, the toolbar), not
 * only while the iframe has it: the frame forwards its own keys (KEY_DOWN), and the parent's
 * keys are handled here, except while typing in a field or inside an open dialog (whose Escape
 * is its own).
 */
export const useEditorShortcuts = (session: EditorSession) => {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || typingInto(event.target)) return
      if (event.target instanceof Element && event.target.closest("[role='dialog']")) return
      const handled = session.handleKey({
        key: event.key,
        metaKey: event.metaKey,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
      })
      // ⌘/Ctrl+D would bookmark the page, Backspace scroll or go back: the editor's, not the browser's.
      if (handled) event.preventDefault()
    }
    window.addEventListener("keydown", onKeyDown)
    return () => window.removeEventListener("keydown", onKeyDown)
  }, [session])
}
