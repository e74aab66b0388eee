import { type FormEvent, useId, useState } from "react"
import { Button } from "../../../ui/src/button.tsx"
import { DialogActions, FormDialog } from "../../../ui/src/dialog.tsx"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { editableText } from "../frame/nav-tree.ts"

/**
 * The element menu's Edit text: the element's static text in a field, saved through the same
 * EDIT_TEXT as typing in the canvas (its old text checked by the server). Dynamic text
 * (`{title}`) never gets here: the menu offers it only for static text.
 */
const TextForm = ({
  initial,
  onClose,
}: {
  readonly initial: string
  readonly onClose: () => void
}) => {
  const session = useSession()
  const [value, setValue] = useState(initial)
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    session.editText(value)
    onClose()
  }
  return (
    <form onSubmit={submit}>
      <label htmlFor={id} className="text-sm font-medium">
        Text
      </label>
      <textarea
        id={id}
        value={value}
        rows={3}
        className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm"
        onChange={(event) => setValue(event.target.value)}
      />
      <DialogActions>
        <Button type="button" variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={value === initial}>
          Save text
        </Button>
      </DialogActions>
    </form>
  )
}

export const EditTextDialog = ({
  elementKey,
  onClose,
}: {
  readonly elementKey: string | null
  readonly onClose: () => void
}) => {
  const { nodes } = useEditor()
  const node = elementKey === null ? undefined : nodes.get(elementKey)
  const text = node ? editableText(node) : null
  return (
    <FormDialog
      open={text !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={`Edit the text of ${node?.name ?? "the element"}`}
    >
      {text !== null && <TextForm key={elementKey} initial={text} onClose={onClose} />}
    </FormDialog>
  )
}
