import { Data } from "effect"
import type { Tier } from "../plans/plans.ts"
import type { MemberId } from "../shared/ids.ts"

/** Subscribing to the plan the member already has (the spec's "Already subscribed" toast). */
export class AlreadySubscribed extends Data.TaggedError("AlreadySubscribed")<{
  readonly tier: Tier
}> {
  readonly code = "ALREADY_SUBSCRIBED"
  override get message() {
    return `You are already on the ${this.tier} plan.`
  }
}

/** Cancelling a plan on the free plan: there is no paid plan to cancel. */
export class NoPaidPlan extends Data.TaggedError("NoPaidPlan")<{
  readonly memberId: MemberId
}> {
  readonly code = "NO_PAID_PLAN"
  override get message() {
    return "You are on the free plan: there is no paid plan to cancel."
  }
}

/** Too many checkouts open (pending, within their lifetime) at once: pay or cancel one first. */
export class TooManyOpenCheckouts extends Data.TaggedError("TooManyOpenCheckouts")<{
  readonly limit: number
}> {
  readonly code = "TOO_MANY_OPEN_CHECKOUTS"
  override get message() {
    return `You have ${this.limit} checkouts open already: complete or cancel one of them (or wait for it to expire) before starting another.`
  }
}
