import { useMemo, useState } from "react"
import { useEditor } from "../editing/editor-context.tsx"
import type { DropTarget } from "./layer-drop.ts"
import { LayerRow } from "./LayerRow.tsx"
import { countInternals, visibleLayers } from "./library-internals.ts"

/**
 * The page's navigation tree as the frame sends it. Selection goes both ways: a click here selects
 * in the canvas (shift-click adds a sibling), and a selection made in the canvas is highlighted
 * and scrolled into view here. Hovering a layer outlines it in the canvas. A layer dragged onto
 * another goes above, below or into it (a line, or a ring, shows where), as a move in the source. Library internals
 * (library-internals.ts) are left out unless the switch shows them.
 */

const SHOW_INTERNALS_KEY = "colorday.editor.showLibraryInternals"

const readShowInternals = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(SHOW_INTERNALS_KEY) === "true"
  } catch {
    return false
  }
}

const keepShowInternals = (on: boolean) => {
  try {
    globalThis.localStorage?.setItem(SHOW_INTERNALS_KEY, String(on))
  } catch {
    // Refused storage: the switch holds for this page only.
  }
}

export const LayersPanel = () => {
  const { tree, selectedKey, multiSelectedKeys, hoveredKey, frameReady, components } = useEditor()
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set())
  const [showInternals, setShowInternals] = useState(readShowInternals)
  const [dragged, setDragged] = useState<string | null>(null)
  const [drop, setDrop] = useState<DropTarget | null>(null)
  const appComponents = useMemo(
    () => new Set(components.list.map((component) => component.name)),
    [components.list],
  )
  const layers = useMemo(
    () => visibleLayers(tree?.children ?? [], showInternals, appComponents),
    [tree, showInternals, appComponents],
  )
  const internals = useMemo(
    () => countInternals(tree?.children ?? [], appComponents),
    [tree, appComponents],
  )
  const selected = new Set(
    multiSelectedKeys.length > 0 ? multiSelectedKeys : selectedKey ? [selectedKey] : [],
  )
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  return (
    <nav aria-label="Layers" className="flex h-full flex-col bg-white">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h2 className="text-sm font-semibold">Layers</h2>
        <label className="flex items-center gap-1 text-xs text-slate-600">
          <input
            type="checkbox"
            checked={showInternals}
            onChange={(event) => {
              setShowInternals(event.target.checked)
              keepShowInternals(event.target.checked)
            }}
          />
          Show library internals{internals > 0 ? ` (${internals})` : ""}
        </label>
      </div>
      {!tree ? (
        <p className="px-3 py-3 text-xs text-slate-500">
          {frameReady ? "Reading the page…" : "Waiting for the canvas…"}
        </p>
      ) : (
        <div className="min-h-0 flex-1 overflow-auto">
          <ul
            role="tree"
            aria-label="Page elements"
            aria-multiselectable
            className="min-w-max py-1"
          >
            {layers.map((layer) => (
              <LayerRow
                key={layer.node.key}
                layer={layer}
                depth={0}
                selected={selected}
                hovered={hoveredKey}
                collapsed={collapsed}
                onToggle={toggle}
                dragged={dragged}
                drop={drop}
                onDrag={setDragged}
                onDropTarget={setDrop}
              />
            ))}
          </ul>
        </div>
      )}
    </nav>
  )
}
