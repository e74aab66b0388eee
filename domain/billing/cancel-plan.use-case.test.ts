import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { payOfflineCheckout } from "../../adapters/memory/payments.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { cancelPlan } from "./cancel-plan.use-case.ts"
import { fulfilCheckout, startCheckout } from "./checkout.use-case.ts"
import type { Purchase } from "./payment.entity.ts"
import { Payments } from "./payments.port.ts"
import { endPlanOf, recordPlanPeriodPaid } from "./plan-events.use-case.ts"
import { refundPayment } from "./refund-payment.use-case.ts"

const subscriptionOf = (memberId: string) =>
  Effect.gen(function* () {
    return Option.getOrThrow(yield* (yield* SubscriptionRepository).find(memberId))
  })

/** A paid, fulfilled checkout of `purchase`: its session id. */
const bought = (memberId: string, purchase: Purchase) =>
  Effect.gen(function* () {
    const { checkout } = yield* startCheckout({
      memberId,
      purchase,
      returnUrl: "http://localhost:3000/payment-success",
      cancelUrlFor: (paymentId) => `http://localhost:3000/payment-cancel?payment=${paymentId}`,
    })
    yield* payOfflineCheckout(checkout.checkoutSessionId)
    yield* fulfilCheckout(checkout.checkoutSessionId)
    return checkout.checkoutSessionId
  })

/**
 * Runs `body` with the provider's cancelRecurring recording what it was asked to stop (the
 * offline provider has nothing to stop, so nothing else tells).
 */
const recordingCancels = <A, E, R>(
  body: (asked: Array<ReadonlyArray<string>>) => Effect.Effect<A, E, R>,
) =>
  Effect.gen(function* () {
    const payments = yield* Payments
    const asked: Array<ReadonlyArray<string>> = []
    return yield* body(asked).pipe(
      Effect.provideService(Payments, {
        ...payments,
        cancelRecurring: (keys) => Effect.sync(() => void asked.push(keys)),
      }),
    )
  })

describe("cancelPlan", () => {
  test("ends a paid plan now: free, at most the free allowance of credits left", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 1 })
      yield* bought(member.id, { kind: "plan", tier: "pro" })
      expect(yield* subscriptionOf(member.id)).toMatchObject({ tier: "pro", remaining: 21 })
      const cancelled = yield* cancelPlan(member.id)
      expect(cancelled).toMatchObject({ tier: "free", remaining: 2 })
      expect(yield* subscriptionOf(member.id)).toEqual(cancelled)
    }))

  test("keeps fewer credits than the free allowance as they are", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "lite", remaining: 1 })
      expect(yield* cancelPlan(member.id)).toMatchObject({ tier: "free", remaining: 1 })
    }))

  test("keeps the renewal date: credits renew on the 1st as for every plan", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "champ" })
      const before = yield* subscriptionOf(member.id)
      expect((yield* cancelPlan(member.id)).renewsAt).toBe(before.renewsAt)
    }))

  test("refuses the free plan with NoPaidPlan, changing nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 2 })
      const error = yield* Effect.flip(cancelPlan(member.id))
      expect(error).toMatchObject({ _tag: "NoPaidPlan", code: "NO_PAID_PLAN" })
      expect(yield* subscriptionOf(member.id)).toMatchObject({ tier: "free", remaining: 2 })
    }))

  test("asks the provider to stop every plan the member bought, never an extra entry", () =>
    recordingCancels((asked) =>
      Effect.gen(function* () {
        const member = yield* seedMember({ tier: "free" })
        const lite = yield* bought(member.id, { kind: "plan", tier: "lite" })
        yield* bought(member.id, { kind: "extra-entry" })
        const pro = yield* bought(member.id, { kind: "plan", tier: "pro" })
        yield* recordPlanPeriodPaid({
          invoiceId: "in_renewal",
          memberId: member.id,
          tier: "pro",
          amountCents: 999,
          invoiceUrl: null,
          paymentMethod: null,
        })
        yield* cancelPlan(member.id)
        expect(asked).toHaveLength(1)
        expect([...(asked[0] ?? [])].sort()).toEqual([lite, pro, "in_renewal"].sort())
      }),
    ))

  test("also stops a refunded plan's charge (a refund does not stop the provider's subscription)", () =>
    recordingCancels((asked) =>
      Effect.gen(function* () {
        const member = yield* seedMember({ tier: "free" })
        const lite = yield* bought(member.id, { kind: "plan", tier: "lite" })
        yield* refundPayment(lite)
        const pro = yield* bought(member.id, { kind: "plan", tier: "pro" })
        yield* cancelPlan(member.id)
        expect([...(asked[0] ?? [])].sort()).toEqual([lite, pro].sort())
      }),
    ))

  test("the provider's own 'ended' event afterwards changes nothing more", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      yield* bought(member.id, { kind: "plan", tier: "lite" })
      const cancelled = yield* cancelPlan(member.id)
      yield* endPlanOf(member.id, "lite")
      expect(yield* subscriptionOf(member.id)).toEqual(cancelled)
    }))
})
