import type { Instant } from "../shared/ids.ts"
import type { Contest } from "./contest.entity.ts"
import { contestStatus } from "./contest-status.ts"

/**
 * The home page's contest: one in progress (the one that started first), else the earliest
 * upcoming, else the most recently ended. Cancelled contests are never shown.
 */
export const selectHomeContest = <C extends Contest>(
  contests: ReadonlyArray<C>,
  now: Instant,
): C | undefined => {
  let inProgress: C | undefined
  let upcoming: C | undefined
  let recent: C | undefined
  for (const contest of contests) {
    const status = contestStatus(contest, now)
    if (status === "cancelled") continue
    if (status === "active") {
      if (!inProgress || contest.startsAt < inProgress.startsAt) inProgress = contest
    } else if (status === "scheduled") {
      if (!upcoming || contest.startsAt < upcoming.startsAt) upcoming = contest
    } else if (!recent || contest.endsAt > recent.endsAt) {
      recent = contest
    }
  }
  return inProgress ?? upcoming ?? recent
}
