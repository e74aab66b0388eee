import { X } from "lucide-react"
import { Dialog } from "radix-ui"
import type { ReactNode } from "react"

/**
 * The home page's dialogs (Radix: focus trapped, Escape closes, labelled by their title). The
 * body may change while it is open (the submission flow's steps), each with its own title.
 */
export const DialogShell = ({
  open,
  onOpenChange,
  children,
  closable = true,
}: {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly children: ReactNode
  /** False while something must not be interrupted (an upload): no close button, no Escape. */
  readonly closable?: boolean
}) => (
  <Dialog.Root open={open} onOpenChange={(next) => (closable || next) && onOpenChange(next)}>
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <Dialog.Content
        className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl"
        onEscapeKeyDown={(event) => !closable && event.preventDefault()}
        onPointerDownOutside={(event) => !closable && event.preventDefault()}
      >
        {children}
        {closable && (
          <Dialog.Close
            aria-label="Close dialog"
            className="absolute top-3 right-3 rounded p-1 text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden className="size-5" />
          </Dialog.Close>
        )}
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
)

export const DialogTitle = ({ children }: { readonly children: ReactNode }) => (
  <Dialog.Title className="pr-8 text-xl font-semibold text-slate-900">{children}</Dialog.Title>
)

export const DialogDescription = ({ children }: { readonly children: ReactNode }) => (
  <Dialog.Description className="mt-2 text-sm text-slate-600">{children}</Dialog.Description>
)

export const DialogActions = ({ children }: { readonly children: ReactNode }) => (
  <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>
)
