import {
  formatCents,
  planPerks,
  prizeText,
  TIERS,
  type Plan,
  type Tier,
} from "../../../../domain/plans/plans.ts"

/** How the plan table reads on a page: every figure comes from domain/plans/plans.ts. */

export type PaidTier = Exclude<Tier, "free">

export const PAID_TIERS: ReadonlyArray<PaidTier> = TIERS.filter(
  (tier): tier is PaidTier => tier !== "free",
)

export const isPaidTier = (tier: Tier): tier is PaidTier => tier !== "free"

/** "$4.99/month": every price with two decimals. */
export const priceText = (plan: Plan): string => `${formatCents(plan.priceCents)}/month`

/** "$25" for whole dollars (the drawings), else "$2.99". */
export const moneyText = prizeText

export const entriesText = (plan: Plan): string =>
  plan.entriesPerMonth === null
    ? "Unlimited entries per month"
    : `${plan.entriesPerMonth} ${plan.entriesPerMonth === 1 ? "entry" : "entries"} per month`

/** A card's perk list: every line from the plan table (domain/plans planPerks), none typed here. */
export const planFeatures = (plan: Plan): ReadonlyArray<string> =>
  planPerks(plan).map((perk) => perk.text)

/** Credits left as a member reads them: "Unlimited" for an unlimited plan. */
export const creditsLeftText = (subscription: {
  readonly unlimited: boolean
  readonly remaining_submissions: number
}): string => (subscription.unlimited ? "Unlimited" : String(subscription.remaining_submissions))
