import { Data } from "effect"
import type { EntryId } from "../shared/ids.ts"

/**
 * The entry cannot be featured: its artist is not on a plan with the Spotlight perk (read when the
 * admin features it), or it is hidden or disqualified.
 */
export class SpotlightRefused extends Data.TaggedError("SpotlightRefused")<{
  readonly entryId: EntryId
  readonly reason: "plan" | "not-visible"
  /** The plans with the perk, in words ("Color Pro or Color Champ"). */
  readonly plans: string
}> {
  get code() {
    return this.reason === "plan"
      ? ("SPOTLIGHT_NOT_IN_PLAN" as const)
      : ("ENTRY_NOT_SHOWN" as const)
  }
  override get message() {
    return this.reason === "plan"
      ? `Only entries by ${this.plans} members can be featured in the Spotlight, and this entry's artist is on another plan.`
      : "A hidden or disqualified entry cannot be featured in the Spotlight."
  }
}
