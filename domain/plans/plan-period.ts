import type { Instant, MemberId } from "../shared/ids.ts"
import type { Tier } from "./plans.ts"

/**
 * A stretch of time a member held a paid tier: from the moment the tier was saved on their
 * subscription to the moment another tier replaced it (null: still held). The monthly drawings
 * read these, so a member who held a tier at any time in a month is in that month's drawing even
 * after cancelling or changing plan (README, "Decisions": Drawings).
 */
export interface PlanPeriod {
  readonly memberId: MemberId
  readonly tier: Exclude<Tier, "free">
  readonly from: Instant
  /** When another tier replaced it; null while it is held. */
  readonly until: Instant | null
}

/** What saving a subscription of `tier` at `now` does to the member's open period, if any. */
export interface PeriodChange {
  /** End the open period at `now`. */
  readonly end: boolean
  /** The period to open, or null (the same tier goes on, or the new tier is free). */
  readonly open: PlanPeriod | null
}

/**
 * A tier change ends the open period and opens one for the new paid tier; saving the tier already
 * held (credits spent, a renewal) changes nothing. The free tier has no period.
 */
export const periodChange = (
  open: PlanPeriod | undefined,
  memberId: MemberId,
  tier: Tier,
  now: Instant,
): PeriodChange => {
  if (open !== undefined && open.tier === tier) return { end: false, open: null }
  return {
    end: open !== undefined,
    open: tier === "free" ? null : { memberId, tier, from: now, until: null },
  }
}

/**
 * Whether the period and [from, until) share a moment. A period that ended the instant it began
 * (two changes in one millisecond) held nothing.
 */
export const heldDuring = (period: PlanPeriod, from: Instant, until: Instant): boolean =>
  Math.max(period.from, from) < Math.min(period.until ?? Number.POSITIVE_INFINITY, until)
