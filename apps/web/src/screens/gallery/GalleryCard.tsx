import "./catalog.ts"
import { Heart } from "lucide-react"
import { useState } from "react"
import { Link } from "react-router-dom"
import type { Entry } from "../../api/types.ts"
import { ArtistLink } from "../../entries/ArtistLink.tsx"
import { EntryImage } from "../../entries/EntryImage.tsx"
import { artistOf } from "../../entries/entry-view.ts"
import { openEntry } from "../../entries/lightbox.ts"
import { Ribbons } from "../../entries/Ribbon.tsx"
import { VotesAndScore } from "../../entries/VotesAndScore.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { ShortDate } from "../../../../ui/src/local-date.tsx"
import { GALLERY_SIZES } from "./gallery-grid.ts"
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
  firstRow = false,
}: {
  readonly entry: Entry
  /** The grid's entries in order: the lightbox walks them with ← and →. */
  readonly ids: ReadonlyArray<string>
  readonly voting: boolean
  readonly highlighted: boolean
  readonly onVote: (entry: Entry) => void
  /** In the grid's first row (GALLERY_FIRST_ROW): its image loads at once, with high priority. */
  readonly firstRow?: boolean
}) => {
  const t = useT()
  const artist = artistOf(entry)
  const voted = entry.hasVoted === true
  // The heart pops when a vote lands while the card is on screen, not for votes cast earlier.
  const [wasVoted, setWasVoted] = useState(voted)
  const [popping, setPopping] = useState(false)
  if (voted !== wasVoted) {
    setWasVoted(voted)
    setPopping(voted)
  }
  return (
    <li
      id={cardId(entry.id)}
      className={`min-w-0 scroll-mt-24 overflow-hidden rounded-card border border-border bg-card shadow-card transition-shadow hover:shadow-overlay ${
        highlighted ? "ring-4 ring-brand-600 ring-offset-2" : ""
      }`}
      data-highlighted={highlighted || undefined}
    >
      <article aria-label={t("web.gallery.card.entry", { artist })}>
        <div className="relative">
          <Link
            {...openEntry(entry.id, ids)}
            aria-label={t("web.gallery.card.open", { artist })}
            className="block"
          >
            <EntryImage entry={entry} sizes={GALLERY_SIZES} firstRow={firstRow} />
          </Link>
          <Ribbons entry={entry} className="pointer-events-none absolute top-2 left-2" />
        </div>
        <div className="flex flex-col gap-1 p-2 sm:flex-row sm:items-center sm:justify-between sm:gap-2 sm:p-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-slate-900 sm:text-base">
              <ArtistLink entry={entry} />
            </p>
            <p className="text-xs text-slate-600 sm:text-sm">
              <ShortDate iso={entry.createdAt} />
            </p>
          </div>
          <div className="-ml-2 flex shrink-0 items-center gap-1 sm:ml-0">
            {voted && (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                {t("web.gallery.card.voted")}
              </span>
            )}
            <button
              type="button"
              aria-label={t("web.gallery.card.vote", { artist })}
              aria-pressed={voted}
              aria-disabled={voted || undefined}
              disabled={voting}
              onClick={() => onVote(entry)}
              className={`rounded-full p-2 hover:bg-red-50 disabled:cursor-wait disabled:opacity-60 ${
                voted ? "cursor-default text-red-600" : "text-slate-700 hover:text-red-600"
              }`}
            >
              <Heart
                aria-hidden
                className={`size-5 ${voted ? "fill-current" : ""} ${popping ? "motion-safe:animate-pop" : ""}`}
                onAnimationEnd={() => setPopping(false)}
              />
            </button>
            <ShareMenu entry={entry} />
          </div>
        </div>
        <VotesAndScore
          votes={entry.voteCount}
          score={entry.weightedScore}
          size="xs"
          className="border-t border-slate-100 px-2 py-1.5 sm:px-3 sm:py-2"
        />
      </article>
    </li>
  )
}
