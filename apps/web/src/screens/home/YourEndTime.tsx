import { clockTime, currentTimeZone, differentDays, shortDate } from "../../../../ui/src/format.ts"
import { useDisplayTimeZoneSetting } from "../../../../ui/src/local-date.tsx"

import { translate, useLanguage } from "../../../../ui/src/i18n.tsx"
/**
 * The contest's end in the viewer's own clock, when their day is not the contest's: the contest
 * runs across one of their midnights (it was scheduled midnight to midnight somewhere else).
 * "Ends at 7:00 PM your time", or with the date when the end is not on the viewer's today.
 * null when the contest's day is the viewer's (the countdown says it all) or it has ended.
 */
export const yourEndTime = (
  contest: { readonly startsAt: string; readonly endsAt: string },
  now: number,
  /** undefined: the browser's own zone, whose days need no Intl (the usual case: nothing shown). */
  timeZone: string | undefined,
): string | null => {
  const end = Date.parse(contest.endsAt)
  if (end <= now) return null
  const lastMoment = new Date(end - 1).toISOString()
  if (!differentDays(contest.startsAt, lastMoment, timeZone)) return null
  const zone = timeZone ?? currentTimeZone()
  const time = clockTime(contest.endsAt, zone)
  return differentDays(new Date(now).toISOString(), contest.endsAt, timeZone)
    ? translate("web.home.endTime.otherDay", { date: shortDate(contest.endsAt, zone), time })
    : translate("web.home.endTime.today", { time })
}

/** The line under the countdown badge; nothing when the viewer's day is the contest's. */
export const YourEndTime = ({
  contest,
  now = Date.now(),
  timeZone,
}: {
  readonly contest: { readonly startsAt: string; readonly endsAt: string }
  readonly now?: number
  /** The display zone (the member's setting, else the browser's) unless given. */
  readonly timeZone?: string
}) => {
  useLanguage()
  const setting = useDisplayTimeZoneSetting()
  const text = yourEndTime(contest, now, timeZone ?? setting)
  return text === null ? null : <p className="mt-2 text-sm text-slate-600">{text}</p>
}
