import "./catalog.ts"
import { ImageOff } from "lucide-react"
import type { Entry } from "../api/types.ts"
import { useT } from "../../../ui/src/i18n.tsx"
import { artistOf, gridSrcSetOf, thumbnailOf } from "./entry-view.ts"

/**
 * An entry's picture in a grid: square, lazy unless it is in the grid's first row, with its size
 * set so the grid does not jump; the thumbnail and the display size as `srcset`, picked by the
 * grid's column width (`sizes`, see grid-sizes.ts); a neutral tile when the entry has no image.
 */
export const EntryImage = ({
  entry,
  sizes,
  firstRow = false,
}: {
  readonly entry: Pick<Entry, "thumbnailUrl" | "imageUrl" | "username">
  /** How wide the grid's column is at each breakpoint (gridSizes). */
  readonly sizes: string
  /**
   * In the grid's first row, on screen as the page opens (its largest picture is the page's
   * LCP): fetched at once and first, not when the browser's lazy loading gets to it.
   */
  readonly firstRow?: boolean
}) => {
  const t = useT()
  const src = thumbnailOf(entry)
  const srcSet = gridSrcSetOf(entry)
  const alt = t("web.entry.alt", { artist: artistOf(entry, t) })
  if (src === null) {
    return (
      <div
        role="img"
        aria-label={t("web.entry.noImage", { alt })}
        className="flex aspect-square w-full items-center justify-center bg-slate-100 text-slate-600"
      >
        <ImageOff aria-hidden className="size-8" />
      </div>
    )
  }
  return (
    // loading and sizes before the sources, so the browser neither starts eagerly nor picks with
    // the default 100vw.
    <img
      loading={firstRow ? "eager" : "lazy"}
      fetchPriority={firstRow ? "high" : undefined}
      decoding="async"
      width={480}
      height={480}
      alt={alt}
      className="aspect-square w-full bg-slate-100 object-cover"
      sizes={srcSet === undefined ? undefined : sizes}
      srcSet={srcSet}
      src={src}
    />
  )
}
