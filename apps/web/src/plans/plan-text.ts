import { formatCents, PLANS, TIERS, type Plan, type Tier } from "../../../../domain/plans/plans.ts"

/** How the plan table reads on a page: every figure comes from domain/plans/plans.ts. */

export type PaidTier = Exclude<Tier, "free">

export const PAID_TIERS: ReadonlyArray<PaidTier> = TIERS.filter(
  (tier): tier is PaidTier => tier !== "free",
)

export const isPaidTier = (tier: Tier): tier is PaidTier => tier !== "free"

/** "$4.99/month": every price with two decimals. */
export const priceText = (plan: Plan): string => `${formatCents(plan.priceCents)}/month`

/** "$25" for whole dollars (the drawings), else "$2.99". */
export const moneyText = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : formatCents(cents)

export const entriesText = (plan: Plan): string =>
  plan.entriesPerMonth === null
    ? "Unlimited entries per month"
    : `${plan.entriesPerMonth} ${plan.entriesPerMonth === 1 ? "entry" : "entries"} per month`

export const voteWeightText = (plan: Plan): string => `${plan.voteWeight}× vote weight`

export const drawingText = (plan: Plan): string | null =>
  plan.drawingCents === null ? null : `${moneyText(plan.drawingCents)} monthly cash drawing entry`

/**
 * The perks of each tier beyond the table's figures (the rewards page's text, spec §6). Pricing
 * and Rewards both read this, so the two pages no longer disagree.
 */
export const TIER_PERKS: { readonly [T in Tier]: ReadonlyArray<string> } = {
  free: ["Contest badges", "A shoutout for a top-3 finish", "Gallery recognition"],
  lite: ["Subscriber-only contests"],
  pro: ["Premium line art", "Spotlight opportunities"],
  champ: ["Custom line art requests", "Professional feedback", "Early access"],
}

/** The plan below this one, whose perks this one includes ("Everything in Color Lite"). */
export const previousPlan = (tier: Tier): Plan | undefined => {
  const index = TIERS.indexOf(tier)
  const previous = index > 0 ? TIERS[index - 1] : undefined
  return previous === undefined ? undefined : PLANS[previous]
}

/** A card's feature list: the table's figures first, then the tier's perks. */
export const planFeatures = (plan: Plan): ReadonlyArray<string> => {
  const previous = previousPlan(plan.tier)
  const drawing = drawingText(plan)
  return [
    entriesText(plan),
    voteWeightText(plan),
    ...(drawing === null ? [] : [drawing]),
    ...(previous === undefined ? [] : [`Everything in ${previous.name}`]),
    ...TIER_PERKS[plan.tier],
  ]
}

/** Credits left as a member reads them: "Unlimited" for an unlimited plan. */
export const creditsLeftText = (subscription: {
  readonly unlimited: boolean
  readonly remaining_submissions: number
}): string => (subscription.unlimited ? "Unlimited" : String(subscription.remaining_submissions))
