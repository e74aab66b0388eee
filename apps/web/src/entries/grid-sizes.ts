/**
 * The `sizes` of a grid's images, read off the grid's classes: how wide one column is at each of
 * Tailwind's breakpoints, inside the page column (ui/page.tsx: at most 6xl wide, 16 px gutters,
 * 24 px from sm). The browser picks a rendition from `srcset` with it before any layout is done,
 * so a two-column grid on a phone fetches the thumbnail and not the display size.
 */

/** Tailwind's breakpoints (min-width, px). */
const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const
/** The page column's widest (max-w-6xl). */
const PAGE_MAX_WIDTH = 1152
const pageGutter = (viewport: number) => (viewport >= BREAKPOINTS.sm ? 24 : 16)

export type Breakpoint = keyof typeof BREAKPOINTS

/** A value from a breakpoint on (`base` below the first): columns, or the gap in px. */
export type Responsive = { readonly base: number } & Partial<Record<Breakpoint, number>>

export interface GridLayout {
  /** grid-cols-N per breakpoint. */
  readonly columns: Responsive
  /** gap-N per breakpoint, in px (gap-3 is 12, gap-4 16, gap-6 24). */
  readonly gap: Responsive
}

const at = (value: Responsive, viewport: number): number => {
  let current = value.base
  for (const [name, from] of Object.entries(BREAKPOINTS) as Array<[Breakpoint, number]>) {
    const set = value[name]
    if (viewport >= from && set !== undefined) current = set
  }
  return current
}

const round = (n: number) => Math.round(n * 100) / 100

/** One column's width at `viewport` widths from `from` on. */
const columnWidth = ({ columns, gap }: GridLayout, from: number): string => {
  const count = at(columns, from)
  const taken = 2 * pageGutter(from) + (count - 1) * at(gap, from)
  if (from >= PAGE_MAX_WIDTH) return `${Math.ceil((PAGE_MAX_WIDTH - taken) / count)}px`
  return count === 1
    ? `calc(100vw - ${taken}px)`
    : `calc(${round(100 / count)}vw - ${round(taken / count)}px)`
}

/** The `sizes` attribute of the images in a grid laid out as `layout`, widest first. */
export const gridSizes = (layout: GridLayout): string => {
  const starts = [0, ...Object.values(BREAKPOINTS), PAGE_MAX_WIDTH].sort((a, b) => b - a)
  const parts: Array<string> = []
  starts.forEach((from, index) => {
    const width = columnWidth(layout, from)
    const below = starts[index + 1]
    // A breakpoint where nothing changes adds nothing.
    if (below !== undefined && columnWidth(layout, below) === width) return
    parts.push(from === 0 ? width : `(min-width: ${from}px) ${width}`)
  })
  return parts.join(", ")
}
