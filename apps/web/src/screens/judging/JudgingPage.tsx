import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { Link } from "react-router-dom"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import { api } from "../../api/api.ts"
import { JUDGING_QUEUE } from "../../entries/EntryFeedback.tsx"
import { EntryImage } from "../../entries/EntryImage.tsx"
import { artistOf, entryPath } from "../../entries/entry-view.ts"
import { COMPACT_GRID_SIZES } from "../../entries/EntryCard.tsx"
import { useSession } from "../../session/session.tsx"
import { buttonVariants } from "../../../../ui/src/button.tsx"
import { shortDate } from "../../../../ui/src/format.ts"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useT } from "../../../../ui/src/i18n.tsx"
import { Page, PageTitle } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"

const Queue = () => {
  const t = useT()
  const queue = useQuery({ queryKey: JUDGING_QUEUE, queryFn: () => api.judgingQueue() })
  if (queue.isPending) return <Spinner label={t("web.judging.loading")} />
  if (queue.isError) {
    return (
      <ErrorState
        title={t("web.judging.loadFailed")}
        message={messageOf(queue.error, t("web.judging.loadFailedMessage"))}
        onRetry={() => void queue.refetch()}
      />
    )
  }
  if (queue.data.length === 0) {
    return (
      <EmptyState title={t("web.judging.emptyTitle")}>
        {t("web.judging.empty", { plan: PLANS.champ.name })}
      </EmptyState>
    )
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {queue.data.map(({ entry, contestTitle }) => (
        <li key={entry.id} className="flex min-w-0 flex-col overflow-hidden rounded-card border">
          <EntryImage entry={entry} sizes={COMPACT_GRID_SIZES} />
          <div className="flex flex-1 flex-col gap-2 p-3 text-sm">
            <p className="min-w-0 truncate font-medium text-slate-900">{artistOf(entry, t)}</p>
            <p className="min-w-0 truncate text-muted-foreground">
              {t("web.judging.contestDate", {
                contest: contestTitle,
                date: shortDate(entry.createdAt),
              })}
            </p>
            <Link
              to={entryPath(entry.id)}
              className={buttonVariants({ variant: "secondary", className: "mt-auto" })}
              aria-label={t("web.judging.writeLabel", {
                artist: artistOf(entry, t),
                contest: contestTitle,
              })}
            >
              {t("web.judging.write")}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}

/**
 * /judging: where judges (members given the judge role, and admins) work. Color Champ members'
 * entries that no judge has written on yet, newest first, each opening its entry's page, where
 * the feedback is written. A member who is neither is told so; the server refuses them too.
 */
const JudgingPage = () => {
  const t = useT()
  const { member } = useSession()
  const judging = Boolean(member && (member.isJudge || member.isAdmin))
  return (
    <Page className="flex flex-col gap-6">
      <div>
        <PageTitle>{t("web.judging.title")}</PageTitle>
        <p className="mt-2 max-w-2xl text-slate-700">
          {t("web.judging.lead", { plan: PLANS.champ.name })}
        </p>
      </div>
      {judging ? (
        <Queue />
      ) : (
        <EmptyState title={t("web.judging.notJudgeTitle")}>{t("web.judging.notJudge")}</EmptyState>
      )}
    </Page>
  )
}

export default JudgingPage
