import { DELETED_EMAIL_DOMAIN } from "../accounts/delete-account.use-case.ts"
import type { MemberId } from "../shared/ids.ts"
import { heldDuring, type PlanPeriod } from "../plans/plan-period.ts"
import { entrantList } from "./draw-rules.ts"
import { FREE_ROUTE_TIER, monthEnd, monthOf, monthStart, type PaidTier } from "./drawing.entity.ts"

/**
 * Who is in a tier's drawing of `month`: the members who held that tier at any time in the month
 * (a member who cancelled or changed plan on the 20th is in; one who held two paid tiers is in
 * both drawings), plus, in the cheapest tier's drawing, the members who asked for a free entry
 * that month. A member barred at the draw (suspended, or the account deleted) is in none. Each
 * once, in the list's fixed order.
 */
export const entrantsOf = (
  tier: PaidTier,
  month: string,
  periods: ReadonlyArray<PlanPeriod>,
  freeEntrants: ReadonlyArray<MemberId>,
  barred: ReadonlyArray<MemberId> = [],
): ReadonlyArray<MemberId> => {
  const out = new Set(barred)
  const [from, until] = [monthStart(month), monthEnd(month)]
  return entrantList(
    [
      ...periods
        .filter((period) => period.tier === tier && heldDuring(period, from, until))
        .map((period) => period.memberId),
      ...(tier === FREE_ROUTE_TIER ? freeEntrants : []),
    ].filter((memberId) => !out.has(memberId)),
  )
}

/** A free entry is asked for the month it is asked in: the month still open for entries. */
export const freeEntryMonth = monthOf

/** A deleted account keeps its row, anonymised, with an address at DELETED_EMAIL_DOMAIN. */
export const DELETED_ACCOUNT_EMAIL_SUFFIX = `@${DELETED_EMAIL_DOMAIN}`

export const isDeletedAccount = (email: string): boolean =>
  email.endsWith(DELETED_ACCOUNT_EMAIL_SUFFIX)
