import { useQuery } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import { useSearchParams } from "react-router-dom"
import { shortDate } from "../../../../ui/src/format.ts"
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

export const rangeProblem = (from: string, to: string): { from?: string; to?: string } => {
  if (!isDay(from)) return { from: "Choose the first day." }
  if (!isDay(to)) return { to: "Choose the last day." }
  const days = daysBetween(from, to)
  if (days < 0) return { to: "The last day must not be before the first." }
  if (days > MAX_RANGE_DAYS) return { to: `A range covers at most ${MAX_RANGE_DAYS} days.` }
  return {}
}

const OverTime = ({ analytics }: { readonly analytics: Analytics }) => {
  const { totals } = analytics
  return (
    <div className="grid gap-6">
      <Figures
        figures={[
          ["Views", count(totals.views)],
          ["Downloads", count(totals.downloads)],
          ["Entries", count(totals.entries)],
          ["Votes", count(totals.votes)],
          ["Sign-ups", count(totals.signUps)],
          ["Paid conversions", count(totals.paidConversions)],
          ["Conversion to paid", percent(analytics.conversionRate)],
        ]}
      />
      {analytics.days.length === 0 ? (
        <EmptyState title="No figures for these days" />
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <Chart
            title="Views and downloads per day"
            kind="line"
            rows={analytics.days}
            labelOf={(day) => dayLabel(day.date)}
            series={[
              { key: "views", label: "Views" },
              { key: "downloads", label: "Downloads" },
            ]}
          />
          <Chart
            title="Entries and votes per day"
            kind="bar"
            rows={analytics.days}
            labelOf={(day) => dayLabel(day.date)}
            series={[
              { key: "entries", label: "Entries" },
              { key: "votes", label: "Votes" },
            ]}
          />
          <Chart
            title="Sign-ups and paid conversions per day"
            kind="line"
            rows={analytics.days}
            labelOf={(day) => dayLabel(day.date)}
            series={[
              { key: "signUps", label: "Sign-ups" },
              { key: "paidConversions", label: "Paid conversions" },
            ]}
          />
        </div>
      )}
    </div>
  )
}

const hourLabel = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric" })

const PerContest = ({ analytics }: { readonly analytics: ContestAnalytics }) => (
  <div className="grid gap-6">
    <Figures
      figures={[
        ["Views", count(analytics.totals.views)],
        ["Downloads", count(analytics.totals.downloads)],
        ["Entries", count(analytics.totals.entries)],
        ["Votes", count(analytics.totals.votes)],
      ]}
    />
    {analytics.series.length === 0 ? (
      <EmptyState title="No activity recorded for this contest yet" />
    ) : (
      <Chart
        title={`${analytics.contest.title}, hour by hour`}
        kind="line"
        rows={analytics.series}
        labelOf={(point) => hourLabel(point.hour)}
        series={[
          { key: "views", label: "Views" },
          { key: "downloads", label: "Downloads" },
          { key: "entries", label: "Entries" },
          { key: "votes", label: "Votes" },
        ]}
      />
    )}
  </div>
)

const RangeForm = ({
  from,
  to,
  onApply,
}: {
  readonly from: string
  readonly to: string
  readonly onApply: (from: string, to: string) => void
}) => {
  const [values, setValues] = useState({ from, to })
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problem = rangeProblem(values.from, values.to)
    setErrors(problem)
    if (!problem.from && !problem.to) onApply(values.from, values.to)
  }
  return (
    <form onSubmit={submit} noValidate className="mb-4 flex flex-wrap items-start gap-3">
      <Field label="From" error={errors.from}>
        <TextInput
          type="date"
          value={values.from}
          onChange={(event) => setValues((v) => ({ ...v, from: event.target.value }))}
        />
      </Field>
      <Field label="To" error={errors.to}>
        <TextInput
          type="date"
          value={values.to}
          onChange={(event) => setValues((v) => ({ ...v, to: event.target.value }))}
        />
      </Field>
      <Button type="submit" className="mt-6">
        Show
      </Button>
    </form>
  )
}

/** Views, downloads, entries, votes and conversion to paid: over a range of days, and per contest. */
const AnalyticsPage = () => {
  const [params, setParams] = useSearchParams()
  const lastDay = today()
  const from = params.get("from") ?? addDays(lastDay, -(DEFAULT_RANGE_DAYS - 1))
  const to = params.get("to") ?? lastDay
  const contestId = params.get("contest") ?? ""
  const badRange = rangeProblem(from, to)
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
        title="Analytics"
        description={`Views, downloads, entries, votes and conversion to paid (${adminTimeZone()}).`}
      />
      <div className="grid gap-4">
        <Card title="Over time">
          <RangeForm
            key={`${from}/${to}`}
            from={from}
            to={to}
            onApply={(f, t) => update({ from: f, to: t })}
          />
          {rangeOk ? (
            <Loadable
              query={overTime}
              loading="Loading the figures…"
              failure="The figures did not load"
            >
              {(data) => <OverTime analytics={data} />}
            </Loadable>
          ) : (
            <p role="alert" className="text-sm text-red-700">
              {badRange.from ?? badRange.to}
            </p>
          )}
        </Card>
        <Card title="Per contest">
          {contests.isPending ? (
            <Spinner label="Loading contests…" />
          ) : contests.isError ? (
            <ErrorState
              title="The contests did not load"
              message={messageOf(contests.error, "The server did not answer")}
              onRetry={() => void contests.refetch()}
            />
          ) : contests.data.items.length === 0 ? (
            <EmptyState title="No contests yet" />
          ) : (
            <>
              <div className="mb-4 max-w-md">
                <Field label="Contest">
                  <SelectInput
                    value={contestId}
                    onChange={(event) => update({ contest: event.target.value })}
                  >
                    <option value="">Choose a contest…</option>
                    {contests.data.items.map((contest) => (
                      <option key={contest.id} value={contest.id}>
                        {contest.title} ({shortDate(contest.startsAt)})
                      </option>
                    ))}
                  </SelectInput>
                </Field>
              </div>
              {contestId !== "" && (
                <Loadable
                  query={perContest}
                  loading="Loading the contest's figures…"
                  failure="The contest's figures did not load"
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
