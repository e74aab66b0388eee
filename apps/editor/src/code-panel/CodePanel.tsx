import { ChevronDown, ChevronUp, Code2 } from "lucide-react"
import { useEffect, useState } from "react"
import type { ElementSource } from "../api/element-source-api.ts"
import { CanvasRefusal } from "../api/canvas-api.ts"
import { refusalText } from "../changes/refusal-text.ts"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { codebaseIdOf } from "../editing/editor-snapshot.ts"

const OPEN_KEY = "colorday.editor.codePanelOpen"

const readOpen = () => {
  try {
    return globalThis.localStorage?.getItem(OPEN_KEY) === "true"
  } catch {
    return false
  }
}

type Reading =
  | { readonly status: "none" }
  | { readonly status: "loading"; readonly id: string }
  | { readonly status: "ready"; readonly id: string; readonly source: ElementSource }
  | { readonly status: "failed"; readonly id: string; readonly message: string }

/**
 * The selected element's source, read only, under the canvas: its file, the lines it spans and
 * its JSX as the file has it, read again when the selection changes and after each change the
 * server saves, so it follows the canvas. Open or closed is remembered.
 */
export const CodePanel = () => {
  const session = useSession()
  const { selectedKey, multiSelectedKeys, ledger, nodes } = useEditor()
  const [open, setOpen] = useState(readOpen)
  const [reading, setReading] = useState<Reading>({ status: "none" })
  const id = multiSelectedKeys.length > 0 ? undefined : codebaseIdOf(selectedKey)
  // A saved change may have moved or rewritten the element: read it again after each.
  const saves = ledger.filter((item) => item.processing.stage !== "pending").length
  const read = session.readElementSource

  useEffect(() => {
    if (!open || id === undefined || !read) {
      setReading({ status: "none" })
      return
    }
    let current = true
    setReading((before) =>
      before.status === "ready" && before.id === id ? before : { status: "loading", id },
    )
    read(id).then(
      (source) => current && setReading({ status: "ready", id, source }),
      (error: unknown) =>
        current &&
        setReading({
          status: "failed",
          id,
          message: error instanceof CanvasRefusal ? error.message : "The source could not be read",
        }),
    )
    return () => {
      current = false
    }
  }, [open, id, read, saves])

  const toggle = () => {
    setOpen(!open)
    try {
      globalThis.localStorage?.setItem(OPEN_KEY, String(!open))
    } catch {
      // Refused storage: for this page only.
    }
  }
  return (
    <section aria-label="Code" className="flex min-h-0 flex-col border-t border-slate-200 bg-white">
      <h2 className="flex items-center">
        <button
          type="button"
          aria-expanded={open}
          className="flex flex-1 items-center gap-2 px-3 py-1.5 text-left text-xs font-semibold text-slate-700 hover:bg-slate-50"
          onClick={toggle}
        >
          <Code2 aria-hidden className="size-4" />
          Code
          {reading.status === "ready" && (
            <span className="font-mono font-normal text-slate-500">
              {reading.source.path}:{reading.source.startLine}
              {reading.source.endLine > reading.source.startLine && `–${reading.source.endLine}`}
            </span>
          )}
          {open ? (
            <ChevronDown aria-hidden className="ml-auto size-4" />
          ) : (
            <ChevronUp aria-hidden className="ml-auto size-4" />
          )}
        </button>
      </h2>
      {open && (
        <div className="h-48 overflow-auto border-t border-slate-100">
          {id === undefined ? (
            <p className="px-3 py-2 text-xs text-slate-500">
              {multiSelectedKeys.length > 0
                ? "Select one element to see its code."
                : "Select an element to see its code."}
            </p>
          ) : reading.status === "failed" ? (
            <p role="alert" className="px-3 py-2 text-xs text-red-700">
              {refusalText(reading.message, nodes)}
            </p>
          ) : reading.status === "ready" ? (
            <pre
              aria-label={`${reading.source.path}, lines ${reading.source.startLine} to ${reading.source.endLine}`}
              className="px-3 py-2 font-mono text-xs leading-5 text-slate-800"
            >
              {reading.source.text.split("\n").map((line, index) => (
                <div key={index} className="flex">
                  <span
                    aria-hidden
                    className="w-10 shrink-0 pr-3 text-right text-slate-400 select-none"
                  >
                    {reading.source.startLine + index}
                  </span>
                  <code className="whitespace-pre">{line}</code>
                </div>
              ))}
            </pre>
          ) : (
            <p className="px-3 py-2 text-xs text-slate-500">Reading the source…</p>
          )}
        </div>
      )}
    </section>
  )
}
