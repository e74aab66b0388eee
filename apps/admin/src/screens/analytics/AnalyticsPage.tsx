import { useQuery } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { useSearchParams } from "react-router-dom"
import { intlLocale, shortDate } from "../../../../ui/src/format.ts"
import { type Translate, useT } from "../../../../ui/src/i18n.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, SelectInput, TextInput } from "../../../../ui/src/form.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, ErrorState, Loadable, Spinner } from "../../../../ui/src/states.tsx"
import { adminApi, adminTimeZone } from "../../api/admin-api.ts"
import type { Analytics, ContestAnalytics } from "../../api/admin-types.ts"
import { addDays, count, dayLabel, daysBetween, isDay, percent, today } from "../../ui/dates.ts"
import { Chart } from "./Chart.tsx"

/** The longest range the server answers (to − from ≤ 366 days). */
export const MAX_RANGE_DAYS = 366
/** The range shown at first: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30

const Figures = ({ figures }: { readonly figures: ReadonlyArray<readonly [string, string]> }) => (
  <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
    {figures.map(([label, value]) => (
      <div key={label} className="min-w-0 rounded-lg border border-slate-200 p-3">
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd className="mt-1 text-xl font-bold break-words text-slate-900">{value}</dd>
      </div>
    ))}
  </dl>
)

export const rangeProblem = (
  from: string,
  to: string,
  t: Translate,
): { from?: string; to?: string } => {
  if (!isDay(from)) return { from: t("admin.analytics.range.fromMissing") }
  if (!isDay(to)) return { to: t("admin.analytics.range.toMissing") }
  const days = daysBetween(from, to)
  if (days < 0) return { to: t("admin.analytics.range.reversed") }
  if (days > MAX_RANGE_DAYS)
    return { to: t("admin.analytics.range.tooLong", { max: MAX_RANGE_DAYS }) }
  return {}
}

const OverTime = ({ analytics }: { readonly analytics: Analytics }) => {
  const { totals } = analytics
  const t = useT()
  return (
    <div className="grid gap-6">
      <Figures
        figures={[
          [t("admin.analytics.views"), count(totals.views)],
          [t("admin.analytics.downloads"), count(totals.downloads)],
          [t("admin.analytics.entries"), count(totals.entries)],
          [t("admin.analytics.votes"), count(totals.votes)],
          [t("admin.analytics.signUps"), count(totals.signUps)],
          [t("admin.analytics.paidConversions"), count(totals.paidConversions)],
          [t("admin.analytics.conversionRate"), percent(analytics.conversionRate)],
        ]}
      />
      {analytics.days.length === 0 ? (
        <EmptyState title={t("admin.analytics.noDays")} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <Chart
            title={t("admin.analytics.chart.viewsDownloads")}
            kind="line"
            rows={analytics.days}
            labelOf={(day) => dayLabel(day.date)}
            series={[
              { key: "views", label: t("admin.analytics.views") },
              { key: "downloads", label: t("admin.analytics.downloads") },
            ]}
          />
          <Chart
            title={t("admin.analytics.chart.entriesVotes")}
            kind="bar"
            rows={analytics.days}
            labelOf={(day) => dayLabel(day.date)}
            series={[
              { key: "entries", label: t("admin.analytics.entries") },
              { key: "votes", label: t("admin.analytics.votes") },
            ]}
          />
          <Chart
            title={t("admin.analytics.chart.signUpsConversions")}
            kind="line"
            rows={analytics.days}
            labelOf={(day) => dayLabel(day.date)}
            series={[
              { key: "signUps", label: t("admin.analytics.signUps") },
              { key: "paidConversions", label: t("admin.analytics.paidConversions") },
            ]}
          />
        </div>
      )}
    </div>
  )
}

/** An hour of a contest on the x axis, "Nov 23, 9 AM", in the page's language. */
const hourLabel = (iso: string) =>
  new Date(iso).toLocaleString(intlLocale(), { month: "short", day: "numeric", hour: "numeric" })

const PerContest = ({ analytics }: { readonly analytics: ContestAnalytics }) => {
  const t = useT()
  return (
    <div className="grid gap-6">
      <Figures
        figures={[
          [t("admin.analytics.views"), count(analytics.totals.views)],
          [t("admin.analytics.downloads"), count(analytics.totals.downloads)],
          [t("admin.analytics.entries"), count(analytics.totals.entries)],
          [t("admin.analytics.votes"), count(analytics.totals.votes)],
        ]}
      />
      {analytics.series.length === 0 ? (
        <EmptyState title={t("admin.analytics.noActivity")} />
      ) : (
        <Chart
          title={t("admin.analytics.chart.hourly", { contest: analytics.contest.title })}
          kind="line"
          rows={analytics.series}
          labelOf={(point) => hourLabel(point.hour)}
          series={[
            { key: "views", label: t("admin.analytics.views") },
            { key: "downloads", label: t("admin.analytics.downloads") },
            { key: "entries", label: t("admin.analytics.entries") },
            { key: "votes", label: t("admin.analytics.votes") },
          ]}
        />
      )}
    </div>
  )
}

