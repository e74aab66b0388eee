import "../../entries/catalog.ts"
import { useInfiniteQuery, useQuery } from "@tanstack/react-query"
import { Award } from "lucide-react"
import { Link, useParams } from "react-router-dom"
import { api } from "../../api/api.ts"
import { ApiError } from "../../api/http.ts"
import type { ContestResults, ResultRow } from "../../api/types.ts"
import { Podium } from "../../entries/Podium.tsx"
import { VotesAndScore, scoreText, votesText } from "../../entries/VotesAndScore.tsx"
import { scoreRule, VOTE_WEIGHTS } from "../../plans/score-rule.ts"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { shortDate } from "../../../../ui/src/format.ts"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { BackLink, Page, PageTitle } from "../../../../ui/src/page.tsx"
import { ContestPrize } from "./ContestPrize.tsx"
import { SubscribersOnlyLabel } from "./SubscribersOnlyLabel.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { contestPageText } from "../../../../../domain/site/page-titles.ts"
import { usePageText } from "../../layout/page-title.ts"
import {
  ArtistLink,
  ContestDates,
  CountsLine,
  LineArt,
  provisionalLabel,
  RowImage,
  StatusLabel,
} from "./result-parts.tsx"

const isMissing = (error: unknown, code: string): boolean =>
  error instanceof ApiError && error.status === 404 && error.code === code

const AllContests = () => {
  const t = useT()
  return <BackLink to="/contests">{t("web.contests.all")}</BackLink>
}

const PLACES = [
  "web.entry.ribbon.first",
  "web.entry.ribbon.second",
  "web.entry.ribbon.third",
] as const

