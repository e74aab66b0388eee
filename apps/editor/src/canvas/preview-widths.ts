/**
 * The widths the canvas previews the app at (issue 21): device presets, the spec's breakpoints
 * (§9: sm 40rem … 2xl 96rem, at the browser's 16px rem) and any width typed in. Tailwind is
 * mobile first, so at a width the classes that show are those of the largest breakpoint at or
 * under it: a style edit made there is written under that breakpoint (`md:p-6` at 768 px).
 */
import {
  BREAKPOINTS,
  BREAKPOINT_MIN_WIDTHS,
  type Breakpoint,
} from "../../../../domain/editing/styling.ts"

const REM_PX = 16

/** A breakpoint's min width in CSS pixels (`48rem` → 768). */
export const breakpointPx = (breakpoint: Breakpoint): number =>
  Number.parseFloat(BREAKPOINT_MIN_WIDTHS[breakpoint]) * REM_PX

export interface PreviewPreset {
  readonly id: string
  readonly label: string
  readonly width: number
}

export const DEVICE_PRESETS: ReadonlyArray<PreviewPreset> = [
  { id: "phone", label: "Phone", width: 390 },
  { id: "tablet", label: "Tablet", width: 768 },
  { id: "desktop", label: "Desktop", width: 1280 },
]

export const BREAKPOINT_PRESETS: ReadonlyArray<PreviewPreset> = BREAKPOINTS.map((breakpoint) => ({
  id: breakpoint,
  label: `${breakpoint} (${BREAKPOINT_MIN_WIDTHS[breakpoint]})`,
  width: breakpointPx(breakpoint),
}))

/** Side by side: a phone and a desktop, both live (the first frame, then the second). */
export const SIDE_BY_SIDE_WIDTHS: readonly [number, number] = [390, 1280]
/** The space between the two frames side by side, in the canvas's pixels before the zoom. */
export const SIDE_BY_SIDE_GAP_PX = 24

export const MIN_PREVIEW_WIDTH = 240
export const MAX_PREVIEW_WIDTH = 3840

/** Why a typed width cannot be previewed, or null when it can. */
export const previewWidthProblem = (width: number): string | null =>
  Number.isInteger(width) && width >= MIN_PREVIEW_WIDTH && width <= MAX_PREVIEW_WIDTH
    ? null
    : `The preview width must be a whole number of pixels from ${MIN_PREVIEW_WIDTH} to ${MAX_PREVIEW_WIDTH}`

/** The breakpoint whose classes show at `width` (the largest at or under it), or null below sm. */
export const breakpointAt = (width: number | null): Breakpoint | null => {
  if (width === null) return null
  let found: Breakpoint | null = null
  for (const breakpoint of BREAKPOINTS) if (breakpointPx(breakpoint) <= width) found = breakpoint
  return found
}

/**
 * The zoom the frame is drawn at: the editor's zoom, made smaller when the previewed width would
 * not fit the canvas panel at it (a panel not measured yet leaves the zoom as it is).
 */
export const frameZoomPerc = (
  zoomPerc: number,
  previewWidth: number | null,
  panelWidth: number,
): number => {
  if (previewWidth === null || panelWidth <= 0) return zoomPerc
  const fit = Math.floor((panelWidth / previewWidth) * 1000) / 10
  return Math.min(zoomPerc, fit)
}
