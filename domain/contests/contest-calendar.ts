import { addDays } from "../shared/calendar.ts"
import type { Instant } from "../shared/ids.ts"
import type { Contest } from "./contest.entity.ts"
import { dailyWindow } from "./contest-window.ts"

export const MAX_CALENDAR_DAYS = 366

/** One local day of the admin's calendar and the contests running on it. */
export interface CalendarDay<C> {
  readonly date: string
  readonly contests: ReadonlyArray<C>
}

/**
 * The days from `firstDay` on, each with the contests whose window overlaps that local day. A
 * cancelled contest does not occupy its day: the day shows as free, so it can be scheduled again.
 */
export const calendarDays = <C extends Pick<Contest, "startsAt" | "endsAt" | "storedStatus">>(
  firstDay: string,
  days: number,
  timeZone: string,
  contests: ReadonlyArray<C>,
): ReadonlyArray<CalendarDay<C>> =>
  Array.from({ length: days }, (_, index) => {
    const date = addDays(firstDay, index)
    const window = dailyWindow(date, timeZone)
    return {
      date,
      contests: window
        ? contests.filter(
            (contest) =>
              contest.storedStatus?.trim().toLowerCase() !== "cancelled" &&
              contest.startsAt < window.endsAt &&
              window.startsAt < contest.endsAt,
          )
        : [],
    }
  })

/** Where a run of local days starts and ends, as instants: [first midnight, midnight after last). */
export const daysWindow = (
  firstDay: string,
  days: number,
  timeZone: string,
): { readonly from: Instant; readonly to: Instant } | undefined => {
  const first = dailyWindow(firstDay, timeZone)
  const last = dailyWindow(addDays(firstDay, days - 1), timeZone)
  return first && last ? { from: first.startsAt, to: last.endsAt } : undefined
}
