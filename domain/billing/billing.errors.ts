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

/** Why an extra entry's payment cannot be given back instead of its credit. */
export type NotRefundableReason =
  "not-extra-entry" | "not-paid" | "contest-not-cancelled" | "credit-used"

/** A refund of an extra entry refused: only a paid extra entry of a cancelled contest, unused. */
export class NotRefundable extends Data.TaggedError("NotRefundable")<{
  readonly paymentId: string
  readonly reason: NotRefundableReason
}> {
  readonly code = "NOT_REFUNDABLE"
  override get message() {
    switch (this.reason) {
      case "not-extra-entry":
        return "Only an extra entry can be refunded here; plans are cancelled from your profile."
      case "not-paid":
        return "This payment was not paid, or is refunded already: there is nothing to give back."
      case "contest-not-cancelled":
        return "An extra entry is refunded only when the contest it was bought for was cancelled."
      case "credit-used":
        return "The credit this extra entry gave back has been used for another entry, so it cannot be refunded."
    }
  }
}
