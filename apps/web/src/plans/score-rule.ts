import "./catalog.ts"
import { PLANS, TIERS, type Plan } from "../../../../domain/plans/plans.ts"
import type { Translate } from "../../../ui/src/i18n.tsx"
import { activeT } from "../session/active-t.ts"

/**
 * How a contest is won, in the one set of words every page uses (issue 14's contract). The weight
 * range is read from the plan table, so the sentence cannot disagree with the weights it names.
 */

const PLAN_LIST: ReadonlyArray<Plan> = TIERS.map((tier) => PLANS[tier])
const weights = PLAN_LIST.map((plan) => plan.voteWeight)
const lightest = Math.min(...weights)
const heaviest = Math.max(...weights)

/** "1× to 3×": the lightest and the heaviest vote of the plan table. */
export const weightRange = (t: Translate = activeT): string =>
  t("web.plans.weightRange", { min: lightest, max: heaviest })

/** The rule, stated in full (FAQ, Rewards, Pricing, results page, leaderboard). */
export const scoreRule = (t: Translate = activeT): string =>
  t("web.plans.scoreRule", { range: weightRange(t) })

/** The rule in a line (contest card, How It Works). */
export const winShort = (t: Translate = activeT): string => t("web.plans.winShort")

/** Each plan's vote weight, lightest first: "How the score is computed". */
export const VOTE_WEIGHTS: ReadonlyArray<{ readonly name: string; readonly weight: number }> =
  PLAN_LIST.map((plan) => ({ name: plan.name, weight: plan.voteWeight })).sort(
    (a, b) => a.weight - b.weight,
  )
