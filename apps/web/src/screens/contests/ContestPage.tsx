import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { Award } from "lucide-react"
import { Link, useParams } from "react-router-dom"
import { api } from "../../api/api.ts"
import { ApiError } from "../../api/http.ts"
import type { ContestResults, ResultRow } from "../../api/types.ts"
import { Podium } from "../../entries/Podium.tsx"
import { VotesAndScore, scoreText, votesText } from "../../entries/VotesAndScore.tsx"
import { SCORE_RULE, VOTE_WEIGHTS } from "../../plans/score-rule.ts"
import { shortDate } from "../../../../ui/src/format.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { BackLink, Page, PageTitle } from "../../../../ui/src/page.tsx"
import { ContestPrize } from "./ContestPrize.tsx"
import { SubscribersOnlyLabel } from "./SubscribersOnlyLabel.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { WINNERS_ANNOUNCED } from "../static/facts.ts"
import { contestPageText } from "../../../../../domain/site/page-titles.ts"
import { usePageText } from "../../layout/page-title.ts"
import {
  ArtistLink,
  ContestDates,
  CountsLine,
  LineArt,
  PROVISIONAL_LABEL,
  RowImage,
  StatusLabel,
} from "./result-parts.tsx"

const isMissing = (error: unknown, code: string): boolean =>
  error instanceof ApiError && error.status === 404 && error.code === code

const AllContests = () => <BackLink to="/contests">All contests</BackLink>

const PLACES = ["1st place", "2nd place", "3rd place"] as const

const TopThree = ({ results }: { readonly results: ContestResults }) => {
  const rows = results.podium.slice(0, 3)
  const announced = results.status === "announced"
  return (
    <section aria-labelledby="podium-title" className="mt-10">
      <h2 id="podium-title" className="font-display text-2xl font-bold text-slate-900">
        {announced ? "Winner and podium" : "Leading entries"}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-700">No entry took part in this contest.</p>
      ) : (
        <Podium
          className="mt-4"
          places={rows.map((row, index) => ({
            key: row.entryId,
            label: (
              <>
                {PLACES[index]}
                {announced && results.winner?.entryId === row.entryId && (
                  <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs text-white">
                    Winner
                  </span>
                )}
              </>
            ),
            picture: <RowImage row={row} size={200} className="w-full max-w-52" />,
            details: (
              <>
                <ArtistLink row={row} className="max-w-full truncate" />
                <VotesAndScore votes={row.rawVotes} score={row.score} className="justify-center" />
              </>
            ),
          }))}
        />
      )}
      {announced && results.winner === null && rows.length > 0 && (
        <p className="mt-3 text-sm text-slate-700">No winner: no entry received a vote.</p>
      )}
    </section>
  )
}

const PeoplesChoice = ({ row }: { readonly row: ResultRow | null }) => (
  <section
    aria-labelledby="peoples-choice-title"
    className="mt-10 rounded-xl border border-sky-200 bg-sky-50 p-4 sm:p-6"
  >
    <h2
      id="peoples-choice-title"
      className="flex items-center gap-2 text-xl font-bold text-slate-900"
    >
      <Award aria-hidden className="size-6 text-sky-700" />
      People's Choice
    </h2>
    <p className="mt-1 text-sm text-slate-700">
      The entry with the most votes, each vote counted once; ties go to the earlier entry.
    </p>
    {row === null ? (
      <p className="mt-3 text-slate-700">No People's Choice: no entry received a vote.</p>
    ) : (
      <div className="mt-4 flex min-w-0 items-center gap-4">
        <RowImage row={row} size={112} className="w-24 sm:w-28" />
        <div className="flex min-w-0 flex-col gap-1">
          <ArtistLink row={row} className="truncate" />
          <VotesAndScore votes={row.rawVotes} score={row.score} />
        </div>
      </div>
    )}
  </section>
)