const TopThree = ({ results }: { readonly results: ContestResults }) => {
  const t = useT()
  const rows = results.podium.slice(0, 3)
  const announced = results.status === "announced"
  return (
    <section aria-labelledby="podium-title" className="mt-10">
      <h2 id="podium-title" className="font-display text-2xl font-bold text-slate-900">
        {announced ? t("web.contests.podium") : t("web.contests.leading")}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("web.contests.noEntries")}</p>
      ) : (
        <Podium
          className="mt-4"
          places={rows.map((row, index) => ({
            key: row.entryId,
            label: (
              <>
                {t(PLACES[index] ?? PLACES[0])}
                {announced && results.winner?.entryId === row.entryId && (
                  <span className="rounded-full bg-amber-700 px-2 py-0.5 text-xs text-white">
                    {t("web.contests.winnerBadge")}
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
        <p className="mt-3 text-sm text-slate-700">{t("web.contests.noWinnerVotes")}</p>
      )}
    </section>
  )
}

const PeoplesChoice = ({ row }: { readonly row: ResultRow | null }) => {
  const t = useT()
  return (
    <section
      aria-labelledby="peoples-choice-title"
      className="mt-10 rounded-xl border border-sky-200 bg-sky-50 p-4 sm:p-6"
    >
      <h2
        id="peoples-choice-title"
        className="flex items-center gap-2 text-xl font-bold text-slate-900"
      >
        <Award aria-hidden className="size-6 text-sky-700" />
        {t("web.entry.ribbon.peoplesChoice")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("web.contests.peoplesChoiceRule")}</p>
      {row === null ? (
        <p className="mt-3 text-slate-700">{t("web.contests.noPeoplesChoice")}</p>
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
}

const RankingTable = ({ rows }: { readonly rows: ReadonlyArray<ResultRow> }) => {
  const t = useT()
  return (
    <div
      role="region"
      aria-label={t("web.contests.rankingTable")}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200"
    >
      <table className="w-full text-left text-sm sm:min-w-[560px]">
        <caption className="sr-only">{t("web.contests.ranking")}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-2 py-3 sm:px-3">
              {t("web.contests.col.rank")}
            </th>
            <th scope="col" className="px-2 py-3 sm:px-3">
              {t("web.contests.col.entry")}
            </th>
            <th scope="col" className="px-2 py-3 sm:px-3">
              {t("web.contests.col.artist")}
            </th>
            <th scope="col" className="px-2 py-3 sm:px-3 text-right">
              {t("web.entry.votes")}
            </th>
            <th scope="col" className="px-2 py-3 sm:px-3 text-right">
              {t("web.entry.score")}
            </th>
            <th scope="col" className="hidden px-2 py-3 sm:px-3 sm:table-cell">
              {t("web.contests.col.submitted")}
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
}

/** The rule and each plan's vote weight, read from the plan table. */
export const HowTheScoreIsComputed = () => {
  const t = useT()
  return (
    <section
      aria-labelledby="score-rule-title"
      className="mt-10 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="score-rule-title" className="text-xl font-bold text-slate-900">
        {t("web.contests.scoreTitle")}
      </h2>
      <p className="mt-2 text-slate-700">{scoreRule(t)}</p>
      <ul
        aria-label={t("web.contests.weights")}
        className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4"
      >
        {VOTE_WEIGHTS.map((plan) => (
          <li
            key={plan.name}
            className="flex items-baseline justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2"
          >
            <span className="text-sm text-slate-800">{plan.name}</span>
            <span className="font-semibold text-slate-900 tabular-nums">
              {t("web.contests.perVote", { weight: plan.weight })}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-700">{t("web.contests.votesVsScore")}</p>
    </section>
  )
}

/** A contest that has no result yet (or never will): what it is, and when results appear. */
const NoResult = ({ contestId }: { readonly contestId: string }) => {
  const t = useT()
  const contest = useQuery({
    queryKey: ["contest", contestId],
    queryFn: () => api.contest(contestId),
    retry: false,
  })
  const known = contest.data
  usePageText(known && contestPageText(known, t))
  const cancelled = known?.status === "cancelled"
  return (
    <Page>
      <AllContests />
      <div className="mt-6 grid gap-6 md:grid-cols-[minmax(0,16rem)_1fr]">
        {known && <LineArt contest={known} size={256} eager className="mx-auto max-w-64 md:mx-0" />}
        <div className="min-w-0">
          <PageTitle>{known?.title ?? t("web.contests.results")}</PageTitle>
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
                <h2 className="text-lg font-semibold text-slate-900">
                  {t("web.contests.cancelled")}
                </h2>
                <p className="mt-2 text-slate-700">{t("web.contests.cancelledText")}</p>
              </>
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">
                  {t("web.contests.pendingTitle")}
                </h2>
                <p className="mt-2 text-slate-700">
                  {known ? (
                    <T
                      id="web.contests.pendingEnds"
                      values={{ date: shortDate(known.endsAt) }}
                      components={{ 0: <time dateTime={known.endsAt} /> }}
                    />
                  ) : (
                    t("web.contests.pending")
                  )}
                </p>
                <Link to="/" className={buttonVariants({ variant: "primary", className: "mt-4" })}>
                  {t("web.contests.today")}
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </Page>
  )
}

const NotFound = () => {
  const t = useT()
  return (
    <Page>
      <AllContests />
      <div className="mx-auto max-w-lg py-12 text-center">
        <p className="text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-2 text-3xl font-bold text-slate-900">{t("web.contests.notFound")}</h1>
        <p className="mt-3 text-slate-700">{t("web.contests.notFoundText")}</p>
        <Link to="/contests" className={buttonVariants({ variant: "primary", className: "mt-6" })}>
          {t("web.contests.seePast")}
        </Link>
      </div>
    </Page>
  )
}

/** /contests/:id: a contest's result — podium, People's Choice, full ranking, how it is scored. */
const ContestPage = () => {
  const t = useT()
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
  usePageText(shown && contestPageText(shown, t))

  if (results.isPending) {
    return (
      <Page>
        <Spinner label={t("web.contests.loadingResults")} />
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
            title={t("web.contests.resultsFailed")}
            message={messageOf(results.error, t("web.contests.resultsFailedMessage"))}
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
            <dt className="text-slate-600">{t("web.contests.ran")}</dt>
            <dd className="text-slate-900">
              <ContestDates contest={contest} />
            </dd>
            {first.announcedAt && (
              <>
                <dt className="text-slate-600">{t("web.contests.announced")}</dt>
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
              aria-label={provisionalLabel(t)}
              className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              {t("web.contests.provisionalNote")}
            </p>
          )}
        </div>
      </header>

      <TopThree results={first} />
      <PeoplesChoice row={first.peoplesChoice} />

      <section aria-labelledby="ranking-title" className="mt-10">
        <h2 id="ranking-title" className="text-2xl font-bold text-slate-900">
          {t("web.contests.ranking")}
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">{t("web.contests.rankingLead")}</p>
        {ranking.length === 0 ? (
          <EmptyState title={t("web.contests.rankingEmpty")} />
        ) : (
          <RankingTable rows={ranking} />
        )}
        <LoadMore pages={results} failure={t("web.contests.rankingMoreFailed")} />
      </section>

      <HowTheScoreIsComputed />
    </Page>
  )
}

export default ContestPage
