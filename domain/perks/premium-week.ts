import type { Instant } from "../shared/ids.ts"

/**
 * Premium pages change every ISO week (Monday 00:00 to Monday 00:00, UTC), named "2026-W48": one
 * label the admin types and every member's clock agrees on, wherever they are.
 */

const DAY_MS = 86_400_000
const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/

/** Monday 00:00 UTC of ISO week 1 of `year`: the week holding 4 January. */
const weekOneStart = (year: number): Instant => {
  const fourth = Date.UTC(year, 0, 4)
  const weekday = (new Date(fourth).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  return fourth - weekday * DAY_MS
}

/** The ISO week holding `instant`, as "YYYY-Www". */
export const isoWeekOf = (instant: Instant): string => {
  const day = new Date(instant)
  // The ISO year is the year of that week's Thursday.
  const weekday = (day.getUTCDay() + 6) % 7
  const thursday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - weekday + 3)
  const year = new Date(thursday).getUTCFullYear()
  const week = Math.floor((thursday - weekOneStart(year)) / (7 * DAY_MS)) + 1
  return `${year}-W${String(week).padStart(2, "0")}`
}

/** Where an ISO week starts and ends as instants; undefined when `week` names no week. */
export const isoWeekWindow = (
  week: string,
): { readonly startsAt: Instant; readonly endsAt: Instant } | undefined => {
  const match = WEEK_PATTERN.exec(week)
  if (!match) return undefined
  const year = Number(match[1])
  const number = Number(match[2])
  if (number < 1) return undefined
  const startsAt = weekOneStart(year) + (number - 1) * 7 * DAY_MS
  // Week 53 exists only in years whose 28 December falls in it.
  if (isoWeekOf(startsAt) !== week) return undefined
  return { startsAt, endsAt: startsAt + 7 * DAY_MS }
}

export const isIsoWeek = (week: string): boolean => isoWeekWindow(week) !== undefined
