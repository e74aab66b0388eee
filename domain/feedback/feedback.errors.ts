import { Data } from "effect"
import type { EntryId, MemberId } from "../shared/ids.ts"

/** Only a judge (a member given the judge role) or an admin writes feedback and sees the queue. */
export class NotAJudge extends Data.TaggedError("NotAJudge")<{ readonly memberId: MemberId }> {
  readonly code = "NOT_A_JUDGE"
  override get message() {
    return "Only judges and admins can write professional feedback."
  }
}

/**
 * The entry cannot get feedback from this judge: its artist is not on a plan with professional
 * feedback, or it is the judge's own entry.
 */
export class FeedbackNotOffered extends Data.TaggedError("FeedbackNotOffered")<{
  readonly entryId: EntryId
  readonly reason: "plan" | "own-entry"
  /** The plan the perk needs ("Color Champ"). */
  readonly planName: string
}> {
  get code() {
    return this.reason === "plan" ? ("FEEDBACK_NOT_IN_PLAN" as const) : ("OWN_ENTRY" as const)
  }
  override get message() {
    return this.reason === "plan"
      ? `Professional feedback is for ${this.planName} members' entries, and this entry's artist is not on ${this.planName}.`
      : "You cannot write feedback on your own entry."
  }
}

/** The entrant's feedback is theirs: only they, the judges and admins read it. */
export class FeedbackPrivate extends Data.TaggedError("FeedbackPrivate")<{
  readonly entryId: EntryId
}> {
  readonly code = "FEEDBACK_PRIVATE"
  override get message() {
    return "Feedback on an entry is shown to its artist, the judges and admins only."
  }
}
