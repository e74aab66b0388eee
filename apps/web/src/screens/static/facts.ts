import "./catalog.ts"
import {
  EXTRA_ENTRY,
  formatCents,
  PLANS,
  TIERS,
  type Plan,
} from "../../../../../domain/plans/plans.ts"
import type { Translate } from "../../../../ui/src/i18n.tsx"

/** Plan facts in words, read from the one plan table (domain/plans/plans.ts): no price typed here. */

export const PLAN_LIST: ReadonlyArray<Plan> = TIERS.map((tier) => PLANS[tier])
export const PAID_PLANS: ReadonlyArray<Plan> = PLAN_LIST.filter((plan) => plan.priceCents > 0)
export const FREE_PLAN: Plan = PLANS.free

export const priceText = (plan: Plan, t: Translate): string =>
  plan.priceCents === 0
    ? t("web.static.facts.free")
    : t("web.static.facts.perMonth", { price: formatCents(plan.priceCents) })

export const entriesText = (plan: Plan, t: Translate): string =>
  plan.entriesPerMonth === null
    ? t("web.static.facts.unlimited")
    : t("web.static.facts.entries", { count: plan.entriesPerMonth })

export const voteWeightText = (plan: Plan, t: Translate): string =>
  plan.voteWeight === 1
    ? t("web.static.facts.weightOnce")
    : t("web.static.facts.weight", { weight: plan.voteWeight })

/** A prize in whole dollars when it is one ("$25"), else with cents. */
const prize = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : formatCents(cents)

/** The plan's monthly cash drawing prize ("$25"), or null for a plan without one. */
export const drawingPrize = (plan: Plan): string | null =>
  plan.drawingCents === null ? null : prize(plan.drawingCents)

/** "Color Lite ($4.99 a month): 5 entries a month, each vote counts 1.5×, and the monthly $25 cash drawing." */
export const planSentence = (plan: Plan, t: Translate): string => {
  const values = {
    plan: plan.name,
    price: priceText(plan, t),
    entries: entriesText(plan, t),
    weight: voteWeightText(plan, t),
  }
  const amount = drawingPrize(plan)
  return amount === null
    ? t("web.static.facts.planSentence", values)
    : t("web.static.facts.planSentenceDrawing", { ...values, amount })
}

export const EXTRA_ENTRY_PRICE = formatCents(EXTRA_ENTRY.priceCents)

/** Business facts the static pages state (spec §1, §9; DESIGN.md). */
export const SUBMISSION_WINDOW_HOURS = 24
export const CONTACT_REPLY_HOURS = 24
export const PRICE_CHANGE_NOTICE_DAYS = 30
export const MAX_UPLOAD_MB = 10
