import { Clock, Effect, Option } from "effect"
import { MemberRepository } from "../accounts/member.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import type { Tier } from "../plans/plans.ts"
import { changeTier, endPlan } from "../plans/quota.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { Payment } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"

/**
 * What the provider tells about a running plan after its checkout: a month paid, a tier changed,
 * the plan ended. Each is idempotent, since providers deliver events at least once.
 */

export interface PlanPeriodPaid {
  /** The provider's invoice id: the ledger row's key, so a redelivery records nothing new. */
  readonly invoiceId: string
  readonly memberId: MemberId
  readonly tier: Exclude<Tier, "free">
  readonly amountCents: number
  readonly invoiceUrl: string | null
  readonly paymentMethod: string | null
}

/**
 * A plan's monthly charge was paid: recorded in the ledger (billing history shows every month)
 * and the member keeps the tier. Credits renew on the 1st (UTC) as for every plan, so a payment
 * made on another day renews them only if that renewal is due — never twice in a month.
 */
export const recordPlanPeriodPaid = Effect.fn("recordPlanPeriodPaid")(function* (
  input: PlanPeriodPaid,
) {
  yield* (yield* MemberRepository).get(input.memberId)
  const ledger = yield* PaymentLedger
  const id = yield* (yield* IdSource).newId
  return yield* (yield* UnitOfWork).transaction(
    Effect.gen(function* () {
      const existing = yield* ledger.lock(input.invoiceId)
      if (Option.isSome(existing)) return { payment: existing.value, recordedNow: false }
      const now = yield* Clock.currentTimeMillis
      const subscription = yield* currentSubscription(input.memberId)
      if (subscription.tier !== input.tier) {
        yield* (yield* SubscriptionRepository).save(changeTier(subscription, input.tier))
      }
      const payment: Payment = {
        id,
        memberId: input.memberId,
        checkoutSessionId: input.invoiceId,
        purchase: { kind: "plan", tier: input.tier },
        amountCents: input.amountCents,
        status: "paid",
        invoiceUrl: input.invoiceUrl,
        paymentMethod: input.paymentMethod,
        createdAt: now,
        fulfilledAt: now,
      }
      yield* ledger.save(payment)
      return { payment, recordedNow: true }
    }),
  )
})

/** The provider moved the member's plan to `tier` (free ends it). Setting the same tier again changes nothing. */
export const changePlanTier = Effect.fn("changePlanTier")(function* (
  memberId: MemberId,
  tier: Tier,
) {
  yield* (yield* MemberRepository).get(memberId)
  return yield* (yield* UnitOfWork).transaction(
    Effect.gen(function* () {
      const subscription = yield* currentSubscription(memberId)
      if (subscription.tier === tier) return subscription
      const changed = changeTier(subscription, tier)
      yield* (yield* SubscriptionRepository).save(changed)
      return changed
    }),
  )
})

/**
 * The provider ended the plan of `tier` (cancelled, or unpaid for good): back to free — unless the
 * member holds another plan by now (bought since), which this does not touch.
 */
export const endPlanOf = Effect.fn("endPlanOf")(function* (memberId: MemberId, tier: Tier) {
  yield* (yield* MemberRepository).get(memberId)
  return yield* (yield* UnitOfWork).transaction(
    Effect.gen(function* () {
      const subscription = yield* currentSubscription(memberId)
      if (subscription.tier !== tier || tier === "free") return subscription
      const ended = endPlan(subscription)
      yield* (yield* SubscriptionRepository).save(ended)
      return ended
    }),
  )
})
