import { X } from "lucide-react"
import { Toast } from "radix-ui"
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react"
import { CelebrationCheck } from "./celebration.tsx"
import { cn } from "./cn.ts"

/** The spec's toasts (§9): one at a time, dismissed after 5 s. */
export const TOAST_DURATION_MS = 5000

export interface ToastMessage {
  readonly title: string
  readonly description?: string
  /** `celebrate`: a success worth a moment (an entry sent), with a drawn check and confetti. */
  readonly variant?: "default" | "destructive" | "celebrate"
}

interface Shown extends ToastMessage {
  readonly key: number
}

const ToastContext = createContext<((message: ToastMessage) => void) | null>(null)

export const ToastProvider = ({ children }: { readonly children: ReactNode }) => {
  const [shown, setShown] = useState<Shown | null>(null)
  // A new toast replaces the one on screen: a fresh key restarts Radix's 5 s timer.
  const toast = useCallback(
    (message: ToastMessage) =>
      setShown((previous) => ({ ...message, key: (previous?.key ?? 0) + 1 })),
    [],
  )
  const value = useMemo(() => toast, [toast])
  return (
    <ToastContext.Provider value={value}>
      <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
        {children}
        {shown && (
          <Toast.Root
            key={shown.key}
            defaultOpen
            onOpenChange={(open) => {
              if (!open) setShown((current) => (current?.key === shown.key ? null : current))
            }}
            data-slot="toast"
            className={cn(
              "grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border p-4 shadow-overlay",
              shown.variant === "destructive"
                ? "border-red-300 bg-destructive-soft text-red-900"
                : "border-border bg-card text-card-foreground",
            )}
            data-variant={shown.variant ?? "default"}
          >
            <Toast.Title className="flex items-center gap-2 font-semibold">
              {shown.variant === "celebrate" && <CelebrationCheck />}
              {shown.title}
            </Toast.Title>
            {shown.description && (
              <Toast.Description className="col-start-1 text-sm">
                {shown.description}
              </Toast.Description>
            )}
            <Toast.Close
              aria-label="Dismiss notification"
              className="col-start-2 row-start-1 rounded p-1 hover:bg-black/5"
            >
              <X aria-hidden className="size-4" />
            </Toast.Close>
          </Toast.Root>
        )}
        <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </Toast.Provider>
    </ToastContext.Provider>
  )
}

export const useToast = (): ((message: ToastMessage) => void) => {
  const toast = useContext(ToastContext)
  if (!toast) throw new Error("useToast outside ToastProvider")
  return toast
}
