import "./catalog.ts"
import { BADGE_IDS, BADGES, type BadgeId } from "../../../../domain/badges/badges.ts"
import {
  formatCents,
  planPerks,
  prizeText,
  TIERS,
  type Plan,
  type PlanPerk,
  type Tier,
} from "../../../../domain/plans/plans.ts"
import { badgeText as badgeTextIn } from "../../../ui/src/badge-text.ts"
import type { Translate } from "../../../ui/src/i18n.tsx"
import { activeT } from "../session/active-t.ts"

/**
 * How the plan table reads on a page: every figure comes from domain/plans/plans.ts, every word
 * from the catalogs (web-plans.json). Each text takes the `t` of the component that shows it
 * (useT: it re-renders when the language changes); left out, the page's active language is used.
 */

export type PaidTier = Exclude<Tier, "free">

export const PAID_TIERS: ReadonlyArray<PaidTier> = TIERS.filter(
  (tier): tier is PaidTier => tier !== "free",
)

export const isPaidTier = (tier: Tier): tier is PaidTier => tier !== "free"

/** "$4.99/month": every price with two decimals. */
export const priceText = (plan: Plan, t: Translate = activeT): string =>
  t("web.plans.pricePerMonth", { price: formatCents(plan.priceCents) })

/** "$25" for whole dollars (the drawings), else "$2.99". */
export const moneyText = prizeText

export const entriesText = (plan: Plan, t: Translate = activeT): string =>
  plan.entriesPerMonth === null
    ? t("web.plans.entries.unlimited")
    : t("web.plans.entries.perMonth", { count: plan.entriesPerMonth })

const PERK_TEXT = {
  badges: "web.plans.perk.badges",
  "results-ribbons": "web.plans.perk.resultsRibbons",
  "subscriber-contests": "web.plans.perk.subscriberContests",
  "premium-line-art": "web.plans.perk.premiumLineArt",
  "early-access": "web.plans.perk.earlyAccess",
  "custom-line-art-requests": "web.plans.perk.lineArtRequests",
  "professional-feedback": "web.plans.perk.feedback",
  spotlight: "web.plans.perk.spotlight",
} as const

const perkText = (plan: Plan, perk: PlanPerk, t: Translate): string => {
  switch (perk.kind) {
    case "entries":
      return entriesText(plan, t)
    case "vote-weight":
      return t("web.plans.perk.voteWeight", { weight: plan.voteWeight })
    case "drawing":
      return t("web.plans.perk.drawing", { prize: prizeText(plan.drawingCents ?? 0) })
    default:
      return t(PERK_TEXT[perk.kind], { count: Object.keys(BADGES).length })
  }
}

/** A card's perk list: every line from the plan table (domain/plans planPerks), none typed here. */
export const planFeatures = (plan: Plan, t: Translate = activeT): ReadonlyArray<string> =>
  planPerks(plan).map((perk) => perkText(plan, perk, t))

/** Credits left as a member reads them: "Unlimited" for an unlimited plan. */
export const creditsLeftText = (
  subscription: {
    readonly unlimited: boolean
    readonly remaining_submissions: number
  },
  t: Translate = activeT,
): string =>
  subscription.unlimited ? t("web.plans.unlimited") : String(subscription.remaining_submissions)

/**
 * A badge's name and what earns it, in the page's language. The table is the dashboard's too
 * (apps/ui/src/badge-text.ts); reading it through here brings the English texts (catalog.ts).
 */
export const badgeText = (id: BadgeId, t: Translate = activeT) => badgeTextIn(id, t)

/** Whether a badge id the API sends is one this build knows (a newer server may name another). */
export const isBadgeId = (id: string): id is BadgeId =>
  (BADGE_IDS as ReadonlyArray<string>).includes(id)
