import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import type { Entry } from "../api/types.ts"
import { EntryImage } from "./EntryImage.tsx"
import { openEntry } from "./lightbox.ts"
import { Ribbons, type Placed } from "./Ribbon.tsx"
import { VotesAndScore } from "./VotesAndScore.tsx"

/**
 * One entry in a grid of entries: its thumbnail with its ribbons, a caption line, votes and score;
 * the whole card opens the entry in the lightbox, stepping through `ids`.
 */
export const EntryCard = ({
  entry,
  ids,
  caption,
  className = "",
  captionClassName = "p-3",
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
}) => (
  <li className={className || undefined}>
    <Link
      {...openEntry(entry.id, ids)}
      className="block overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm hover:shadow-md"
    >
      <div className="relative">
        <EntryImage entry={entry} />
        <Ribbons entry={entry} className="absolute top-2 left-2" />
      </div>
      <div className={`flex flex-col gap-1 ${captionClassName}`}>
        {caption}
        <VotesAndScore votes={entry.voteCount} score={entry.weightedScore} />
      </div>
    </Link>
  </li>
)
