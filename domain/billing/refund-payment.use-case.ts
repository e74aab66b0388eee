import { Effect, Option } from "effect"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { endPlan, refundExtraEntry } from "../plans/quota.ts"
import type { Subscription } from "../plans/subscription.entity.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { NotFound } from "../shared/errors.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { Payment } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"

/** What a refund takes back: the extra entry's credit if unused, or the plan if it is still the member's. */
const takeBack = (subscription: Subscription, payment: Payment): Subscription => {
  if (payment.purchase.kind === "extra-entry") return refundExtraEntry(subscription)
  return subscription.tier === payment.purchase.tier ? endPlan(subscription) : subscription
}

/**
 * A refund of the payment recorded under `checkoutSessionId` (a checkout session, or a renewal's
 * invoice): the ledger row becomes refunded and, if the purchase had been granted, it is taken
 * back — an unused credit, or the plan (back to free). Idempotent: a second refund changes nothing.
 */
export const refundPayment = Effect.fn("refundPayment")(function* (checkoutSessionId: string) {
  const ledger = yield* PaymentLedger
  return yield* (yield* UnitOfWork).transaction(
    Effect.gen(function* () {
      const locked = yield* ledger.lock(checkoutSessionId)
      if (Option.isNone(locked)) {
        return yield* new NotFound({ entity: "payment", id: checkoutSessionId })
      }
      const payment = locked.value
      if (payment.status === "refunded") return { payment, refundedNow: false }
      if (payment.fulfilledAt !== null) {
        const subscription = yield* currentSubscription(payment.memberId)
        yield* (yield* SubscriptionRepository).save(takeBack(subscription, payment))
      }
      const refunded: Payment = { ...payment, status: "refunded" }
      yield* ledger.save(refunded)
      return { payment: refunded, refundedNow: true }
    }),
  )
})
