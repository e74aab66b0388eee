import { Fragment } from "react"
import { DialogShell, DialogTitle, DialogDescription } from "../../../ui/src/dialog.tsx"
import { useEditor, useSession } from "../editing/editor-context.tsx"
import { EDITOR_SHORTCUTS, type Shortcut } from "../editing/editor-shortcuts.ts"

const PLACES: ReadonlyArray<Shortcut["where"]> = ["Anywhere", "Canvas", "Layers"]

const PLACE_WORDS: Readonly<Record<Shortcut["where"], string>> = {
  Anywhere: "Anywhere in the editor (not while typing in a field)",
  Canvas: "In the canvas",
  Layers: "In Layers",
}

const Keys = ({ keys }: { readonly keys: Shortcut["keys"] }) => (
  <span className="flex flex-wrap items-center gap-1">
    {keys.map((chord, index) => (
      <Fragment key={chord.join("+")}>
        {index > 0 && <span className="text-xs text-slate-500">or</span>}
        {chord.map((key, at) => (
          <Fragment key={key}>
            {at > 0 && <span className="text-xs text-slate-500">+</span>}
            <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">
              {key}
            </kbd>
          </Fragment>
        ))}
      </Fragment>
    ))}
  </span>
)

/**
 * Every shortcut the editor has, read from its one table (editor-shortcuts.ts), by where it
 * works. Opened with "?" or the toolbar's Shortcuts button.
 */
export const ShortcutSheet = () => {
  const session = useSession()
  const { shortcutsOpen } = useEditor()
  return (
    <DialogShell
      open={shortcutsOpen}
      onOpenChange={(open) => session.setShortcutsOpen(open)}
      className="max-w-2xl"
    >
      <DialogTitle>Keyboard shortcuts</DialogTitle>
      <DialogDescription>⌘ on a Mac, Ctrl elsewhere.</DialogDescription>
      {PLACES.map((place) => (
        <section key={place} className="mt-4">
          <h3 className="text-sm font-semibold text-slate-700">{PLACE_WORDS[place]}</h3>
          <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-2 text-sm">
            {EDITOR_SHORTCUTS.filter((shortcut) => shortcut.where === place).map((shortcut) => (
              <Fragment key={`${shortcut.what}-${shortcut.keys.flat().join()}`}>
                <dt>{shortcut.what}</dt>
                <dd>
                  <Keys keys={shortcut.keys} />
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </DialogShell>
  )
}
