import { type Contest } from "../contests/contest.entity.ts"
import { contestStatus } from "../contests/contest-status.ts"
import { grants, type Tier } from "../plans/plans.ts"
import type { Instant } from "../shared/ids.ts"

/**
 * Early access (Color Champ): the next day's line art from 18:00 the day before. A daily contest
 * runs from local midnight to midnight in the zone it was scheduled in (contest-window.ts), and
 * no zone moves its clocks between 18:00 and midnight, so 18:00 the day before in the contest's
 * zone is always six hours before its start; the rule needs no stored zone.
 */
export const EARLY_ACCESS_LEAD_MS = 6 * 3_600_000

/** When Champ members may first see and download a contest's line art. */
export const earlyAccessOpensAt = (contest: Pick<Contest, "startsAt">): Instant =>
  contest.startsAt - EARLY_ACCESS_LEAD_MS

/**
 * Who may have a contest's line art now:
 * - `everyone` once it has started (and after; a cancelled one too, as before);
 * - `early` for a plan with early access from 18:00 the day before until it starts;
 * - `plan-required` in that window for anyone else (the page says which plan unlocks it);
 * - `not-yet` before the window opens, for everyone.
 */
export type LineArtAccess = "everyone" | "early" | "plan-required" | "not-yet"

export const lineArtAccess = (
  contest: Pick<Contest, "startsAt" | "endsAt" | "storedStatus">,
  tier: Tier | null,
  now: Instant,
): LineArtAccess => {
  const status = contestStatus(contest, now)
  if (status !== "scheduled")
    return status === "cancelled" && now < contest.startsAt ? "not-yet" : "everyone"
  if (now < earlyAccessOpensAt(contest)) return "not-yet"
  return tier !== null && grants(tier, "early-access") ? "early" : "plan-required"
}

/**
 * Tomorrow's contest for early access: the earliest scheduled one whose early access has opened
 * at `now` and which has not started, or undefined.
 */
export const earlyAccessContest = <C extends Pick<Contest, "startsAt" | "endsAt" | "storedStatus">>(
  candidates: ReadonlyArray<C>,
  now: Instant,
): C | undefined =>
  [...candidates]
    .filter(
      (contest) =>
        contestStatus(contest, now) === "scheduled" && now >= earlyAccessOpensAt(contest),
    )
    .sort((a, b) => a.startsAt - b.startsAt)[0]
