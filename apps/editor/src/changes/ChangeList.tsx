import { refusalText } from "./refusal-text.ts"
import { AlertTriangle, Check, LoaderCircle, X } from "lucide-react"
import type { ChangeLedgerItem } from "../../../../domain/editing/change-ledger.ts"
import { useEditor, useSession } from "../editing/editor-context.tsx"

/** The words of a change's state: where it is in its lifecycle, and how its preview went. */
export const changeState = (
  item: ChangeLedgerItem,
): { readonly label: string; readonly state: "pending" | "saved" | "failed" } => {
  if (item.processing.stage === "pending") return { label: "Saving…", state: "pending" }
  return item.processing.outcome === "succeeded"
    ? { label: "Saved", state: "saved" }
    : { label: "Failed", state: "failed" }
}

export const previewState = (item: ChangeLedgerItem): string | null => {
  const instant = item.instantUpdate
  switch (instant.status) {
    case "not-needed":
      return null
    case "not-sent":
      return "preview not sent"
    case "sent":
      return "previewing…"
    case "finished":
      return instant.successful ? "previewed" : "no preview"
  }
}

const ICONS = {
  pending: <LoaderCircle aria-hidden className="size-3.5 animate-spin text-slate-500" />,
  saved: <Check aria-hidden className="size-3.5 text-green-700" />,
  failed: <AlertTriangle aria-hidden className="size-3.5 text-red-700" />,
} as const

/** Every change of this session, newest first, with its state. */
export const ChangeList = () => {
  const { ledger } = useEditor()
  const items = [...ledger].reverse()
  return (
    <section aria-labelledby="changes-heading" className="flex min-h-0 flex-col bg-white">
      <h2
        id="changes-heading"
        className="border-b border-slate-200 px-3 py-2 text-sm font-semibold"
      >
        Changes <span className="font-normal text-slate-500">({ledger.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="px-3 py-3 text-xs text-slate-500">No changes yet.</p>
      ) : (
        <ol
          aria-label="Changes"
          className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto"
        >
          {items.map((item) => {
            const { label, state } = changeState(item)
            const preview = previewState(item)
            return (
              <li
                key={item.id}
                data-state={state}
                className="flex items-center gap-2 px-3 py-1.5 text-xs"
                aria-label={`${item.changeName}: ${label}`}
              >
                {ICONS[state]}
                <span className="flex-1 truncate">{item.changeName}</span>
                {preview && <span className="text-slate-400">{preview}</span>}
                <span
                  className={
                    state === "failed"
                      ? "font-medium text-red-700"
                      : state === "saved"
                        ? "text-green-700"
                        : "text-slate-500"
                  }
                >
                  {label}
                </span>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** The server refused the last change: what, why (its words and code), and a way to close it. */
export const RefusalMessage = () => {
  const { refusal, nodes } = useEditor()
  const session = useSession()
  if (!refusal) return null
  return (
    <div
      role="alert"
      className="flex items-start gap-3 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex-1">
        <p className="font-semibold">The server refused “{refusal.changeName}”</p>
        <p>
          {refusalText(refusal.message, nodes)}
          {refusal.code !== "" && <span className="ml-1 font-mono text-xs">({refusal.code})</span>}
        </p>
        <p className="text-xs text-red-800">The source files were not changed by it.</p>
      </div>
      <button
        type="button"
        aria-label="Dismiss the message"
        className="rounded p-1 hover:bg-red-100"
        onClick={() => session.dismissRefusal()}
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  )
}
