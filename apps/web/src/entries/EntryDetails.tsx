import "./catalog.ts"
import { CalendarDays, Heart, ImageOff } from "lucide-react"
import type { ReactNode } from "react"
import type { EntryPage } from "../api/types.ts"
import { ShareMenu } from "../screens/gallery/ShareMenu.tsx"
import { useVote } from "../screens/gallery/useVote.ts"
import { T, useT } from "../../../ui/src/i18n.tsx"
import { ShortDate } from "../../../ui/src/local-date.tsx"
import { ArtistLink } from "./ArtistLink.tsx"
import { artistOf } from "./entry-view.ts"
import { Ribbons } from "./Ribbon.tsx"
import { VotesAndScore } from "./VotesAndScore.tsx"

/** The display rendition at its full width, never cropped, from the smallest rendition that fits. */
export const EntryPicture = ({
  page,
  sizes,
  className = "",
}: {
  readonly page: EntryPage
  readonly sizes: string
  readonly className?: string
}) => {
  const t = useT()
  const alt = t("web.entry.altIn", { artist: artistOf(page.entry, t), contest: page.contest.title })
  const { image } = page
  if (!image.url) {
    return (
      <div
        role="img"
        aria-label={t("web.entry.noImage", { alt })}
        className="flex aspect-square w-full items-center justify-center rounded-lg bg-slate-100 text-slate-600"
      >
        <ImageOff aria-hidden className="size-10" />
      </div>
    )
  }
  const srcSet = image.srcset.map((rendition) => `${rendition.url} ${rendition.width}w`).join(", ")
  return (
    <img
      src={image.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      alt={alt}
      // The picture the page or the lightbox is about: loaded at once, before anything else.
      fetchPriority="high"
      decoding="async"
      className={`h-auto w-full rounded-lg bg-slate-100 object-contain ${className}`}
    />
  )
}

/**
 * The vote heart in words: "Vote", or "Voted" once this member's vote is counted. Its name starts
 * with the words it shows, so a voice user can say what they see.
 */
const VoteButton = ({ page }: { readonly page: EntryPage }) => {
  const t = useT()
  const { vote, pending } = useVote()
  const voted = page.entry.hasVoted === true
  const artist = artistOf(page.entry, t)
  // Votes are taken only while the contest runs: an ended contest's page offers no vote.
  if (!voted && page.contest.status !== "active") {
    return (
      <p className="inline-flex items-center gap-2 rounded-full border border-slate-200 px-4 py-2 text-sm text-slate-600">
        <Heart aria-hidden className="size-5" />
        {t("web.entry.votingClosed")}
      </p>
    )
  }
  return (
    <button
      type="button"
      aria-label={voted ? t("web.entry.votedFor", { artist }) : t("web.entry.voteFor", { artist })}
      aria-pressed={voted}
      aria-disabled={voted || undefined}
      disabled={pending.has(page.entry.id)}
      onClick={() => void vote(page.entry)}
      className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold disabled:cursor-wait disabled:opacity-60 ${
        voted
          ? "cursor-default border-red-200 bg-red-50 text-red-700"
          : "border-slate-300 text-slate-800 hover:border-red-300 hover:bg-red-50 hover:text-red-700"
      }`}
    >
      <Heart aria-hidden className={`size-5 ${voted ? "fill-current" : ""}`} />
      {voted ? t("web.entry.voted") : t("web.entry.vote")}
    </button>
  )
}

/** The contest's line art, the page the artist colored. */
const LineArt = ({ page }: { readonly page: EntryPage }) => {
  const t = useT()
  return page.contest.lineArt ? (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <img
        src={page.contest.lineArt}
        alt={t("web.entry.lineArtOf", { contest: page.contest.title })}
        width={288}
        height={288}
        loading="lazy"
        decoding="async"
        className="mx-auto aspect-square h-auto w-full max-w-72 object-contain"
      />
      <figcaption className="mt-2 text-center text-sm text-slate-600">
        {t("web.entry.lineArt")}
      </figcaption>
    </figure>
  ) : null
}

/**
 * An entry as its page and the lightbox show it: the picture at full width and, beside it (below
 * on phones), its ribbons, artist, date, Votes and Score, the vote and share buttons, the line art.
 * `heading` is the page's title element (an h1, or the dialog's title).
 */
export const EntryDetails = ({
  page,
  heading,
  sizes,
  pictureClassName,
  around,
}: {
  readonly page: EntryPage
  readonly heading: ReactNode
  readonly sizes: string
  readonly pictureClassName?: string
  /** Wraps the picture (the lightbox's swipe area). */
  readonly around?: (picture: ReactNode) => ReactNode
}) => {
  const { entry, contest } = page
  const picture = <EntryPicture page={page} sizes={sizes} className={pictureClassName} />
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(16rem,1fr)]">
      <div className="min-w-0">{around ? around(picture) : picture}</div>
      <div className="flex min-w-0 flex-col gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">{contest.title}</p>
          {heading}
          <Ribbons entry={entry} className="mt-2" />
        </div>
        <p className="text-slate-700">
          <T
            id="web.entry.by"
            components={{
              0: <ArtistLink entry={entry} className="font-semibold text-brand-700" />,
            }}
          />
        </p>
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <CalendarDays aria-hidden className="size-4" />
          <ShortDate iso={entry.createdAt} />
        </p>
        <VotesAndScore votes={entry.voteCount} score={entry.weightedScore} size="base" />
        <div className="flex items-center gap-2">
          <VoteButton page={page} />
          <ShareMenu entry={entry} />
        </div>
        <LineArt page={page} />
      </div>
    </div>
  )
}
