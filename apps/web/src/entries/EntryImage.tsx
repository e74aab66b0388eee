import { ImageOff } from "lucide-react"
import type { Entry } from "../api/types.ts"
import { artistOf, thumbnailOf } from "./entry-view.ts"

/**
 * An entry's thumbnail in a grid: square, lazy, with its size set so the grid does not jump; a
 * neutral tile when the entry has no image.
 */
export const EntryImage = ({
  entry,
}: {
  readonly entry: Pick<Entry, "thumbnailUrl" | "imageUrl" | "username">
}) => {
  const src = thumbnailOf(entry)
  const alt = `${artistOf(entry)}'s entry`
  if (src === null) {
    return (
      <div
        role="img"
        aria-label={`${alt} (no image)`}
        className="flex aspect-square w-full items-center justify-center bg-slate-100 text-slate-600"
      >
        <ImageOff aria-hidden className="size-8" />
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={alt}
      width={480}
      height={480}
      loading="lazy"
      decoding="async"
      className="aspect-square w-full bg-slate-100 object-cover"
    />
  )
}
