import { useQuery } from "@tanstack/react-query"
import { Download, Eye, Image, ThumbsUp } from "lucide-react"
import type { ReactNode } from "react"
import { Link } from "react-router-dom"
import { Button } from "../../../../ui/src/button.tsx"
import { Card, Chip } from "../../../../ui/src/card.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Counts, Overview } from "../../api/admin-types.ts"
import { StatusChip } from "../../ui/admin-ui.tsx"
import { count, dateTime } from "../../ui/dates.ts"

/** Live counts are read again this often while the overview is open. */
export const OVERVIEW_REFRESH_MS = 15_000

const COUNTERS: ReadonlyArray<{
  readonly key: keyof Counts
  readonly label: string
  readonly icon: typeof Eye
}> = [
  { key: "entries", label: "admin.overview.counter.entries", icon: Image },
  { key: "votes", label: "admin.overview.counter.votes", icon: ThumbsUp },
  { key: "downloads", label: "admin.overview.counter.downloads", icon: Download },
  { key: "views", label: "admin.overview.counter.views", icon: Eye },
]

const Counters = ({ counts }: { readonly counts: Counts }) => {
  const t = useT()
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {COUNTERS.map(({ key, label, icon: Icon }) => (
        <div key={key} className="min-w-0 rounded-lg border border-slate-200 p-3">
          <dt className="flex items-center gap-2 text-sm text-slate-600">
            <Icon aria-hidden className="size-4" />
            {t(label)}
          </dt>
          <dd className="mt-1 text-2xl font-bold break-words text-slate-900">
            {count(counts[key])}
          </dd>
        </div>
      ))}
    </dl>
  )
}

const List = ({ children }: { readonly children: ReactNode }) => (
  <ul className="divide-y divide-slate-100">{children}</ul>
)

const Today = ({ today }: { readonly today: Overview["today"] }) => {
  const t = useT()
  return (
    <Card title={t("admin.overview.today.title")}>
      {today.contest ? (
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <Link
            to={`/contests/${today.contest.id}`}
            className="font-semibold break-words text-brand-700 hover:underline"
          >
            {today.contest.title}
          </Link>
          <StatusChip status={today.contest.status} />
          <span className="text-sm text-slate-600">
            {today.contest.countdown.label} {today.contest.countdown.text}
          </span>
        </div>
      ) : (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed border-amber-400 bg-amber-50 p-3">
          <p className="text-sm font-medium text-amber-900">{t("admin.overview.today.none")}</p>
          <Button asChild variant="secondary" size="sm">
            <Link to="/calendar">{t("admin.overview.today.openCalendar")}</Link>
          </Button>
        </div>
      )}
      <Counters counts={today.counts} />
      <p className="mt-2 text-xs text-slate-600">
        {t("admin.overview.today.refresh", { seconds: OVERVIEW_REFRESH_MS / 1000 })}
      </p>
    </Card>
  )
}

const Upcoming = ({ contests }: { readonly contests: Overview["upcoming"] }) => {
  const t = useT()
  return (
    <Card
      title={t("admin.overview.upcoming.title")}
      actions={
        <Link to="/calendar" className="text-sm font-medium text-brand-700 hover:underline">
          {t("admin.overview.upcoming.calendar")}
        </Link>
      }
    >
      {contests.length === 0 ? (
        <EmptyState title={t("admin.overview.upcoming.none")}>
          <T id="admin.overview.upcoming.noneBody" components={{ 0: <Link to="/calendar" /> }} />
        </EmptyState>
      ) : (
        <List>
          {contests.map((contest) => (
            <li key={contest.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/contests/${contest.id}`}
                className="min-w-0 font-medium break-words text-brand-700 hover:underline"
              >
                {contest.title}
              </Link>
              <span className="text-sm text-slate-600">{dateTime(contest.startsAt)}</span>
            </li>
          ))}
        </List>
      )}
    </Card>
  )
}

const SignUps = ({ members }: { readonly members: Overview["recentSignUps"] }) => {
  const t = useT()
  return (
    <Card
      title={t("admin.overview.signUps.title")}
      actions={
        <Link to="/members" className="text-sm font-medium text-brand-700 hover:underline">
          {t("admin.overview.signUps.all")}
        </Link>
      }
    >
      {members.length === 0 ? (
        <EmptyState title={t("admin.overview.signUps.none")} />
      ) : (
        <List>
          {members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <Link
                  to={`/members/${member.id}`}
                  className="font-medium break-words text-brand-700 hover:underline"
                >
                  {member.username}
                </Link>{" "}
                <span className="text-sm break-all text-slate-600">{member.email}</span>
              </span>
              <span className="flex items-center gap-2 text-sm text-slate-600">
                {!member.emailVerified && (
                  <Chip tone="amber">{t("admin.overview.signUps.unverified")}</Chip>
                )}
                {dateTime(member.createdDate)}
              </span>
            </li>
          ))}
        </List>
      )}
    </Card>
  )
}

const Messages = ({ overview }: { readonly overview: Overview }) => {
  const t = useT()
  return (
    <Card
      title={t("admin.overview.messages.title", { count: count(overview.unreadMessages) })}
      actions={
        <Link to="/messages" className="text-sm font-medium text-brand-700 hover:underline">
          {t("admin.overview.messages.inbox")}
        </Link>
      }
    >
      {overview.latestMessages.length === 0 ? (
        <EmptyState title={t("admin.overview.messages.none")} />
      ) : (
        <List>
          {overview.latestMessages.map((message) => (
            <li key={message.id} className="py-2">
              <p className="font-medium break-words text-slate-900">{message.subject}</p>
              <p className="text-sm break-words text-slate-600">
                {message.name} · {dateTime(message.createdAt)}
              </p>
            </li>
          ))}
        </List>
      )}
    </Card>
  )
}

/** Today at a glance: the contest and its live counts, what comes next, who joined, who wrote. */
const OverviewPage = () => {
  const overview = useQuery({
    queryKey: ["admin", "overview"],
    queryFn: adminApi.overview,
    refetchInterval: OVERVIEW_REFRESH_MS,
  })
  const t = useT()
  return (
    <>
      <PageHeader title={t("admin.overview.title")} description={t("admin.overview.description")} />
      <Loadable
        query={overview}
        loading={t("admin.overview.loading")}
        failure={t("admin.overview.failed")}
      >
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="lg:col-span-2">
              <Today today={data.today} />
            </div>
            <Upcoming contests={data.upcoming} />
            <Messages overview={data} />
            <div className="lg:col-span-2">
              <SignUps members={data.recentSignUps} />
            </div>
          </div>
        )}
      </Loadable>
    </>
  )
}

export default OverviewPage
