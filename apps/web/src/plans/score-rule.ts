import { PLANS, TIERS, type Plan } from "../../../../domain/plans/plans.ts"

/**
 * How a contest is won, in the one set of words every page uses (issue 14's contract). The weight
 * range is read from the plan table, so the sentence cannot disagree with the weights it names.
 */

const PLAN_LIST: ReadonlyArray<Plan> = TIERS.map((tier) => PLANS[tier])
const weights = PLAN_LIST.map((plan) => plan.voteWeight)

/** "1× to 3×": the lightest and the heaviest vote of the plan table. */
export const WEIGHT_RANGE = `${Math.min(...weights)}× to ${Math.max(...weights)}×`

/** The rule, stated in full (FAQ, Rewards, Pricing, results page, leaderboard). */
export const SCORE_RULE = `The entry with the highest score wins. Score = votes weighted by each voter's plan (${WEIGHT_RANGE}); ties go to the earlier entry.`

/** The rule in a line (contest card, How It Works). */
export const WIN_SHORT = "Win: the highest score (weighted votes)"

/** Each plan's vote weight, lightest first: "How the score is computed". */
export const VOTE_WEIGHTS: ReadonlyArray<{ readonly name: string; readonly weight: number }> =
  PLAN_LIST.map((plan) => ({ name: plan.name, weight: plan.voteWeight })).sort(
    (a, b) => a.weight - b.weight,
  )
