import { Keyboard, X } from "lucide-react"
import { useState } from "react"
import { useEditor, useSession } from "../editing/editor-context.tsx"

const HIDDEN_KEY = "colorday.editor.welcomeHidden"

const readHidden = () => {
  try {
    return globalThis.localStorage?.getItem(HIDDEN_KEY) === "true"
  } catch {
    return false
  }
}

/**
 * The empty state: while nothing is selected, a card over the canvas says what the three panels
 * are for and how to start, with the shortcut sheet a click away. Clicks pass through it to the
 * app (only its buttons take them), so it never hides an element from the pointer. Closing it
 * is remembered.
 */
export const WelcomeCard = () => {
  const session = useSession()
  const { selectedKey, frameReady, driveMode } = useEditor()
  const [hidden, setHidden] = useState(readHidden)
  if (hidden || selectedKey !== null || !frameReady || driveMode) return null
  const hide = () => {
    setHidden(true)
    try {
      globalThis.localStorage?.setItem(HIDDEN_KEY, "true")
    } catch {
      // Refused storage: hidden for this page only.
    }
  }
  return (
    <aside
      aria-labelledby="welcome-title"
      className="pointer-events-none absolute right-3 bottom-3 z-10 w-80 max-w-[calc(100%-1.5rem)] rounded-lg border border-slate-200 bg-white/95 p-4 text-sm text-slate-700 shadow-lg"
    >
      <button
        type="button"
        aria-label="Hide the introduction"
        className="pointer-events-auto absolute top-2 right-2 rounded p-1 text-slate-500 hover:bg-slate-100"
        onClick={hide}
      >
        <X aria-hidden className="size-4" />
      </button>
      <h2 id="welcome-title" className="pr-6 font-semibold text-slate-900">
        Edit your app by pointing at it
      </h2>
      <dl className="mt-2 space-y-2">
        <div>
          <dt className="font-medium text-slate-900">Canvas (here)</dt>
          <dd>
            Your app, running. Click an element to select it, double-click its text to edit it,
            right-click for its menu, drag it to move it.
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Layers (left)</dt>
          <dd>Every element of the page as a tree. Select, drag to reorder, right-click.</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">Inspector (right)</dt>
          <dd>The selected element's styles, props and text, and the list of your changes.</dd>
        </div>
      </dl>
      <p className="mt-2">Each change is written to your source files; ⌘/Ctrl+Z undoes it.</p>
      <button
        type="button"
        className="pointer-events-auto mt-3 inline-flex items-center gap-1 rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50"
        onClick={() => session.setShortcutsOpen(true)}
      >
        <Keyboard aria-hidden className="size-4" />
        Keyboard shortcuts (?)
      </button>
    </aside>
  )
}
