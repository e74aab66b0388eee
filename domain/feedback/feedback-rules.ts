import type { Member } from "../accounts/member.entity.ts"
import { planOf, type Tier, TIERS } from "../plans/plans.ts"
import { ValidationFailed } from "../shared/errors.ts"

/** How long feedback may be, in characters once trimmed. */
export const FEEDBACK_MIN_LENGTH = 10
export const FEEDBACK_MAX_LENGTH = 2000

/** A judge or an admin may write feedback and see the entries waiting for it. */
export const mayJudge = (member: Pick<Member, "isAdmin" | "isJudge">): boolean =>
  member.isAdmin || member.isJudge

/** Whether an entrant on this tier gets professional feedback: read from the plan table. */
export const feedbackOffered = (tier: Tier): boolean =>
  planOf(tier).perks.includes("professional-feedback")

/** The tiers whose members' entries get feedback (the judges' queue). */
export const FEEDBACK_TIERS: ReadonlyArray<Tier> = TIERS.filter(feedbackOffered)

/** The cheapest plan with the perk, named in refusals ("Color Champ"). */
export const FEEDBACK_PLAN_NAME = planOf(FEEDBACK_TIERS[0] ?? "champ").name

/** The feedback's text trimmed, or ValidationFailed naming `text` and the bounds. */
export const checkFeedbackText = (text: string): string | ValidationFailed => {
  const trimmed = text.trim()
  if (trimmed.length < FEEDBACK_MIN_LENGTH) {
    return new ValidationFailed({
      issues: [
        {
          field: "text",
          title: "Feedback too short",
          message: `Feedback must be at least ${FEEDBACK_MIN_LENGTH} characters long`,
        },
      ],
    })
  }
  if (trimmed.length > FEEDBACK_MAX_LENGTH) {
    return new ValidationFailed({
      issues: [
        {
          field: "text",
          title: "Feedback too long",
          message: `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters long (it has ${trimmed.length})`,
        },
      ],
    })
  }
  return trimmed
}
