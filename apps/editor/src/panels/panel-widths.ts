/**
 * The widths of the editor's side panels (Layers on the left, Inspector on the right), dragged by
 * their dividers and kept in localStorage so the editor opens as it was left.
 */
export type SidePanel = "layers" | "inspector"

export const PANEL_LIMITS: Readonly<
  Record<SidePanel, { readonly min: number; readonly max: number; readonly initial: number }>
> = {
  layers: { min: 160, max: 640, initial: 240 },
  inspector: { min: 240, max: 640, initial: 304 },
}

const STORAGE_KEY = "colorday.editor.panelWidths"

export type PanelWidths = Readonly<Record<SidePanel, number>>

export const clampWidth = (panel: SidePanel, width: number): number => {
  const { min, max } = PANEL_LIMITS[panel]
  return Math.round(Math.min(max, Math.max(min, width)))
}

const initialWidths = (): PanelWidths => ({
  layers: PANEL_LIMITS.layers.initial,
  inspector: PANEL_LIMITS.inspector.initial,
})

/** The widths last kept, each within its limits; the initial ones where none was kept. */
export const readPanelWidths = (
  storage: Storage | undefined = globalThis.localStorage,
): PanelWidths => {
  const widths = initialWidths()
  try {
    const kept: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "null")
    if (typeof kept !== "object" || kept === null) return widths
    const record = kept as Record<string, unknown>
    return {
      layers:
        typeof record.layers === "number" ? clampWidth("layers", record.layers) : widths.layers,
      inspector:
        typeof record.inspector === "number"
          ? clampWidth("inspector", record.inspector)
          : widths.inspector,
    }
  } catch {
    // A value another version wrote, or storage the browser refuses: the initial widths.
    return widths
  }
}

export const keepPanelWidths = (
  widths: PanelWidths,
  storage: Storage | undefined = globalThis.localStorage,
): void => {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(widths))
  } catch {
    // Storage full or refused: the widths hold for this page only.
  }
}
