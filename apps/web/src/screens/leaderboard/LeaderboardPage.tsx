import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { LeaderboardPeriod, LeaderboardRow } from "../../api/types.ts"
import { artistPath, entryPath, gridSrcSetOf } from "../../entries/entry-view.ts"
import { Podium } from "../../entries/Podium.tsx"
import { scoreText, VotesAndScore, votesText } from "../../entries/VotesAndScore.tsx"
import { scoreRule } from "../../plans/score-rule.ts"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { ShortDate } from "../../../../ui/src/local-date.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { TabPanel, TabStrip } from "../../../../ui/src/tabs.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { useLanguage, useT, type Translate } from "../../../../ui/src/i18n.tsx"

/** The four periods (§2 "Leaderboard"), bucketed by the server in the visitor's time zone. */
const PERIODS: ReadonlyArray<{
  readonly period: LeaderboardPeriod
  readonly label: string
  readonly caption: string
}> = [
  {
    period: "today",
    label: "web.leaderboard.period.today",
    caption: "web.leaderboard.caption.today",
  },
  { period: "week", label: "web.leaderboard.period.week", caption: "web.leaderboard.caption.week" },
  {
    period: "month",
    label: "web.leaderboard.period.month",
    caption: "web.leaderboard.caption.month",
  },
  { period: "all", label: "web.leaderboard.period.all", caption: "web.leaderboard.caption.all" },
]

/** Names the period tabs and their panel (TabStrip). */
const PERIODS_ID = "leaderboard"

const artistName = (row: LeaderboardRow, t: Translate): string =>
  row.username.trim() || t("web.leaderboard.anonymous")

/** The artist's name, linked to their page. */
const ArtistName = ({
  row,
  className,
}: {
  readonly row: LeaderboardRow
  readonly className: string
}) => {
  const t = useT()
  return row.username.trim() ? (
    <Link to={artistPath(row.username.trim())} className={`hover:underline ${className}`}>
      {artistName(row, t)}
    </Link>
  ) : (
    <span className={className}>{artistName(row, t)}</span>
  )
}

/** "ada_lovelace" → "AL", "ada" → "A". */
const initialsOf = (name: string): string => {
  const parts = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[1]] : [parts[0]]
  return (
    letters
      .map((part) => part?.[0] ?? "")
      .join("")
      .toUpperCase() || "?"
  )
}

/** The small rendition when the server has one, else the entry's display image. */
const imageOf = (row: LeaderboardRow): string | null => row.thumbnailUrl ?? row.submissionUrl

/**
 * The artist's avatar over their initials: a plain lazy image (Radix's Avatar would fetch every
 * row's picture at once to learn whether it loads), dropped if it fails so the initials show.
 */
