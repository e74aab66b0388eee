import { useQuery, useQueryClient } from "@tanstack/react-query"
import { CalendarPlus } from "lucide-react"
import { useState } from "react"
import { Link } from "react-router-dom"
import { Button } from "../../../../ui/src/button.tsx"
import { FormDialog } from "../../../../ui/src/dialog.tsx"
import { useT } from "../../../../ui/src/i18n.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi, adminTimeZone } from "../../api/admin-api.ts"
import type { CalendarDay } from "../../api/admin-types.ts"
import { StatusChip } from "../../ui/admin-ui.tsx"
import { dayLabel, today } from "../../ui/dates.ts"
import { ScheduleForm } from "./ScheduleForm.tsx"

export const CALENDAR_DAYS = 30

const DayCell = ({
  day,
  onSchedule,
}: {
  readonly day: CalendarDay
  readonly onSchedule: (date: string) => void
}) => {
  const t = useT()
  const gap = day.contests.length === 0
  return (
    <li
      aria-label={dayLabel(day.date, "long")}
      className={`flex min-w-0 flex-col gap-2 rounded-lg border p-3 ${
        gap ? "border-dashed border-amber-400 bg-amber-50" : "border-slate-200 bg-white"
      }`}
    >
      <p className="text-sm font-semibold text-slate-900">{dayLabel(day.date)}</p>
      {gap ? (
        <>
          <p className="text-sm font-medium text-amber-900">{t("admin.calendar.noContest")}</p>
          <Button
            variant="secondary"
            className="mt-auto px-3 py-1.5"
            onClick={() => onSchedule(day.date)}
            aria-label={t("admin.calendar.scheduleOn", { day: dayLabel(day.date, "long") })}
          >
            {t("admin.calendar.schedule")}
          </Button>
        </>
      ) : (
        <ul className="flex flex-col gap-2">
          {day.contests.map((contest) => (
            <li key={contest.id} className="min-w-0">
              <Link
                to={`/contests/${contest.id}`}
                className="block text-sm font-medium break-words text-brand-700 hover:underline"
              >
                {contest.title}
              </Link>
              <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                <StatusChip status={contest.status} />
                {contest.contestType}
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** The next 30 days where the admin is: each day's contests, and the days that have none. */
const CalendarPage = () => {
  const calendar = useQuery({
    queryKey: ["admin", "calendar", CALENDAR_DAYS],
    queryFn: () => adminApi.calendar(CALENDAR_DAYS),
  })
  const [scheduling, setScheduling] = useState<string | null>(null)
  const client = useQueryClient()
  const toast = useToast()
  const t = useT()
  const firstGap = calendar.data?.days.find((day) => day.contests.length === 0)?.date

  return (
    <>
      <PageHeader
        title={t("admin.calendar.title")}
        description={t("admin.calendar.description", {
          days: CALENDAR_DAYS,
          zone: adminTimeZone(),
        })}
        actions={
          <Button onClick={() => setScheduling(firstGap ?? today())}>
            <CalendarPlus aria-hidden className="size-4" />
            {t("admin.calendar.scheduleTitle")}
          </Button>
        }
      />
      <Loadable
        query={calendar}
        loading={t("admin.calendar.loading")}
        failure={t("admin.calendar.failed")}
      >
        {(data) => {
          const gaps = data.days.filter((day) => day.contests.length === 0).length
          return data.days.length === 0 ? (
            <EmptyState title={t("admin.calendar.noDays")} />
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-700" aria-live="polite">
                {gaps === 0
                  ? t("admin.calendar.noGaps")
                  : t("admin.calendar.gaps", { count: gaps })}
              </p>
              <ol className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-5">
                {data.days.map((day) => (
                  <DayCell key={day.date} day={day} onSchedule={setScheduling} />
                ))}
              </ol>
            </>
          )
        }}
      </Loadable>
      <FormDialog
        open={scheduling !== null}
        onOpenChange={(open) => !open && setScheduling(null)}
        title={t("admin.calendar.scheduleTitle")}
        description={t("admin.calendar.scheduleDescription")}
      >
        {scheduling !== null && (
          <ScheduleForm
            key={scheduling}
            date={scheduling}
            onCancel={() => setScheduling(null)}
            onSubmit={async (schedule) => {
              const contest = await adminApi.scheduleContest(schedule)
              setScheduling(null)
              toast({
                title: t("admin.calendar.scheduled"),
                description: t("admin.calendar.scheduledBody", {
                  title: contest.title,
                  day: dayLabel(schedule.date, "long"),
                }),
              })
              void client.invalidateQueries({ queryKey: ["admin"] })
            }}
          />
        )}
      </FormDialog>
    </>
  )
}

export default CalendarPage
