import {
  EXTRA_ENTRY,
  formatCents,
  PLANS,
  TIERS,
  type Plan,
} from "../../../../../domain/plans/plans.ts"

/** Plan facts in words, read from the one plan table (domain/plans/plans.ts): no price typed here. */

export const PLAN_LIST: ReadonlyArray<Plan> = TIERS.map((tier) => PLANS[tier])
export const PAID_PLANS: ReadonlyArray<Plan> = PLAN_LIST.filter((plan) => plan.priceCents > 0)
export const FREE_PLAN: Plan = PLANS.free

export const priceText = (plan: Plan): string =>
  plan.priceCents === 0 ? "free" : `${formatCents(plan.priceCents)} a month`

export const entriesText = (plan: Plan): string =>
  plan.entriesPerMonth === null
    ? "unlimited entries"
    : `${plan.entriesPerMonth} ${plan.entriesPerMonth === 1 ? "entry" : "entries"} a month`

export const voteWeightText = (plan: Plan): string =>
  plan.voteWeight === 1 ? "each vote counts once" : `each vote counts ${plan.voteWeight}×`

/** A prize in whole dollars when it is one ("$25"), else with cents. */
const prize = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : formatCents(cents)

/** The plan's monthly cash drawing prize ("$25"), or null for a plan without one. */
export const drawingPrize = (plan: Plan): string | null =>
  plan.drawingCents === null ? null : prize(plan.drawingCents)

/** "the monthly $25 cash drawing", or null for a plan without one. */
export const drawingText = (plan: Plan): string | null => {
  const amount = drawingPrize(plan)
  return amount === null ? null : `the monthly ${amount} cash drawing`
}

/** "Color Lite ($4.99 a month): 5 entries a month, each vote counts 1.5×, and the monthly $25 cash drawing." */
export const planSentence = (plan: Plan): string => {
  const drawing = drawingText(plan)
  return `${plan.name} (${priceText(plan)}): ${entriesText(plan)}, ${voteWeightText(plan)}${
    drawing ? `, and an entry into ${drawing}` : ""
  }.`
}

export const EXTRA_ENTRY_PRICE = formatCents(EXTRA_ENTRY.priceCents)

/** Business facts the static pages state (spec §1, §9; DESIGN.md). */
export const SUBMISSION_WINDOW_HOURS = 24
export const WINNERS_ANNOUNCED = "24–48 hours"
export const CONTACT_REPLY_HOURS = 24
export const PRICE_CHANGE_NOTICE_DAYS = 30
export const MAX_UPLOAD_MB = 10
export const ACCEPTED_FORMATS = "JPEG, PNG, WebP or AVIF"