const ArtistAvatar = ({ row, size }: { readonly row: LeaderboardRow; readonly size: string }) => {
  const t = useT()
  const [failed, setFailed] = useState<string | null>(null)
  const src = row.avatarUrl && row.avatarUrl !== failed ? row.avatarUrl : null
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 align-middle ${size}`}
    >
      <span aria-hidden className="text-sm font-semibold text-brand-800">
        {initialsOf(artistName(row, t))}
      </span>
      {src && (
        <img
          src={src}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
          className="absolute inset-0 size-full object-cover"
        />
      )}
    </span>
  )
}

/** An entry's picture; 'N/A' when there is none or it fails to load. */
const EntryImage = ({
  row,
  width,
  height,
  sizes,
  className,
}: {
  readonly row: LeaderboardRow
  readonly width: number
  readonly height: number
  /** Its rendered width at each breakpoint (what its size classes say). */
  readonly sizes: string
  readonly className: string
}) => {
  const t = useT()
  const src = imageOf(row)
  const srcSet = gridSrcSetOf({ thumbnailUrl: row.thumbnailUrl, imageUrl: row.submissionUrl })
  const [failed, setFailed] = useState<string | null>(null)
  if (src === null || failed === src) {
    return <span className="text-sm text-slate-600">{t("web.leaderboard.noImage")}</span>
  }
  return (
    <Link to={entryPath(row.submissionId)} className="inline-block rounded-md">
      <img
        loading="lazy"
        decoding="async"
        width={width}
        height={height}
        sizes={srcSet === undefined ? undefined : sizes}
        srcSet={srcSet}
        src={src}
        alt={t("web.leaderboard.entryBy", { name: artistName(row, t) })}
        className={`rounded-md bg-slate-100 object-cover ${className}`}
        onError={() => setFailed(src)}
      />
    </Link>
  )
}

const PLACES = [
  "web.leaderboard.place.first",
  "web.leaderboard.place.second",
  "web.leaderboard.place.third",
] as const

const TopThree = ({ rows }: { readonly rows: ReadonlyArray<LeaderboardRow> }) => {
  const t = useT()
  return (
    <section aria-labelledby="podium-title" className="mb-8">
      <h2 id="podium-title" className="sr-only">
        {t("web.leaderboard.top3")}
      </h2>
      <Podium
        places={rows.slice(0, 3).map((row, index) => ({
          key: row.submissionId,
          label: t(PLACES[index] ?? "web.leaderboard.place.first"),
          picture: (
            <EntryImage
              row={row}
              width={160}
              height={160}
              // eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not text
              sizes="(min-width: 640px) 160px, 80px"
              className="size-20 sm:size-40"
            />
          ),
          details: (
            <>
              <div className="flex max-w-full min-w-0 flex-col items-center gap-1 sm:flex-row sm:gap-2">
                <ArtistAvatar row={row} size="size-8" />
                <ArtistName
                  row={row}
                  className="max-w-full truncate text-sm font-medium text-slate-900 sm:text-base"
                />
              </div>
              <VotesAndScore votes={row.rawVotes} score={row.score} className="justify-center" />
            </>
          ),
        }))}
      />
    </section>
  )
}

const RankingTable = ({
  rows,
  label,
}: {
  readonly rows: ReadonlyArray<LeaderboardRow>
  readonly label: string
}) => {
  const t = useT()
  // The numbers are written in the page's language: drawn again when it changes.
  useLanguage()
  const top = Math.max(0, ...rows.map((row) => row.score))
  return (
    <TableBox label={t("web.leaderboard.rankings", { period: label })} cards>
      <thead className="bg-slate-50">
        <tr>
          <Th>{t("web.leaderboard.column.rank")}</Th>
          <Th>{t("web.leaderboard.column.artist")}</Th>
          <Th className="text-right">{t("web.leaderboard.column.votes")}</Th>
          <Th>{t("web.leaderboard.column.score")}</Th>
          <Th>{t("web.leaderboard.column.submission")}</Th>
          <Th>{t("web.leaderboard.column.date")}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => {
          const width = top > 0 ? Math.round((row.score / top) * 1000) / 10 : 0
          return (
            <Tr key={row.submissionId}>
              <Td
                label={t("web.leaderboard.column.rank")}
                tone="strong"
                className="font-semibold tabular-nums"
              >
                {row.rank}
              </Td>
              <Td label={t("web.leaderboard.column.artist")}>
                <div className="flex min-w-0 items-center gap-3">
                  <ArtistAvatar row={row} size="size-9" />
                  <ArtistName row={row} className="truncate font-medium text-slate-900" />
                </div>
              </Td>
              <Td
                label={t("web.leaderboard.column.votes")}
                tone="strong"
                className="tabular-nums sm:text-right"
              >
                {votesText(row.rawVotes)}
              </Td>
              <Td label={t("web.leaderboard.column.score")}>
                <div className="flex items-center gap-3">
                  <span className="w-12 font-semibold text-slate-900 tabular-nums">
                    {scoreText(row.score)}
                  </span>
                  <div aria-hidden className="h-2 w-24 rounded-full bg-slate-100 sm:w-32">
                    <div
                      data-testid="score-bar"
                      className="h-full rounded-full bg-brand-500"
                      style={{ width: `${width}%` }}
                    />
                  </div>
                </div>
              </Td>
              <Td label={t("web.leaderboard.column.submission")}>
                <EntryImage row={row} width={56} height={56} sizes="56px" className="size-14" />
              </Td>
              <Td
                label={t("web.leaderboard.column.date")}
                tone="muted"
                className="whitespace-nowrap"
              >
                <ShortDate iso={row.date} />
              </Td>
            </Tr>
          )
        })}
      </tbody>
    </TableBox>
  )
}

const LeaderboardPanel = ({
  period,
  label,
}: {
  readonly period: LeaderboardPeriod
  readonly label: string
}) => {
  const t = useT()
  const board = useQuery({
    queryKey: ["leaderboard", period],
    queryFn: () => api.leaderboard(period),
  })
  if (board.isPending) return <Spinner label={t("web.leaderboard.loading")} />
  if (board.isError) {
    return (
      <ErrorState
        title={t("web.leaderboard.loadError")}
        message={messageOf(board.error, t("web.leaderboard.loadFailed"))}
        onRetry={() => void board.refetch()}
      />
    )
  }
  const { rows, podium } = board.data
  if (rows.length === 0) return <EmptyState title={t("web.leaderboard.empty")} />
  return (
    <>
      {period === "today" && podium.length > 0 && <TopThree rows={podium} />}
      <RankingTable rows={rows} label={label} />
    </>
  )
}

/** /leaderboard: the artists whose entries scored most, per period, with the podium on Today. */
const LeaderboardPage = () => {
  const t = useT()
  const [period, setPeriod] = useState<LeaderboardPeriod>("today")
  const shown = PERIODS.find((entry) => entry.period === period)
  return (
    <Page>
      <PageTitle>{t("web.leaderboard.title")}</PageTitle>
      <p className="mt-2 max-w-2xl text-slate-700">
        {t("web.leaderboard.intro")} {scoreRule(t)}
      </p>
      <div className="mt-6">
        <TabStrip
          id={PERIODS_ID}
          label={t("web.leaderboard.period.label")}
          value={period}
          choices={PERIODS.map((entry) => ({ value: entry.period, label: t(entry.label) }))}
          onValueChange={setPeriod}
        />
        {/* Only the chosen period's panel is drawn, so only its board is fetched. */}
        {shown && (
          <TabPanel key={shown.period} id={PERIODS_ID} value={shown.period} className="mt-6">
            <p className="mb-4 text-sm text-slate-600">{t(shown.caption)}</p>
            <LeaderboardPanel period={shown.period} label={t(shown.label)} />
          </TabPanel>
        )}
      </div>
    </Page>
  )
}

export default LeaderboardPage
