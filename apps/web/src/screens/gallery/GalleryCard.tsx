import { Heart } from "lucide-react"
import { Link } from "react-router-dom"
import type { Entry } from "../../api/types.ts"
import { ArtistLink } from "../../entries/ArtistLink.tsx"
import { EntryImage } from "../../entries/EntryImage.tsx"
import { artistOf } from "../../entries/entry-view.ts"
import { openEntry } from "../../entries/lightbox.ts"
import { Ribbons } from "../../entries/Ribbon.tsx"
import { VotesAndScore } from "../../entries/VotesAndScore.tsx"
import { shortDate } from "../../../../ui/src/format.ts"
import { ShareMenu } from "./ShareMenu.tsx"

/** The element id of an entry's card: the target of a shared link (?submission=). */
export const cardId = (entryId: string): string => `entry-${entryId}`

/**
 * One gallery card (§2): image with its ribbons, artist, date, vote heart, share menu, Voted tag,
 * and the entry's Votes and Score as two labelled numbers.
 * A cast vote leaves the heart aria-disabled rather than disabled, so pressing it still says
 * why nothing happens ("Vote Already Counted").
 */
export const GalleryCard = ({
  entry,
  voting,
  highlighted,
  onVote,
  ids,
}: {
  readonly entry: Entry
  /** The grid's entries in order: the lightbox walks them with ← and →. */
  readonly ids: ReadonlyArray<string>
  readonly voting: boolean
  readonly highlighted: boolean
  readonly onVote: (entry: Entry) => void
}) => {
  const artist = artistOf(entry)
  const voted = entry.hasVoted === true
  return (
    <li
      id={cardId(entry.id)}
      className={`scroll-mt-24 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow ${
        highlighted ? "ring-4 ring-brand-600 ring-offset-2" : ""
      }`}
      data-highlighted={highlighted || undefined}
    >
      <article aria-label={`${artist}'s entry`}>
        <div className="relative">
          <Link
            {...openEntry(entry.id, ids)}
            aria-label={`Open ${artist}'s entry`}
            className="block"
          >
            <EntryImage entry={entry} />
          </Link>
          <Ribbons entry={entry} className="pointer-events-none absolute top-2 left-2" />
        </div>
        <div className="flex items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-slate-900">
              <ArtistLink entry={entry} />
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={entry.createdAt}>{shortDate(entry.createdAt)}</time>
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            {voted && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                Voted
              </span>
            )}
            <button
              type="button"
              aria-label={`Vote for ${artist}'s entry`}
              aria-pressed={voted}
              aria-disabled={voted || undefined}
              disabled={voting}
              onClick={() => onVote(entry)}
              className={`rounded-full p-2 hover:bg-red-50 disabled:cursor-wait disabled:opacity-60 ${
                voted ? "cursor-default text-red-600" : "text-slate-700 hover:text-red-600"
              }`}
            >
              <Heart aria-hidden className={`size-5 ${voted ? "fill-current" : ""}`} />
            </button>
            <ShareMenu entry={entry} />
          </div>
        </div>
        <VotesAndScore
          votes={entry.voteCount}
          score={entry.weightedScore}
          className="border-t border-slate-100 px-3 py-2"
        />
      </article>
    </li>
  )
}
