import { useQuery } from "@tanstack/react-query"
import { api } from "../../api/api.ts"
import { shortDate } from "../../../../ui/src/format.ts"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { BadgeIconView } from "../rewards/badge-icon.tsx"
import { useMemberStats } from "./profile-queries.ts"

const Counters = ({ memberId }: { readonly memberId: string }) => {
  const stats = useMemberStats(memberId)
  if (stats.isPending) return <Spinner label="Loading stats..." />
  if (stats.isError) {
    return (
      <ErrorState
        title="Failed to fetch user metrics"
        message={messageOf(stats.error, "Your counters could not be loaded.")}
        onRetry={() => void stats.refetch()}
      />
    )
  }
  const counters = [
    { label: "Total Submissions", value: stats.data.totalSubmissions },
    { label: "Contests Entered", value: stats.data.contestsParticipated },
    { label: "Contest Wins", value: stats.data.winCount },
    { label: "Total Votes Received", value: stats.data.totalVotes },
  ]
  return (
    <dl className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
      {counters.map((counter) => (
        <div key={counter.label} className="rounded-xl border border-slate-200 p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{counter.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{counter.value}</dd>
        </div>
      ))}
    </dl>
  )
}

const EarnedBadges = ({ memberId }: { readonly memberId: string }) => {
  const badges = useQuery({
    queryKey: ["member-badges", memberId],
    queryFn: () => api.badges(memberId),
  })
  if (badges.isPending) return <Spinner label="Loading achievements..." />
  if (badges.isError) {
    return (
      <ErrorState
        title="Failed to fetch user badges"
        message={messageOf(badges.error, "Your badges could not be loaded.")}
        onRetry={() => void badges.refetch()}
      />
    )
  }
  if (badges.data.length === 0) {
    return (
      <EmptyState title="No achievements yet">
        <p>Win contests, enter every day and collect votes to earn badges.</p>
      </EmptyState>
    )
  }
  return (
    <ul aria-label="Your badges" className="grid gap-4 sm:grid-cols-2">
      {badges.data.map((badge) => (
        <li
          key={badge.id}
          className="flex min-w-0 items-start gap-4 rounded-xl border border-slate-200 p-4 shadow-sm"
        >
          <BadgeIconView icon={badge.icon} colorClass={badge.iconColor} />
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{badge.name}</h3>
            <p className="text-sm text-slate-700">{badge.description}</p>
            <p className="mt-1 text-xs text-slate-600">
              Earned <time dateTime={badge.earnedAt}>{shortDate(badge.earnedAt)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The Achievements tab: four counters and the badges earned. */
export const AchievementsTab = ({ memberId }: { readonly memberId: string }) => (
  <div className="flex flex-col gap-8">
    <section aria-labelledby="achievement-counters">
      <h2 id="achievement-counters" className="sr-only">
        Your numbers
      </h2>
      <Counters memberId={memberId} />
    </section>
    <section aria-labelledby="earned-badges">
      <h2 id="earned-badges" className="mb-4 text-xl font-semibold text-slate-900">
        Badges earned
      </h2>
      <EarnedBadges memberId={memberId} />
    </section>
  </div>
)
