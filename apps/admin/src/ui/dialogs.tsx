import { X } from "lucide-react"
import { AlertDialog, Dialog } from "radix-ui"
import { useState, type FormEvent, type ReactElement, type ReactNode } from "react"
import { Button, messageOf } from "../../../web/src/ui/ui.tsx"
import { FormAlert } from "./form.tsx"

const overlayClass = "fixed inset-0 z-50 bg-slate-900/50"
const contentClass =
  "fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"

/**
 * A dialog holding a form (Radix: focus trapped, Escape closes, labelled by its title). The
 * caller owns `open`, so it can close the dialog once the server said yes.
 */
export const FormDialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  trigger,
}: {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly title: string
  readonly description?: ReactNode
  readonly children: ReactNode
  readonly trigger?: ReactElement
}) => (
  <Dialog.Root open={open} onOpenChange={onOpenChange}>
    {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
    <Dialog.Portal>
      <Dialog.Overlay className={overlayClass} />
      <Dialog.Content
        className={contentClass}
        {...(description ? {} : { "aria-describedby": undefined })}
      >
        <Dialog.Title className="pr-8 text-xl font-semibold text-slate-900">{title}</Dialog.Title>
        {description && (
          <Dialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </Dialog.Description>
        )}
        <div className="mt-4">{children}</div>
        <Dialog.Close
          aria-label="Close dialog"
          className="absolute top-3 right-3 rounded p-1 text-slate-600 hover:bg-slate-100"
        >
          <X aria-hidden className="size-5" />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
)

export const DialogActions = ({ children }: { readonly children: ReactNode }) => (
  <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>
)

/**
 * An action that cannot be taken back asks first (Radix AlertDialog). `onConfirm` does the
 * action: when it resolves the dialog closes; `false` keeps it open (the form inside said what
 * is missing); a refusal is shown inside, and the dialog stays open to try again or go back.
 */
export const ConfirmDialog = ({
  trigger,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel = "Go back",
  variant = "danger",
  onConfirm,
  onOpenChange,
  children,
}: {
  readonly trigger: ReactElement
  readonly title: string
  readonly description: ReactNode
  readonly confirmLabel: string
  readonly busyLabel: string
  readonly cancelLabel?: string
  readonly variant?: "danger" | "primary"
  readonly onConfirm: () => Promise<boolean | void>
  readonly onOpenChange?: (open: boolean) => void
  readonly children?: ReactNode
}) => {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const change = (next: boolean) => {
    if (busy) return
    setOpen(next)
    setProblem(null)
    onOpenChange?.(next)
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      const done = await onConfirm()
      setBusy(false)
      if (done !== false) {
        setOpen(false)
        onOpenChange?.(false)
      }
    } catch (error) {
      setBusy(false)
      setProblem(messageOf(error, "The server refused the action"))
    }
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClass} />
        <AlertDialog.Content className={contentClass}>
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">
            {description}
          </AlertDialog.Description>
          <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-4" noValidate>
            {children}
            <FormAlert message={problem} />
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={busy}>
                  {cancelLabel}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant={variant} disabled={busy}>
                {busy ? busyLabel : confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
