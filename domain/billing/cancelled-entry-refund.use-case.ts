import { Clock, Effect, Option } from "effect"
import type { Contest } from "../contests/contest.entity.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { contestStatus } from "../contests/contest-status.ts"
import { EXTRA_ENTRY } from "../plans/plans.ts"
import { isUnlimited } from "../plans/quota.ts"
import type { Subscription } from "../plans/subscription.entity.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { NotFound } from "../shared/errors.ts"
import type { Instant, MemberId, PaymentId } from "../shared/ids.ts"
import { type NotRefundableReason, NotRefundable } from "./billing.errors.ts"
import type { Payment } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"
import { Payments } from "./payments.port.ts"
import { refundPayment } from "./refund-payment.use-case.ts"

/**
 * A contest that is cancelled gives every entrant their credit back (cancelContest), a paid extra
 * entry's included. The member may ask for the money of that extra entry instead: the rule below
 * says when, the use case refunds it at the provider and takes the credit back.
 */

/**
 * Why this payment cannot be refunded instead of its credit, or null when it can: a paid extra
 * entry, bought for a contest that was cancelled, whose credit the member still has (an unlimited
 * plan spends none, so it always has).
 */
export const extraEntryRefundRefusal = (
  payment: Payment,
  contest: Contest | null,
  subscription: Subscription,
  now: Instant,
): NotRefundableReason | null => {
  if (payment.purchase.kind !== "extra-entry") return "not-extra-entry"
  if (payment.status !== "paid" || payment.fulfilledAt === null) return "not-paid"
  if (contest === null || contestStatus(contest, now) !== "cancelled") {
    return "contest-not-cancelled"
  }
  if (!isUnlimited(subscription.tier) && subscription.remaining < EXTRA_ENTRY.credits) {
    return "credit-used"
  }
  return null
}

/** The contest an extra entry was bought for, if it still exists. */
const contestOf = Effect.fn("contestOf")(function* (payment: Payment) {
  if (!payment.contestId) return null
  const contests = yield* ContestRepository
  return Option.getOrNull(yield* Effect.option(contests.get(payment.contestId)))
})

/**
 * Which of these payments (one member's, e.g. a page of billing history) can be refunded instead
 * of their credit now: their ids.
 */
export const refundableExtraEntries = Effect.fn("refundableExtraEntries")(function* (
  memberId: MemberId,
  payments: ReadonlyArray<Payment>,
) {
  const candidates = payments.filter(
    (payment) => payment.purchase.kind === "extra-entry" && payment.contestId,
  )
  if (candidates.length === 0) return new Set<string>()
  const now = yield* Clock.currentTimeMillis
  const stored = yield* (yield* SubscriptionRepository).find(memberId)
  if (Option.isNone(stored)) return new Set<string>()
  const refundable = new Set<string>()
  for (const payment of candidates) {
    const contest = yield* contestOf(payment)
    if (extraEntryRefundRefusal(payment, contest, stored.value, now) === null) {
      refundable.add(payment.id)
    }
  }
  return refundable
})

/**
 * The member (from the session) asks for an extra entry of a cancelled contest to be refunded
 * instead of the credit it gave back. Checked by extraEntryRefundRefusal; the money goes back at
 * the provider (Payments.refund, idempotent), then refundPayment marks the ledger row refunded and
 * takes the credit back in one transaction. The provider's refund webhook finds it done. Asking
 * again for a refunded one answers it as it is.
 */
export const refundCancelledExtraEntry = Effect.fn("refundCancelledExtraEntry")(function* (
  memberId: MemberId,
  paymentId: PaymentId,
) {
  const found = yield* (yield* PaymentLedger).findById(paymentId)
  // Someone else's payment is as unknown as a missing one.
  if (Option.isNone(found) || found.value.memberId !== memberId) {
    return yield* new NotFound({ entity: "payment", id: paymentId })
  }
  const payment = found.value
  if (payment.purchase.kind === "extra-entry" && payment.status === "refunded") {
    return { payment, refundedNow: false }
  }
  const stored = yield* (yield* SubscriptionRepository).find(memberId)
  const now = yield* Clock.currentTimeMillis
  const refusal = Option.isNone(stored)
    ? ("credit-used" as const)
    : extraEntryRefundRefusal(payment, yield* contestOf(payment), stored.value, now)
  if (refusal !== null) return yield* new NotRefundable({ paymentId, reason: refusal })
  yield* (yield* Payments).refund(payment.checkoutSessionId)
  return yield* refundPayment(payment.checkoutSessionId)
})
