import { useInfiniteQuery } from "@tanstack/react-query"
import { Hourglass, Trophy } from "lucide-react"
import { Link } from "react-router-dom"
import { api } from "../../api/api.ts"
import type { ArchiveItem } from "../../api/types.ts"
import { VotesAndScore } from "../../entries/VotesAndScore.tsx"
import { scoreRule } from "../../plans/score-rule.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { LoadMore } from "../../../../ui/src/load-more.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import {
  ArtistLink,
  ContestDates,
  contestPath,
  CountsLine,
  LineArt,
  RowImage,
} from "./result-parts.tsx"

export const ARCHIVE = ["contest-archive"] as const

const ArchiveCard = ({ item }: { readonly item: ArchiveItem }) => {
  const t = useT()
  const { contest, winner } = item
  const titleId = `contest-${contest.id}-title`
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="grid grid-cols-2 gap-3">
          <LineArt contest={contest} size={240} />
          {item.status === "announced" && winner ? (
            <div className="flex min-w-0 flex-col gap-1">
              <RowImage row={winner} size={240} />
            </div>
          ) : (
            <div className="flex aspect-square flex-col items-center justify-center gap-2 rounded-lg bg-amber-50 p-2 text-center text-sm font-medium text-amber-950">
              <Hourglass aria-hidden className="size-6" />
              {item.status === "announced"
                ? t("web.contests.noWinner")
                : t("web.contests.awaiting")}
            </div>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
            <Link to={contestPath(contest.id)} className="hover:text-brand-700 hover:underline">
              {contest.title}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            <ContestDates contest={contest} />
          </p>
          {item.status === "announced" && winner && (
            <div className="mt-1 flex flex-col gap-1">
              <p className="flex min-w-0 items-center gap-1 text-sm text-slate-800">
                <Trophy aria-hidden className="size-4 shrink-0 text-amber-600" />
                <span>{t("web.contests.winner")}</span>
                <ArtistLink row={winner} className="truncate" />
              </p>
              <VotesAndScore votes={winner.rawVotes} score={winner.score} />
            </div>
          )}
          <CountsLine counts={item.counts} className="mt-auto pt-2" />
        </div>
      </article>
    </li>
  )
}

/** /contests: every past contest, newest first, with its winner and counts. */
const ContestsPage = () => {
  const t = useT()
  const archive = useInfiniteQuery({
    queryKey: ARCHIVE,
    queryFn: ({ pageParam }) => api.archive(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

  const content = (() => {
    if (archive.isPending) return <Spinner label={t("web.contests.loading")} />
    // A failed "Load more" keeps the pages already shown; only a failed first page has nothing.
    if (archive.data === undefined) {
      return (
        <ErrorState
          title={t("web.contests.loadFailed")}
          message={messageOf(archive.error, t("web.contests.loadFailedMessage"))}
          onRetry={() => void archive.refetch()}
        />
      )
    }
    const items = archive.data.pages.flatMap((page) => page.items)
    if (items.length === 0) {
      return (
        <EmptyState title={t("web.contests.emptyTitle")}>
          <p>{t("web.contests.empty")}</p>
          <Link to="/" className="mt-2 inline-block font-medium text-brand-700 underline">
            {t("web.contests.joinToday")}
          </Link>
        </EmptyState>
      )
    }
    return (
      <>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <ArchiveCard key={item.contest.id} item={item} />
          ))}
        </ul>
        <LoadMore pages={archive} failure={t("web.contests.moreFailed")} className="mt-6" />
      </>
    )
  })()

  return (
    <Page>
      <div className="max-w-3xl">
        <PageTitle>{t("web.contests.title")}</PageTitle>
        <p className="mt-2 text-slate-700">
          {t("web.contests.lead")} {scoreRule(t)}
        </p>
      </div>
      <div className="mt-8">{content}</div>
    </Page>
  )
}

export default ContestsPage
