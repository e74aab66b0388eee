import { DateTime, Option } from "effect"
import type { Instant } from "./ids.ts"

/**
 * Calendar arithmetic in a viewer's IANA time zone (sent by the browser), done with effect's
 * DateTime so DST changes are handled by the platform's time zone data.
 */
export type Period = "today" | "week" | "month" | "all"
export const PERIODS: ReadonlyArray<Period> = ["today", "week", "month", "all"]

/** Whether `timeZone` names an IANA zone this runtime knows. */
export const isTimeZone = (timeZone: string): boolean =>
  Option.isSome(DateTime.zoneMakeNamed(timeZone))

const zoned = (now: Instant, timeZone: string): DateTime.Zoned => {
  const zone = DateTime.zoneMakeNamed(timeZone)
  return DateTime.makeZonedUnsafe(now, {
    timeZone: Option.isSome(zone) ? zone.value : DateTime.zoneMakeNamedUnsafe("UTC"),
  })
}

/** The local midnight that starts the day containing `now`. */
export const startOfDay = (now: Instant, timeZone: string): Instant =>
  DateTime.toEpochMillis(DateTime.startOf(zoned(now, timeZone), "day"))

/**
 * Where a period begins for a viewer: today since local midnight, this week since Sunday's local
 * midnight, this month since the 1st; all time has no start.
 */
export const periodStart = (period: Period, now: Instant, timeZone: string): Instant => {
  switch (period) {
    case "today":
      return startOfDay(now, timeZone)
    case "week":
      return DateTime.toEpochMillis(
        DateTime.startOf(zoned(now, timeZone), "week", { weekStartsOn: 0 }),
      )
    case "month":
      return DateTime.toEpochMillis(DateTime.startOf(zoned(now, timeZone), "month"))
    case "all":
      return Number.NEGATIVE_INFINITY
  }
}

/** The calendar day ("YYYY-MM-DD") that contains `instant` in `timeZone`. */
export const localDate = (instant: Instant, timeZone: string): string => {
  const parts = DateTime.toParts(zoned(instant, timeZone))
  const pad = (value: number, width = 2) => String(value).padStart(width, "0")
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`
}

/** The calendar day `days` after `date` ("YYYY-MM-DD"; negative goes back). */
export const addDays = (date: string, days: number): string => {
  const [year, month, day] = date.split("-").map(Number)
  const moved = new Date(0)
  moved.setUTCFullYear(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)
  return moved.toISOString().slice(0, 10)
}

/** Whether `date` is a real calendar day written YYYY-MM-DD. */
export const isCalendarDate = (date: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) === date
