/** Editing an element's text in place: contenteditable on, and the edited text sent when it ends. */
import { codebaseIdOfKey } from "./codebase-ids.ts"
import type { FrameContext } from "./frame-context.ts"

export interface TextEditing {
  readonly startTextEdit: (key: string) => void
  readonly endTextEdit: () => void
  /** The element whose text is being edited, if any. */
  readonly editingElement: () => Element | undefined
}

export const createTextEditing = (context: FrameContext): TextEditing => {
  const { win, doc, state, send, drawNow } = context
  const { elementsOfKey } = context.lookups

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

  return { startTextEdit, endTextEdit, editingElement }
}
