import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from "react"
import { deferred, useIdlePreload } from "./idle-preload.ts"

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

/** Radix's Toast and the toast's look: not part of any page's first load (idle-preload.ts). */
const ToastView = deferred(async () => (await import("./toast-view.tsx")).default)

export const ToastProvider = ({ children }: { readonly children: ReactNode }) => {
  const [shown, setShown] = useState<Shown | null>(null)
  // A new toast replaces the one on screen: a fresh key restarts Radix's 5 s timer.
  const toast = useCallback(
    (message: ToastMessage) =>
      setShown((previous) => ({ ...message, key: (previous?.key ?? 0) + 1 })),
    [],
  )
  const closed = useCallback(
    (key: number) => setShown((current) => (current?.key === key ? null : current)),
    [],
  )
  const value = useMemo(() => toast, [toast])
  useIdlePreload(ToastView.preload)
  return (
    <ToastContext.Provider value={value}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ToastView.Component shown={shown} onClosed={closed} />
        </Suspense>
      )}
    </ToastContext.Provider>
  )
}

export const useToast = (): ((message: ToastMessage) => void) => {
  const toast = useContext(ToastContext)
  if (!toast) throw new Error("useToast outside ToastProvider")
  return toast
}
