import "./catalog.ts"
import { useQuery } from "@tanstack/react-query"
import { api } from "../../api/api.ts"
import { shortDate } from "../../../../ui/src/format.ts"
import { messageOf } from "../../../../ui/src/messages.ts"
import { EmptyState, ErrorState, Spinner } from "../../../../ui/src/states.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { badgeText, isBadgeId } from "../../plans/plan-text.ts"
import { BadgeIconView } from "../rewards/badge-icon.tsx"
import { useMemberStats } from "./profile-queries.ts"

const Counters = ({ memberId }: { readonly memberId: string }) => {
  const t = useT()
  const stats = useMemberStats(memberId)
  if (stats.isPending) return <Spinner label={t("web.profile.stats.loading")} />
  if (stats.isError) {
    return (
      <ErrorState
        title={t("web.profile.stats.failed")}
        message={messageOf(stats.error, t("web.profile.stats.failedMessage"))}
        onRetry={() => void stats.refetch()}
      />
    )
  }
  const counters = [
    { label: t("web.profile.stats.submissions"), value: stats.data.totalSubmissions },
    { label: t("web.profile.stats.contests"), value: stats.data.contestsParticipated },
    { label: t("web.profile.stats.wins"), value: stats.data.winCount },
    { label: t("web.profile.stats.votes"), value: stats.data.totalVotes },
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
  const t = useT()
  const badges = useQuery({
    queryKey: ["member-badges", memberId],
    queryFn: () => api.badges(memberId),
  })
  if (badges.isPending) return <Spinner label={t("web.profile.badges.loading")} />
  if (badges.isError) {
    return (
      <ErrorState
        title={t("web.profile.badges.failed")}
        message={messageOf(badges.error, t("web.profile.badges.failedMessage"))}
        onRetry={() => void badges.refetch()}
      />
    )
  }
  if (badges.data.length === 0) {
    return (
      <EmptyState title={t("web.profile.badges.none")}>
        <p>{t("web.profile.badges.noneText")}</p>
      </EmptyState>
    )
  }
  return (
    <ul aria-label={t("web.profile.badges.label")} className="grid gap-4 sm:grid-cols-2">
      {badges.data.map((badge) => {
        const text = isBadgeId(badge.id) ? badgeText(badge.id, t) : badge
        return (
          <li
            key={badge.id}
            className="flex min-w-0 items-start gap-4 rounded-xl border border-slate-200 p-4 shadow-sm"
          >
            <BadgeIconView icon={badge.icon} colorClass={badge.iconColor} />
            <div className="min-w-0">
              <h3 className="font-semibold text-slate-900">{text.name}</h3>
              <p className="text-sm text-slate-700">{text.description}</p>
              <p className="mt-1 text-xs text-slate-600">
                <T
                  id="web.profile.badges.earned"
                  values={{ date: shortDate(badge.earnedAt) }}
                  components={{ 0: <time dateTime={badge.earnedAt} /> }}
                />
              </p>
            </div>
          </li>
        )
      })}
    </ul>
  )
}

/** The Achievements tab: four counters and the badges earned. */
export const AchievementsTab = ({ memberId }: { readonly memberId: string }) => {
  const t = useT()
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="achievement-counters">
        <h2 id="achievement-counters" className="sr-only">
          {t("web.profile.stats.title")}
        </h2>
        <Counters memberId={memberId} />
      </section>
      <section aria-labelledby="earned-badges">
        <h2 id="earned-badges" className="mb-4 text-xl font-semibold text-slate-900">
          {t("web.profile.badges.title")}
        </h2>
        <EarnedBadges memberId={memberId} />
      </section>
    </div>
  )
}
