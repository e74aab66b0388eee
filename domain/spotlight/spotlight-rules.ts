import { planOf, type Tier, TIERS } from "../plans/plans.ts"
import { ValidationFailed, type ValidationIssue } from "../shared/errors.ts"
import type { Instant } from "../shared/ids.ts"

/** Whether an entrant on this tier may be featured: read from the plan table. */
export const spotlightEligible = (tier: Tier): boolean => planOf(tier).perks.includes("spotlight")

/** "Color Pro or Color Champ": the plans with the perk, for refusals and the dashboard. */
export const SPOTLIGHT_PLANS = TIERS.filter(spotlightEligible)
  .map((tier) => planOf(tier).name)
  .join(" or ")

/** The longest a spotlight may run. */
export const MAX_SPOTLIGHT_DAYS = 90

/**
 * A spotlight's window: it ends after it starts, at most MAX_SPOTLIGHT_DAYS later, and not in the
 * past (a spotlight that could never show). Every broken rule named by its field.
 */
export const checkSpotlightWindow = (
  startsAt: Instant,
  endsAt: Instant,
  now: Instant,
): ValidationFailed | undefined => {
  const issues: Array<ValidationIssue> = []
  if (endsAt <= startsAt) {
    issues.push({
      field: "endsAt",
      title: "End before start",
      message: "The end must be after the start",
    })
  } else if (endsAt - startsAt > MAX_SPOTLIGHT_DAYS * 86_400_000) {
    issues.push({
      field: "endsAt",
      title: "Too long",
      message: `A spotlight runs at most ${MAX_SPOTLIGHT_DAYS} days`,
    })
  }
  if (endsAt <= now) {
    issues.push({
      field: "endsAt",
      title: "Already ended",
      message: "The end must be in the future",
    })
  }
  return issues.length > 0 ? new ValidationFailed({ issues }) : undefined
}
