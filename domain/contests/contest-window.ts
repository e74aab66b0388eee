import { DateTime, Option } from "effect"
import type { ValidationIssue } from "../shared/errors.ts"
import type { Instant } from "../shared/ids.ts"

/** A submission window of 24 hours, as the site states (23 or 25 on a day the clocks change). */
export const DAILY_WINDOW_HOURS = 24

/**
 * The daily contest for a calendar day ("2026-11-23") in an IANA time zone: from that day's local
 * midnight to the next one, so consecutive daily contests neither overlap nor leave a gap when
 * the clocks change. Undefined when the day or the zone is not valid.
 */
export const dailyWindow = (
  day: string,
  timeZone: string,
): { readonly startsAt: Instant; readonly endsAt: Instant } | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return undefined
  const zone = DateTime.zoneMakeNamed(timeZone)
  if (Option.isNone(zone)) return undefined
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(year, month - 1, date))
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined
  const midnight = (y: number, m: number, d: number) =>
    DateTime.makeZoned(
      { year: y, month: m, day: d, hour: 0, minute: 0, second: 0, millisecond: 0 },
      { timeZone: zone.value, adjustForTimeZone: true },
    )
  const next = new Date(0)
  next.setUTCFullYear(year, month - 1, date + 1)
  const start = midnight(year, month, date)
  const end = midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate())
  if (Option.isNone(start) || Option.isNone(end)) return undefined
  return {
    startsAt: DateTime.toEpochMillis(start.value),
    endsAt: DateTime.toEpochMillis(end.value),
  }
}

export interface ContestDraft {
  readonly title: string
  readonly description: string
  readonly contestType: string
  readonly artStyle: string
  readonly startsAt: Instant
  readonly endsAt: Instant
}

/** What makes a contest draft unusable, each issue naming its field. */
export const contestDraftIssues = (draft: ContestDraft): ReadonlyArray<ValidationIssue> => {
  const issues: Array<ValidationIssue> = []
  if (draft.title.trim().length === 0) {
    issues.push({ field: "title", title: "Title required", message: "A contest needs a title" })
  } else if (draft.title.trim().length > 120) {
    issues.push({
      field: "title",
      title: "Title too long",
      message: "A contest title has at most 120 characters",
    })
  }
  if (draft.contestType.trim().length === 0) {
    issues.push({
      field: "contestType",
      title: "Contest type required",
      message: "A contest needs a type such as daily or weekly",
    })
  }
  if (!Number.isFinite(draft.startsAt)) {
    issues.push({ field: "startsAt", title: "Invalid start", message: "The start is not a date" })
  }
  if (!Number.isFinite(draft.endsAt)) {
    issues.push({ field: "endsAt", title: "Invalid end", message: "The end is not a date" })
  } else if (draft.endsAt <= draft.startsAt) {
    issues.push({
      field: "endsAt",
      title: "End before start",
      message: "The contest must end after it starts",
    })
  }
  return issues
}
