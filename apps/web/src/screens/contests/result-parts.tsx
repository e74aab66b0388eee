import "../../entries/catalog.ts"
import { CheckCircle2, Hourglass, ImageOff } from "lucide-react"
import { Link } from "react-router-dom"
import type { Contest, ResultCounts, ResultRow, ResultStatus } from "../../api/types.ts"
import { shortDate } from "../../../../ui/src/format.ts"
import { T, useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { activeT } from "../../session/active-t.ts"

/** The pieces the archive, the contest page and the home page share to show a result. */

export const contestPath = (contestId: string): string =>
  `/contests/${encodeURIComponent(contestId)}`
export const entryPath = (entryId: string): string => `/entries/${encodeURIComponent(entryId)}`
export const artistPath = (username: string): string => `/artists/${encodeURIComponent(username)}`

/** "Provisional standing — awaiting announcement" */
export const provisionalLabel = (t: Translate = activeT): string => t("web.contests.provisional")

export const artistOfRow = (
  row: Pick<ResultRow, "artistName" | "username">,
  t: Translate = activeT,
): string => row.artistName.trim() || row.username.trim() || t("web.entry.anonymous")

/** The artist's name, linked to their page (plain text when the row names no one). */
export const ArtistLink = ({
  row,
  className = "",
}: {
  readonly row: Pick<ResultRow, "artistName" | "username">
  readonly className?: string
}) =>
  row.username.trim() ? (
    <Link
      to={artistPath(row.username)}
      className={`font-medium text-brand-700 underline-offset-2 hover:underline ${className}`}
    >
      {artistOfRow(row)}
    </Link>
  ) : (
    <span className={`font-medium text-slate-900 ${className}`}>{artistOfRow(row)}</span>
  )

/** A ranked entry's picture, linked to the entry's page. */
export const RowImage = ({
  row,
  size,
  className = "",
}: {
  readonly row: ResultRow
  /** The rendered width and height, in CSS pixels. */
  readonly size: number
  readonly className?: string
}) => {
  const t = useT()
  const src = row.thumbnailUrl ?? row.imageUrl
  const alt = t("web.entry.alt", { artist: artistOfRow(row, t) })
  return (
    <Link to={entryPath(row.entryId)} className={`block shrink-0 rounded-md ${className}`}>
      {src === null ? (
        <span
          role="img"
          aria-label={t("web.entry.noImage", { alt })}
          className="flex aspect-square w-full items-center justify-center rounded-md bg-slate-100 text-slate-600"
        >
          <ImageOff aria-hidden className="size-6" />
        </span>
      ) : (
        <img
          src={src}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          className="aspect-square w-full rounded-md bg-slate-100 object-cover"
        />
      )}
    </Link>
  )
}

/** The contest's line art, or a neutral tile while it has none. */
export const LineArt = ({
  contest,
  size,
  className = "",
  eager = false,
}: {
  readonly contest: Pick<Contest, "lineArt" | "title">
  readonly size: number
  readonly className?: string
  readonly eager?: boolean
}) => {
  const t = useT()
  return contest.lineArt ? (
    <img
      src={contest.lineArt}
      alt={t("web.contests.lineArt", { contest: contest.title })}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      // Eager: the page's own picture, loaded before anything else.
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={`aspect-square w-full rounded-lg border border-slate-200 bg-white object-contain ${className}`}
    />
  ) : (
    <div
      role="img"
      aria-label={t("web.contests.noLineArt", { contest: contest.title })}
      className={`flex aspect-square w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-slate-600 ${className}`}
    >
      <ImageOff aria-hidden className="size-8" />
    </div>
  )
}

/** "Announced" or, in words that cannot be missed, a provisional standing. */
export const StatusLabel = ({
  status,
  announcedAt,
}: {
  readonly status: ResultStatus
  readonly announcedAt: string | null
}) => {
  const t = useT()
  return status === "announced" ? (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-900 ring-1 ring-emerald-300">
      <CheckCircle2 aria-hidden className="size-4" />
      {t("web.contests.final")}
      {announcedAt && (
        <>
          {" "}
          <T
            id="web.contests.announcedOn"
            values={{ date: shortDate(announcedAt) }}
            components={{ 0: <time dateTime={announcedAt} /> }}
          />
        </>
      )}
    </p>
  ) : (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950 ring-1 ring-amber-400">
      <Hourglass aria-hidden className="size-4" />
      {provisionalLabel(t)}
    </p>
  )
}

/** "12 entries · 30 voters · 95 votes" */
export const CountsLine = ({
  counts,
  className = "",
}: {
  readonly counts: ResultCounts
  readonly className?: string
}) => {
  const t = useT()
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      {t("web.contests.counts", {
        entries: counts.entries,
        voters: counts.voters,
        votes: counts.votes,
      })}
    </p>
  )
}

/** "Nov 21, 2026 – Nov 22, 2026" */
export const ContestDates = ({ contest }: { readonly contest: Contest }) => (
  <T
    id="web.contests.dates"
    values={{ start: shortDate(contest.startsAt), end: shortDate(contest.endsAt) }}
    components={{ 0: <time dateTime={contest.startsAt} />, 1: <time dateTime={contest.endsAt} /> }}
  />
)
