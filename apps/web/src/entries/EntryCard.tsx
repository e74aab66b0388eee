import type { ReactNode } from "react"
import { cn } from "../../../ui/src/cn.ts"
import { Link } from "react-router-dom"
import type { Entry } from "../api/types.ts"
import { EntryImage } from "./EntryImage.tsx"
import { gridSizes } from "./grid-sizes.ts"
import { openEntry } from "./lightbox.ts"
import { Ribbons, type Placed } from "./Ribbon.tsx"
import { VotesAndScore } from "./VotesAndScore.tsx"

/** The compact entry grid's sizes (grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4, as on the home page). */
export const COMPACT_GRID_SIZES = gridSizes({
  columns: { base: 2, md: 3, lg: 4 },
  gap: { base: 12, sm: 16 },
})

/**
 * One entry in a grid of entries: its thumbnail with its ribbons, a caption line, votes and score;
 * the whole card opens the entry in the lightbox, stepping through `ids`.
 */
export const EntryCard = ({
  entry,
  ids,
  caption,
  className = "",
  captionClassName = "p-2 text-sm sm:p-3 sm:text-base",
  sizes = COMPACT_GRID_SIZES,
}: {
  readonly entry: Pick<
    Entry,
    "id" | "thumbnailUrl" | "imageUrl" | "username" | "voteCount" | "weightedScore"
  > &
    Placed
  readonly ids: ReadonlyArray<string>
  /** The line above votes and score (who made it, or where and when). */
  readonly caption: ReactNode
  /** Classes of the list item. */
  readonly className?: string
  /** Classes of the part under the image. */
  readonly captionClassName?: string
  /** The grid's column widths (gridSizes of its classes); the compact grid's when not given. */
  readonly sizes?: string
}) => (
  <li className={className || undefined}>
    <Link
      {...openEntry(entry.id, ids)}
      className="block overflow-hidden rounded-card border border-border bg-card shadow-card transition-shadow hover:shadow-overlay"
    >
      <div className="relative">
        <EntryImage entry={entry} sizes={sizes} />
        <Ribbons entry={entry} className="absolute top-2 left-2" />
      </div>
      <div className={cn("flex min-w-0 flex-col gap-1", captionClassName)}>
        {caption}
        <VotesAndScore votes={entry.voteCount} score={entry.weightedScore} size="xs" />
      </div>
    </Link>
  </li>
)
