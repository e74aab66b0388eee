import { Data } from "effect"
import type { Tier } from "../plans/plans.ts"

/** Subscribing to the plan the member already has (the spec's "Already subscribed" toast). */
export class AlreadySubscribed extends Data.TaggedError("AlreadySubscribed")<{
  readonly tier: Tier
}> {
  readonly code = "ALREADY_SUBSCRIBED"
  override get message() {
    return `You are already on the ${this.tier} plan.`
  }
}
