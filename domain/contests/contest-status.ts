import type { Instant } from "../shared/ids.ts"
import type { Contest } from "./contest.entity.ts"

export const CONTEST_STATUSES = ["scheduled", "active", "ended", "announced", "cancelled"] as const
export type ContestStatus = (typeof CONTEST_STATUSES)[number]

/** Whether an admin cancelled it (a stored `cancelled`, whatever the clock says). */
export const isCancelled = (contest: Pick<Contest, "storedStatus">): boolean =>
  contest.storedStatus?.trim().toLowerCase() === "cancelled"

/**
 * Status derived from the clock, not trusted from a stored string. A stored `cancelled` always
 * wins; a stored `announced` counts only once the contest has ended. Case is ignored.
 */
export const contestStatus = (
  contest: Pick<Contest, "startsAt" | "endsAt" | "storedStatus">,
  now: Instant,
): ContestStatus => {
  if (isCancelled(contest)) return "cancelled"
  const stored = contest.storedStatus?.trim().toLowerCase()
  if (now < contest.startsAt) return "scheduled"
  if (now < contest.endsAt) return "active"
  return stored === "announced" ? "announced" : "ended"
}

/** Entries and votes are accepted while start <= now < end, unless the contest was cancelled. */
export const isOpen = (
  contest: Pick<Contest, "startsAt" | "endsAt" | "storedStatus">,
  now: Instant,
): boolean => contestStatus(contest, now) === "active"
