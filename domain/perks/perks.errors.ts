import { Data } from "effect"
import type { PerkId } from "../plans/plans.ts"

/**
 * The member's current plan does not grant this perk (HTTP 403). The message names the plan that
 * unlocks it, so the page can point to /pricing.
 */
export class PerkRequired extends Data.TaggedError("PerkRequired")<{
  readonly perk: PerkId
  /** The cheapest plan that grants it, by name ("Color Champ"). */
  readonly planName: string
  /** What the member tried, in the product's words ("download the premium page"). */
  readonly action: string
}> {
  readonly code = "PERK_REQUIRED"
  override get message() {
    return `Only ${this.planName} members and up can ${this.action}: see /pricing to upgrade`
  }
}
