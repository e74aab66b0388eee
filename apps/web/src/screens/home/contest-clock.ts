import { countdownBadge, type CountdownBadge } from "../../../../../domain/contests/countdown.ts"
import type { Contest } from "../../api/types.ts"

/** Where the home page's contest stands, by the browser's clock (§4 Contest display). */
export type ContestPhase = "upcoming" | "open" | "ended"

export interface ContestClock {
  readonly phase: ContestPhase
  readonly badge: CountdownBadge
}

/**
 * The contest's badge and phase at `now`: the window is the clock's (start <= now < end), except
 * that a contest the server reports ended, announced or cancelled stays ended.
 */
export const contestClock = (
  contest: Pick<Contest, "startsAt" | "endsAt" | "status">,
  now: number,
): ContestClock => {
  const badge = countdownBadge(
    { startsAt: Date.parse(contest.startsAt), endsAt: Date.parse(contest.endsAt) },
    now,
  )
  const closedByServer =
    contest.status === "ended" || contest.status === "announced" || contest.status === "cancelled"
  if (closedByServer) return { phase: "ended", badge: { label: "Ended", text: "00:00:00" } }
  switch (badge.label) {
    case "Starts in":
      return { phase: "upcoming", badge }
    case "Remaining":
      return { phase: "open", badge }
    case "Ended":
      return { phase: "ended", badge }
  }
}
