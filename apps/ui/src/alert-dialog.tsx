import { AlertDialog } from "radix-ui"
import { useState, type FormEvent, type ReactElement, type ReactNode } from "react"
import { Button } from "./button.tsx"
import { cn } from "./cn.ts"
import { dialogContentClass, dialogOverlayClass } from "./dialog.tsx"
import { FormAlert } from "./form.tsx"
import { useT } from "./i18n.tsx"
import { messageOf } from "./messages.ts"

/**
 * An action that cannot be taken back asks first (Radix AlertDialog). `onConfirm` does the
 * action: when it resolves the dialog closes; `false` keeps it open (the form inside said what
 * is missing); a refusal is shown inside (in `problemOf`'s words), and the dialog stays open to
 * try again or go back.
 */
export const ConfirmDialog = ({
  trigger,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  variant = "danger",
  onConfirm,
  onOpenChange,
  confirmDisabled = false,
  problemOf,
  className,
  children,
}: {
  readonly trigger: ReactElement
  readonly title: string
  readonly description: ReactNode
  readonly confirmLabel: string
  readonly busyLabel: string
  /** The way out; "Go back" when not given. */
  readonly cancelLabel?: string
  readonly variant?: "danger" | "primary"
  readonly onConfirm: () => Promise<boolean | void>
  readonly onOpenChange?: (open: boolean) => void
  /** The confirm button stays disabled (e.g. until the password it asks for is typed). */
  readonly confirmDisabled?: boolean
  /** A refusal in words; the server's message, else "The server refused the action". */
  readonly problemOf?: (error: unknown) => string
  readonly className?: string
  readonly children?: ReactNode
}) => {
  const t = useT()
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
      setProblem(problemOf ? problemOf(error) : messageOf(error, t("ui.confirm.refused")))
    }
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content data-slot="alert-dialog" className={cn(dialogContentClass, className)}>
          <AlertDialog.Title className="text-lg font-semibold text-foreground">
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
                  {cancelLabel ?? t("ui.confirm.back")}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant={variant} disabled={busy || confirmDisabled}>
                {busy ? busyLabel : confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
