/**
 * Errors in the edited app (§8): hydration errors detected by their text and reported to the
 * parent; with framework=VITE, window errors and unhandled rejections shown in Vite's overlay.
 */
import type { HydrationMessageStatus, HydrationStatusMessage } from "./protocol.ts"

export type HydrationStatus = "no_error" | "error" | "other_error"

export const HYDRATION_ERROR_TEXT = "Hydration failed"

const MESSAGE_STATUS: Readonly<Record<HydrationStatus, HydrationMessageStatus>> = {
  no_error: "NO_ERROR",
  error: "HYDRATION_ERROR",
  other_error: "OTHER_ERROR",
}

export const isHydrationError = (text: string): boolean => text.includes(HYDRATION_ERROR_TEXT)

const describe = (reason: unknown): { message: string; stack: string } => {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack ?? "" }
  return { message: typeof reason === "string" ? reason : String(reason), stack: "" }
}

export interface ErrorWatch {
  status(): HydrationStatusMessage
  dispose(): void
}

/** Shows an error in Vite's development overlay (the element Vite's client defines). */
export const showInViteOverlay = (doc: Document, reason: unknown): void => {
  const Overlay = doc.defaultView?.customElements?.get("vite-error-overlay")
  if (!Overlay) return
  const { message, stack } = describe(reason)
  doc.querySelectorAll("vite-error-overlay").forEach((old) => old.remove())
  const overlay = new Overlay({ message, stack })
  doc.body.appendChild(overlay)
}

export const watchErrors = (
  win: Window,
  options: {
    readonly viteOverlay: boolean
    readonly onChange: (status: HydrationStatusMessage) => void
  },
): ErrorWatch => {
  let status: HydrationStatus = "no_error"
  let last: { message: string; stack: string } | undefined

  const record = (reason: unknown, fromConsole: boolean) => {
    const described = describe(reason)
    const hydration = isHydrationError(described.message)
    // Console output counts only for hydration; other console.error calls are the app's business.
    if (fromConsole && !hydration) return
    const next: HydrationStatus = hydration ? "error" : status === "error" ? "error" : "other_error"
    last = described
    if (!fromConsole && options.viteOverlay) showInViteOverlay(win.document, reason)
    status = next
    options.onChange(current())
  }

  const current = (): HydrationStatusMessage =>
    status === "no_error" || !last
      ? { status: MESSAGE_STATUS.no_error }
      : {
          status: MESSAGE_STATUS[status],
          errorDescr: last.message,
          errorLabel: status === "error" ? "Hydration error" : "Error",
          errorBody: last.stack,
        }

  const onError = (event: ErrorEvent) => record(event.error ?? event.message, false)
  const onRejection = (event: PromiseRejectionEvent) => record(event.reason, false)
  win.addEventListener("error", onError)
  win.addEventListener("unhandledrejection", onRejection)
  // React reports recoverable hydration mismatches through console.error.
  const original = console.error.bind(console)
  const patched = (...args: Array<unknown>) => {
    original(...args)
    const text = args.map((arg) => describe(arg).message).join(" ")
    if (isHydrationError(text)) record(text, true)
  }
  console.error = patched

  return {
    status: current,
    dispose: () => {
      win.removeEventListener("error", onError)
      win.removeEventListener("unhandledrejection", onRejection)
      if (console.error === patched) console.error = original
    },
  }
}
