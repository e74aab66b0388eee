import { gridSizes } from "../../entries/grid-sizes.ts"

/** The gallery grid's classes, and its images' sizes read off them. */
export const GALLERY_GRID = "grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4"

/** The grid's widest first row (xl: 4 columns): its images load at once, the rest lazily. */
export const GALLERY_FIRST_ROW = 4

/**
 * The `sizes` of the grid's pictures. The server preloads the first page's first pictures with
 * the same sizes (adapters/http/first-screen.ts, held to this by tests/http/web-app.test.ts), so
 * the browser fetches the rendition the grid will show.
 */
export const GALLERY_SIZES = gridSizes({
  columns: { base: 2, lg: 3, xl: 4 },
  gap: { base: 12, sm: 24 },
})