const RangeForm = ({
  from,
  to,
  onApply,
}: {
  readonly from: string
  readonly to: string
  readonly onApply: (from: string, to: string) => void
}) => {
  const t = useT()
  const [values, setValues] = useState({ from, to })
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = rangeProblem(values.from, values.to, t)
    setErrors(problem)
    if (!problem.from && !problem.to) onApply(values.from, values.to)
  }
  return (
    <form onSubmit={submit} noValidate className="mb-4 flex flex-wrap items-start gap-3">
      <Field label={t("admin.analytics.range.from")} error={errors.from}>
        <TextInput
          type="date"
          value={values.from}
          onChange={(event) => setValues((v) => ({ ...v, from: event.target.value }))}
        />
      </Field>
      <Field label={t("admin.analytics.range.to")} error={errors.to}>
        <TextInput
          type="date"
          value={values.to}
          onChange={(event) => setValues((v) => ({ ...v, to: event.target.value }))}
        />
      </Field>
      <Button type="submit" className="mt-6">
        {t("admin.analytics.range.show")}
      </Button>
    </form>
  )
}

/** Views, downloads, entries, votes and conversion to paid: over a range of days, and per contest. */
const AnalyticsPage = () => {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const lastDay = today()
  const from = params.get("from") ?? addDays(lastDay, -(DEFAULT_RANGE_DAYS - 1))
  const to = params.get("to") ?? lastDay
  const contestId = params.get("contest") ?? ""
  const badRange = rangeProblem(from, to, t)
  const rangeOk = !badRange.from && !badRange.to

  const overTime = useQuery({
    queryKey: ["admin", "analytics", from, to],
    queryFn: () => adminApi.analytics(from, to),
    enabled: rangeOk,
  })
  const contests = useQuery({
    queryKey: ["admin", "contests", "analytics-picker"],
    queryFn: () => adminApi.contests({ limit: 100 }),
  })
  const perContest = useQuery({
    queryKey: ["admin", "contest-analytics", contestId],
    queryFn: () => adminApi.contestAnalytics(contestId),
    enabled: contestId !== "",
  })

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setParams(next, { replace: true })
  }

  return (
    <>
      <PageHeader
        title={t("admin.analytics.title")}
        description={t("admin.analytics.description", { timeZone: adminTimeZone() })}
      />
      <div className="grid gap-4">
        <Card title={t("admin.analytics.overTime")}>
          <RangeForm
            key={`${from}/${to}`}
            from={from}
            to={to}
            onApply={(first, last) => update({ from: first, to: last })}
          />
          {rangeOk ? (
            <Loadable
              query={overTime}
              loading={t("admin.analytics.loading")}
              failure={t("admin.analytics.failed")}
            >
              {(data) => <OverTime analytics={data} />}
            </Loadable>
          ) : (
            <p role="alert" className="text-sm text-red-700">
              {badRange.from ?? badRange.to}
            </p>
          )}
        </Card>
        <Card title={t("admin.analytics.perContest")}>
          {contests.isPending ? (
            <Spinner label={t("admin.analytics.contestsLoading")} />
          ) : contests.isError ? (
            <ErrorState
              title={t("admin.analytics.contestsFailed")}
              message={messageOf(contests.error, t("admin.analytics.noAnswer"))}
              onRetry={() => void contests.refetch()}
            />
          ) : contests.data.items.length === 0 ? (
            <EmptyState title={t("admin.analytics.noContests")} />
          ) : (
            <>
              <div className="mb-4 max-w-md">
                <Field label={t("admin.analytics.contest")}>
                  <SelectInput
                    value={contestId}
                    onChange={(event) => update({ contest: event.target.value })}
                  >
                    <option value="">{t("admin.analytics.chooseContest")}</option>
                    {contests.data.items.map((contest) => (
                      <option key={contest.id} value={contest.id}>
                        {t("admin.analytics.contestOption", {
                          title: contest.title,
                          start: shortDate(contest.startsAt),
                        })}
                      </option>
                    ))}
                  </SelectInput>
                </Field>
              </div>
              {contestId !== "" && (
                <Loadable
                  query={perContest}
                  loading={t("admin.analytics.contestLoading")}
                  failure={t("admin.analytics.contestFailed")}
                >
                  {(data) => <PerContest analytics={data} />}
                </Loadable>
              )}
            </>
          )}
        </Card>
      </div>
    </>
  )
}

export default AnalyticsPage
