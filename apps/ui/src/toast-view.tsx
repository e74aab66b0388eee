import { X } from "lucide-react"
import { Toast } from "radix-ui"
import { CelebrationCheck } from "./celebration.tsx"
import { cn } from "./cn.ts"
import { useT } from "./i18n.tsx"
import { TOAST_DURATION_MS, type ToastMessage } from "./toast.tsx"

/**
 * What a toast looks like on screen, on Radix's Toast: its own chunk, which ToastProvider loads
 * when the page is idle (or when the first toast comes, whichever is first), so the first screen
 * of every page carries no toast code.
 */
const ToastView = ({
  shown,
  onClosed,
}: {
  readonly shown: ToastMessage & { readonly key: number }
  readonly onClosed: (key: number) => void
}) => {
  const t = useT()
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      label={t("ui.toast.region")}
    >
      <Toast.Root
        key={shown.key}
        defaultOpen
        onOpenChange={(open) => {
          if (!open) onClosed(shown.key)
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
          <Toast.Description className="col-start-1 text-sm">{shown.description}</Toast.Description>
        )}
        <Toast.Close
          aria-label={t("ui.toast.dismiss")}
          className="col-start-2 row-start-1 rounded p-1 hover:bg-black/5"
        >
          <X aria-hidden className="size-4" />
        </Toast.Close>
      </Toast.Root>
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  )
}

export default ToastView
