import { Effect } from "effect"
import { MemberRepository } from "../accounts/member.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { endPlan } from "../plans/quota.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { MAX_PAGE_SIZE, type Page } from "../shared/paging.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { NoPaidPlan } from "./billing.errors.ts"
import type { Payment } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"
import { Payments } from "./payments.port.ts"

/** Every row of a member's payments ledger, newest first (a member has a few dozen at most). */
export const paymentsOf = Effect.fn("paymentsOf")(function* (memberId: MemberId) {
  const ledger = yield* PaymentLedger
  const all: Array<Payment> = []
  let cursor: string | null = null
  do {
    const page: Page<Payment> = yield* ledger.historyOf(memberId, cursor, MAX_PAGE_SIZE)
    all.push(...page.items)
    cursor = page.nextCursor
  } while (cursor !== null)
  return all
})

/**
 * Stops, at the payment provider, the recurring charge of every plan the member ever bought
 * (a refunded plan's too: a refund does not stop the provider's subscription). Outside any
 * transaction: it is a network call.
 */
export const stopRecurringPlans = Effect.fn("stopRecurringPlans")(function* (memberId: MemberId) {
  const plans = (yield* paymentsOf(memberId)).filter(
    (payment) =>
      payment.purchase.kind === "plan" &&
      (payment.status === "paid" || payment.status === "refunded"),
  )
  if (plans.length === 0) return
  yield* (yield* Payments).cancelRecurring(plans.map((payment) => payment.checkoutSessionId))
})

/**
 * The member cancels their paid plan: it goes back to free now, with at most the free allowance
 * of this month's credits left (endPlan, as for a refund), and its recurring charge stops at the
 * provider. The provider is told first, so no later charge can bring the plan back; its own
 * "ended" event then finds the plan ended already. The free plan cannot be cancelled (NoPaidPlan).
 */
export const cancelPlan = Effect.fn("cancelPlan")(function* (memberId: MemberId) {
  yield* (yield* MemberRepository).get(memberId)
  const unitOfWork = yield* UnitOfWork
  const before = yield* unitOfWork.transaction(currentSubscription(memberId))
  if (before.tier === "free") return yield* new NoPaidPlan({ memberId })
  yield* stopRecurringPlans(memberId)
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const subscription = yield* currentSubscription(memberId)
      // Ended meanwhile (the provider's event came first): nothing more to do.
      if (subscription.tier === "free") return subscription
      const ended = endPlan(subscription)
      yield* (yield* SubscriptionRepository).save(ended)
      return ended
    }),
  )
})