const RankingTable = ({ rows }: { readonly rows: ReadonlyArray<ResultRow> }) => (
  <div
    role="region"
    aria-label="Full ranking table"
    tabIndex={0}
    className="overflow-x-auto rounded-xl border border-slate-200"
  >
    <table className="w-full text-left text-sm sm:min-w-[560px]">
      <caption className="sr-only">Full ranking</caption>
      <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
        <tr>
          <th scope="col" className="px-2 py-3 sm:px-3">
            Rank
          </th>
          <th scope="col" className="px-2 py-3 sm:px-3">
            Entry
          </th>
          <th scope="col" className="px-2 py-3 sm:px-3">
            Artist
          </th>
          <th scope="col" className="px-2 py-3 sm:px-3 text-right">
            Votes
          </th>
          <th scope="col" className="px-2 py-3 sm:px-3 text-right">
            Score
          </th>
          <th scope="col" className="hidden px-2 py-3 sm:px-3 sm:table-cell">
            Submitted
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.entryId}>
            <td className="px-2 py-2 sm:px-3 font-semibold text-slate-900 tabular-nums">
              {row.rank}
            </td>
            <td className="px-2 py-2 sm:px-3">
              <RowImage row={row} size={48} className="w-12" />
            </td>
            <td className="max-w-28 truncate px-2 py-2 sm:px-3 sm:max-w-48">
              <ArtistLink row={row} />
            </td>
            <td className="px-2 py-2 sm:px-3 text-right text-slate-900 tabular-nums">
              {votesText(row.rawVotes)}
            </td>
            <td className="px-2 py-2 sm:px-3 text-right font-semibold text-slate-900 tabular-nums">
              {scoreText(row.score)}
            </td>
            <td className="hidden px-2 py-2 sm:px-3 whitespace-nowrap text-slate-700 sm:table-cell">
              <time dateTime={row.createdAt}>{shortDate(row.createdAt)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </div>
)

/** The rule and each plan's vote weight, read from the plan table. */
export const HowTheScoreIsComputed = () => (
  <section
    aria-labelledby="score-rule-title"
    className="mt-10 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
  >
    <h2 id="score-rule-title" className="text-xl font-bold text-slate-900">
      How the score is computed
    </h2>
    <p className="mt-2 text-slate-700">{SCORE_RULE}</p>
    <ul aria-label="Vote weight by plan" className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
      {VOTE_WEIGHTS.map((plan) => (
        <li
          key={plan.name}
          className="flex items-baseline justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
        >
          <span className="text-sm text-slate-800">{plan.name}</span>
          <span className="font-semibold text-slate-900 tabular-nums">{plan.weight}× per vote</span>
        </li>
      ))}
    </ul>
    <p className="mt-3 text-sm text-slate-700">
      Votes is the raw count of votes an entry received; Score adds each of those votes at its
      voter's plan weight.
    </p>
  </section>
)

/** A contest that has no result yet (or never will): what it is, and when results appear. */
const NoResult = ({ contestId }: { readonly contestId: string }) => {
  const contest = useQuery({
    queryKey: ["contest", contestId],
    queryFn: () => api.contest(contestId),
    retry: false,
  })
  const known = contest.data
  usePageText(known && contestPageText(known))
  const cancelled = known?.status === "cancelled"
  return (
    <Page>
      <AllContests />
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,16rem)_1fr]">
        {known && <LineArt contest={known} size={256} eager className="mx-auto max-w-64 md:mx-0" />}
        <div className="min-w-0">
          <PageTitle>{known?.title ?? "Contest results"}</PageTitle>
          {known && (
            <p className="mt-2 text-sm text-slate-600">
              <ContestDates contest={known} />
            </p>
          )}
          {known && <ContestPrize contest={known} className="mt-2" />}
          {known && <SubscribersOnlyLabel contest={known} className="mt-2" />}
          <div className="mt-6 max-w-xl rounded-lg border border-dashed border-slate-300 p-6">
            {cancelled ? (
              <>
                <h2 className="text-lg font-semibold text-slate-900">This contest was cancelled</h2>
                <p className="mt-2 text-slate-700">A cancelled contest has no result.</p>
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">
                  Results appear when the contest ends
                </h2>
                <p className="mt-2 text-slate-700">
                  {known ? (
                    <>
                      This contest ends{" "}
                      <time dateTime={known.endsAt}>{shortDate(known.endsAt)}</time>; its standing
                      shows here then, and the winner {WINNERS_ANNOUNCED} after the deadline.
                    </>
                  ) : (
                    <>
                      The standing shows here once the contest has ended, and the winner{" "}
                      {WINNERS_ANNOUNCED} after the deadline.
                    </>
                  )}
                </p>
                <Link to="/" className={buttonVariants({ variant: "primary", className: "mt-4" })}>
                  Go to today's contest
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </Page>
  )
}

