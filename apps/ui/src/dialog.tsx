import { X } from "lucide-react"
import { Dialog } from "radix-ui"
import type { ReactElement, ReactNode } from "react"
import { cn } from "./cn.ts"
import { useT } from "./i18n.tsx"

/** The dim layer behind every dialog. */
export const dialogOverlayClass = "fixed inset-0 z-50 bg-overlay"

/** The dialog's box: centred, scrolls inside itself when taller than the screen. */
export const dialogContentClass =
  "fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-dialog bg-card p-6 text-card-foreground shadow-overlay"

/** The ✕ in a dialog's corner. */
export const DialogClose = () => {
  const t = useT()
  return (
    <Dialog.Close
      aria-label={t("ui.dialog.close")}
      className="absolute top-3 right-3 rounded p-1 text-muted-foreground hover:bg-muted"
    >
      <X aria-hidden className="size-5" />
    </Dialog.Close>
  )
}

/**
 * A dialog (Radix: focus trapped, Escape closes, labelled by its title). The caller owns `open`,
 * so it can close the dialog once the server said yes; the body may change while it is open
 * (the submission flow's steps), each with its own `DialogTitle`.
 */
export const DialogShell = ({
  open,
  onOpenChange,
  children,
  closable = true,
  trigger,
  describedBy = true,
  className,
}: {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly children: ReactNode
  /** False while something must not be interrupted (an upload): no close button, no Escape. */
  readonly closable?: boolean
  readonly trigger?: ReactElement
  /** False when the dialog has no `DialogDescription`. */
  readonly describedBy?: boolean
  readonly className?: string
}) => (
  <Dialog.Root open={open} onOpenChange={(next) => (closable || next) && onOpenChange(next)}>
    {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
    <Dialog.Portal>
      <Dialog.Overlay className={dialogOverlayClass} />
      <Dialog.Content
        data-slot="dialog"
        className={cn(dialogContentClass, className)}
        onEscapeKeyDown={(event) => !closable && event.preventDefault()}
        onPointerDownOutside={(event) => !closable && event.preventDefault()}
        {...(describedBy ? {} : { "aria-describedby": undefined })}
      >
        {children}
        {closable && <DialogClose />}
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
)

export const DialogTitle = ({ children }: { readonly children: ReactNode }) => (
  <Dialog.Title className="pr-8 text-xl font-semibold text-foreground">{children}</Dialog.Title>
)

export const DialogDescription = ({ children }: { readonly children: ReactNode }) => (
  <Dialog.Description className="mt-2 text-sm text-muted-foreground">{children}</Dialog.Description>
)

export const DialogActions = ({ children }: { readonly children: ReactNode }) => (
  <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>
)

/** A dialog holding a form: its title, its description when there is one, then the form. */
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
  <DialogShell
    open={open}
    onOpenChange={onOpenChange}
    describedBy={Boolean(description)}
    {...(trigger ? { trigger } : {})}
  >
    <DialogTitle>{title}</DialogTitle>
    {description && <DialogDescription>{description}</DialogDescription>}
    <div className="mt-4">{children}</div>
  </DialogShell>
)
