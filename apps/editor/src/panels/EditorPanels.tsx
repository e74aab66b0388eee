import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from "react"
import {
  PANEL_LIMITS,
  type PanelWidths,
  type SidePanel,
  clampWidth,
  keepPanelWidths,
  readPanelWidths,
} from "./panel-widths.ts"

const KEY_STEP = 16

/**
 * A divider between a side panel and the canvas: dragged with the pointer, or focused and moved
 * with the arrow keys (Home and End for the limits), as a WAI-ARIA window splitter.
 */
const Divider = ({
  panel,
  label,
  width,
  onResize,
  onDone,
}: {
  readonly panel: SidePanel
  readonly label: string
  readonly width: number
  readonly onResize: (width: number) => void
  readonly onDone: (width: number) => void
}) => {
  const drag = useRef<{ readonly x: number; readonly width: number; last: number } | null>(null)
  // Dragging the inspector's divider to the left widens it.
  const sign = panel === "layers" ? 1 : -1
  const down = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault()
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, width, last: width }
  }
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start) return
    start.last = clampWidth(panel, start.width + sign * (event.clientX - start.x))
    onResize(start.last)
  }
  const up = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start) return
    drag.current = null
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId)
    }
    onDone(start.last)
  }
  const key = (event: KeyboardEvent<HTMLDivElement>) => {
    const { min, max } = PANEL_LIMITS[panel]
    const next =
      event.key === "ArrowLeft"
        ? width - sign * KEY_STEP
        : event.key === "ArrowRight"
          ? width + sign * KEY_STEP
          : event.key === "Home"
            ? min
            : event.key === "End"
              ? max
              : null
    if (next === null) return
    event.preventDefault()
    onResize(clampWidth(panel, next))
    onDone(clampWidth(panel, next))
  }
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={PANEL_LIMITS[panel].min}
      aria-valuemax={PANEL_LIMITS[panel].max}
      tabIndex={0}
      className="group relative z-10 w-px cursor-col-resize bg-slate-200 outline-none focus-visible:bg-outline-500"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onKeyDown={key}
    >
      {/* A wider grip than the line it draws. */}
      <span className="absolute inset-y-0 -right-1 -left-1 group-hover:bg-outline-500/30" />
    </div>
  )
}

/**
 * The editor's three panels: Layers, the canvas, and the inspector with the change list. The side
 * panels are resized by dragging their dividers (or with the keyboard), their widths kept; the
 * canvas takes the rest, and each panel scrolls on its own.
 */
export const EditorPanels = ({
  layers,
  canvas,
  inspector,
}: {
  readonly layers: ReactNode
  readonly canvas: ReactNode
  readonly inspector: ReactNode
}) => {
  const [widths, setWidths] = useState<PanelWidths>(() => readPanelWidths())
  const resize = (panel: SidePanel) => (width: number) =>
    setWidths((current) => ({ ...current, [panel]: width }))
  const keep = (panel: SidePanel) => (width: number) =>
    keepPanelWidths({ ...widths, [panel]: width })
  return (
    <div
      className="grid min-h-0"
      style={{
        gridTemplateColumns: `${widths.layers}px auto minmax(0,1fr) auto ${widths.inspector}px`,
      }}
    >
      <div className="min-h-0 min-w-0">{layers}</div>
      <Divider
        panel="layers"
        label="Resize the Layers panel"
        width={widths.layers}
        onResize={resize("layers")}
        onDone={keep("layers")}
      />
      <div className="min-h-0 min-w-0">{canvas}</div>
      <Divider
        panel="inspector"
        label="Resize the inspector"
        width={widths.inspector}
        onResize={resize("inspector")}
        onDone={keep("inspector")}
      />
      <div className="min-h-0 min-w-0">{inspector}</div>
    </div>
  )
}