const NotFound = () => (
  <Page>
    <AllContests />
    <div className="mx-auto max-w-lg py-12 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Contest not found</h1>
      <p className="mt-3 text-slate-700">There is no contest at this address.</p>
      <Link to="/contests" className={buttonVariants({ variant: "primary", className: "mt-6" })}>
        See past contests
      </Link>
    </div>
  </Page>
)

/** /contests/:id: a contest's result — podium, People's Choice, full ranking, how it is scored. */
const ContestPage = () => {
  const contestId = useParams().id ?? ""
  const results = useInfiniteQuery({
    queryKey: ["contest-results", contestId],
    queryFn: ({ pageParam }) => api.results(contestId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A 404 is an answer (no such contest, or no result yet), not a failure worth retrying.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status === 404) && failures < 1,
  })
  const shown = results.data?.pages[0]?.contest
  usePageText(shown && contestPageText(shown))

  if (results.isPending) {
    return (
      <Page>
        <Spinner label="Loading results…" />
      </Page>
    )
  }
  if (results.data === undefined) {
    if (isMissing(results.error, "NO_RESULT")) return <NoResult contestId={contestId} />
    if (isMissing(results.error, "NOT_FOUND")) return <NotFound />
    return (
      <Page>
        <AllContests />
        <div className="mt-8">
          <ErrorState
            title="Could not load the results"
            message={messageOf(results.error, "The results could not be loaded.")}
            onRetry={() => void results.refetch()}
          />
        </div>
      </Page>
    )
  }

  const [first] = results.data.pages
  if (first === undefined) return null
  const { contest } = first
  const ranking = results.data.pages.flatMap((page) => page.ranking)
  const provisional = first.status === "provisional"

  return (
    <Page>
      <AllContests />
      <header className="mt-6 grid gap-6 md:grid-cols-[minmax(0,18rem)_1fr]">
        <LineArt contest={contest} size={288} eager className="mx-auto max-w-72 md:mx-0" />
        <div className="min-w-0">
          <StatusLabel status={first.status} announcedAt={first.announcedAt} />
          <div className="mt-3">
            <PageTitle>{contest.title}</PageTitle>
          </div>
          {contest.description && (
            <p className="mt-2 break-words text-slate-700">{contest.description}</p>
          )}
          <ContestPrize contest={contest} className="mt-3" />
          <SubscribersOnlyLabel contest={contest} className="mt-2" />
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Ran</dt>
            <dd className="text-slate-900">
              <ContestDates contest={contest} />
            </dd>
            {first.announcedAt && (
              <>
                <dt className="text-slate-600">Announced</dt>
                <dd className="text-slate-900">
                  <time dateTime={first.announcedAt}>{shortDate(first.announcedAt)}</time>
                </dd>
              </>
            )}
          </dl>
          <CountsLine counts={first.counts} className="mt-2" />
          {provisional && (
            <p
              role="note"
              aria-label={PROVISIONAL_LABEL}
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              This contest has ended and its winner is not announced yet, so the standing below can
              still change. Winners are announced {WINNERS_ANNOUNCED} after the deadline.
            </p>
          )}
        </div>
      </header>

      <TopThree results={first} />
      <PeoplesChoice row={first.peoplesChoice} />

      <section aria-labelledby="ranking-title" className="mt-10">
        <h2 id="ranking-title" className="text-2xl font-bold text-slate-900">
          Full ranking
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          Votes and Score side by side; the ranking follows the Score.
        </p>
        {ranking.length === 0 ? (
          <EmptyState title="No entries in this contest" />
        ) : (
          <RankingTable rows={ranking} />
        )}
        <LoadMore pages={results} failure="More of the ranking could not be loaded." />
      </section>

      <HowTheScoreIsComputed />
    </Page>
  )
}

export default ContestPage
