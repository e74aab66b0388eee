import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { LeaderboardPeriod, LeaderboardRow } from "../../api/types.ts"
import { artistPath, entryPath, gridSrcSetOf } from "../../entries/entry-view.ts"
import { Podium } from "../../entries/Podium.tsx"
import { VotesAndScore, votesText } from "../../entries/VotesAndScore.tsx"
import { SCORE_RULE } from "../../plans/score-rule.ts"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { ShortDate } from "../../../../ui/src/local-date.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../../ui/src/tabs.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"

/** The four periods (§2 "Leaderboard"), bucketed by the server in the visitor's time zone. */
const PERIODS: ReadonlyArray<{
  readonly period: LeaderboardPeriod
  readonly label: string
  readonly caption: string
}> = [
  {
    period: "today",
    label: "Today's Contest",
    caption: "Rankings update in real time as votes come in",
  },
  { period: "week", label: "This Week", caption: "Reset every Sunday at midnight" },
  { period: "month", label: "This Month", caption: "Reset on the first day of each month" },
  { period: "all", label: "All Time", caption: "All contests since launch" },
]

const isPeriod = (value: string): value is LeaderboardPeriod =>
  PERIODS.some((entry) => entry.period === value)

const scoreFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 })
const formatScore = (score: number): string => scoreFormat.format(score)

const artistName = (row: LeaderboardRow): string => row.username.trim() || "Anonymous"

/** The artist's name, linked to their page. */
const ArtistName = ({
  row,
  className,
}: {
  readonly row: LeaderboardRow
  readonly className: string
}) =>
  row.username.trim() ? (
    <Link to={artistPath(row.username.trim())} className={`hover:underline ${className}`}>
      {artistName(row)}
    </Link>
  ) : (
    <span className={className}>{artistName(row)}</span>
  )

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
  const [failed, setFailed] = useState<string | null>(null)
  const src = row.avatarUrl && row.avatarUrl !== failed ? row.avatarUrl : null
  return (
    <span
      className={`relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 align-middle ${size}`}
    >
      <span aria-hidden className="text-sm font-semibold text-brand-800">
        {initialsOf(artistName(row))}
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
  const src = imageOf(row)
  const srcSet = gridSrcSetOf({ thumbnailUrl: row.thumbnailUrl, imageUrl: row.submissionUrl })
  const [failed, setFailed] = useState<string | null>(null)
  if (src === null || failed === src) {
    return <span className="text-sm text-slate-600">N/A</span>
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
        alt={`Entry by ${artistName(row)}`}
        className={`rounded-md bg-slate-100 object-cover ${className}`}
        onError={() => setFailed(src)}
      />
    </Link>
  )
}

const PLACES = ["1st Place", "2nd Place", "3rd Place"] as const

const TopThree = ({ rows }: { readonly rows: ReadonlyArray<LeaderboardRow> }) => (
  <section aria-labelledby="podium-title" className="mb-8">
    <h2 id="podium-title" className="sr-only">
      Top 3
    </h2>
    <Podium
      places={rows.slice(0, 3).map((row, index) => ({
        key: row.submissionId,
        label: PLACES[index],
        picture: (
          <EntryImage
            row={row}
            width={160}
            height={160}
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

const RankingTable = ({
  rows,
  label,
}: {
  readonly rows: ReadonlyArray<LeaderboardRow>
  readonly label: string
}) => {
  const top = Math.max(0, ...rows.map((row) => row.score))
  return (
    <TableBox label={`${label} rankings`} cards>
      <thead className="bg-slate-50">
        <tr>
          <Th>Rank</Th>
          <Th>Artist</Th>
          <Th className="text-right">Votes</Th>
          <Th>Score</Th>
          <Th>Submission</Th>
          <Th>Date</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => {
          const width = top > 0 ? Math.round((row.score / top) * 1000) / 10 : 0
          return (
            <Tr key={row.submissionId}>
              <Td label="Rank" className="font-semibold text-slate-900 tabular-nums">
                {row.rank}
              </Td>
              <Td label="Artist">
                <div className="flex min-w-0 items-center gap-3">
                  <ArtistAvatar row={row} size="size-9" />
                  <ArtistName row={row} className="truncate font-medium text-slate-900" />
                </div>
              </Td>
              <Td label="Votes" className="text-slate-900 tabular-nums sm:text-right">
                {votesText(row.rawVotes)}
              </Td>
              <Td label="Score">
                <div className="flex items-center gap-3">
                  <span className="w-12 font-semibold text-slate-900 tabular-nums">
                    {formatScore(row.score)}
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
              <Td label="Submission">
                <EntryImage row={row} width={56} height={56} sizes="56px" className="size-14" />
              </Td>
              <Td label="Date" className="whitespace-nowrap text-slate-700">
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
  const board = useQuery({
    queryKey: ["leaderboard", period],
    queryFn: () => api.leaderboard(period),
  })
  if (board.isPending) return <Spinner label="Loading leaderboard..." />
  if (board.isError) {
    return (
      <ErrorState
        title="Could not load the leaderboard"
        message={messageOf(board.error, "Failed to load the leaderboard")}
        onRetry={() => void board.refetch()}
      />
    )
  }
  const { rows, podium } = board.data
  if (rows.length === 0) return <EmptyState title="No entries found for the selected filters" />
  return (
    <>
      {period === "today" && podium.length > 0 && <TopThree rows={podium} />}
      <RankingTable rows={rows} label={label} />
    </>
  )
}

/** /leaderboard: the artists whose entries scored most, per period, with the podium on Today. */
const LeaderboardPage = () => {
  const [period, setPeriod] = useState<LeaderboardPeriod>("today")
  return (
    <Page>
      <PageTitle>Leaderboard</PageTitle>
      <p className="mt-2 max-w-2xl text-slate-700">
        Entries ranked by their score, with their raw votes beside it. {SCORE_RULE}
      </p>
      <Tabs
        className="mt-6"
        value={period}
        onValueChange={(value) => {
          if (isPeriod(value)) setPeriod(value)
        }}
      >
        <TabsList aria-label="Period">
          {PERIODS.map((entry) => (
            <TabsTrigger key={entry.period} value={entry.period}>
              {entry.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {PERIODS.map((entry) => (
          <TabsContent key={entry.period} value={entry.period} className="mt-6">
            <p className="mb-4 text-sm text-slate-600">{entry.caption}</p>
            <LeaderboardPanel period={entry.period} label={entry.label} />
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  )
}

export default LeaderboardPage
