import type { MemberId } from "../shared/ids.ts"
import type { Tier } from "../plans/plans.ts"
import { entrantList } from "./draw-rules.ts"
import { FREE_ROUTE_TIER, monthOf, type PaidTier } from "./drawing.entity.ts"

/** A member and the tier they are subscribed to, as the draw reads them. */
export interface Subscriber {
  readonly memberId: MemberId
  readonly tier: Tier
}

/**
 * Who is in a tier's drawing: the members on that tier, plus, in the cheapest tier's drawing, the
 * members who asked for a free entry that month; a member suspended at the draw is in none (the
 * rules page says so). Each once, in the list's fixed order.
 */
export const entrantsOf = (
  tier: PaidTier,
  subscribers: ReadonlyArray<Subscriber>,
  freeEntrants: ReadonlyArray<MemberId>,
  suspended: ReadonlyArray<MemberId> = [],
): ReadonlyArray<MemberId> => {
  const out = new Set(suspended)
  return entrantList(
    [
      ...subscribers.filter((subscriber) => subscriber.tier === tier).map((s) => s.memberId),
      ...(tier === FREE_ROUTE_TIER ? freeEntrants : []),
    ].filter((memberId) => !out.has(memberId)),
  )
}

/** A free entry is asked for the month it is asked in: the month still open for entries. */
export const freeEntryMonth = monthOf
