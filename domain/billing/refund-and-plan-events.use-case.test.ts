import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { payOfflineCheckout } from "../../adapters/memory/payments.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW as NOW } from "../../adapters/memory/testing.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { fulfilCheckout, startCheckout } from "./checkout.use-case.ts"
import type { Purchase } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"
import { changePlanTier, endPlanOf, recordPlanPeriodPaid } from "./plan-events.use-case.ts"
import { refundPayment } from "./refund-payment.use-case.ts"

const subscriptionOf = (memberId: string) =>
  Effect.gen(function* () {
    return Option.getOrThrow(yield* (yield* SubscriptionRepository).find(memberId))
  })

/** A checkout of `purchase` by `memberId`, paid and fulfilled: its session id. */
const bought = (memberId: string, purchase: Purchase, options: { paid?: boolean } = {}) =>
  Effect.gen(function* () {
    const { checkout } = yield* startCheckout({
      memberId,
      purchase,
      returnUrl: "http://localhost:3000/payment-success",
      cancelUrlFor: (paymentId) => `http://localhost:3000/payment-cancel?payment=${paymentId}`,
    })
    if (options.paid !== false) {
      yield* payOfflineCheckout(checkout.checkoutSessionId)
      yield* fulfilCheckout(checkout.checkoutSessionId)
    }
    return checkout.checkoutSessionId
  })

describe("refundPayment", () => {
  test("takes back an extra entry's unused credit; a second refund changes nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const session = yield* bought(member.id, { kind: "extra-entry" })
      expect((yield* subscriptionOf(member.id)).remaining).toBe(1)
      const first = yield* refundPayment(session)
      expect(first).toMatchObject({ refundedNow: true, payment: { status: "refunded" } })
      expect((yield* subscriptionOf(member.id)).remaining).toBe(0)
      const second = yield* refundPayment(session)
      expect(second.refundedNow).toBe(false)
      expect((yield* subscriptionOf(member.id)).remaining).toBe(0)
    }))

  test("a credit already spent cannot be taken back: credits never go below zero", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const session = yield* bought(member.id, { kind: "extra-entry" })
      const subscriptions = yield* SubscriptionRepository
      yield* subscriptions.save({ ...(yield* subscriptionOf(member.id)), remaining: 0 })
      yield* refundPayment(session)
      expect((yield* subscriptionOf(member.id)).remaining).toBe(0)
    }))

  test("ends a refunded plan: back to free, at most the free allowance left", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 1 })
      const session = yield* bought(member.id, { kind: "plan", tier: "pro" })
      expect(yield* subscriptionOf(member.id)).toMatchObject({ tier: "pro", remaining: 21 })
      yield* refundPayment(session)
      expect(yield* subscriptionOf(member.id)).toMatchObject({ tier: "free", remaining: 2 })
    }))

  test("a refunded plan the member has since replaced leaves the new plan alone", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const lite = yield* bought(member.id, { kind: "plan", tier: "lite" })
      yield* bought(member.id, { kind: "plan", tier: "champ" })
      yield* refundPayment(lite)
      expect((yield* subscriptionOf(member.id)).tier).toBe("champ")
    }))

  test("a refund before fulfilment grants nothing, then or later", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const session = yield* bought(member.id, { kind: "extra-entry" }, { paid: false })
      yield* refundPayment(session)
      yield* payOfflineCheckout(session)
      const late = yield* fulfilCheckout(session)
      expect(late.fulfilledNow).toBe(false)
      expect((yield* subscriptionOf(member.id)).remaining).toBe(0)
    }))

  test("an unknown payment is NotFound", () =>
    Effect.gen(function* () {
      expect((yield* Effect.flip(refundPayment("cs_nope")))._tag).toBe("NotFound")
    }))
})

describe("recordPlanPeriodPaid", () => {
  const period = (memberId: string) => ({
    invoiceId: "in_test_1",
    memberId,
    tier: "pro" as const,
    amountCents: 999,
    invoiceUrl: "https://invoice.stripe.test/in_test_1",
    paymentMethod: null,
  })

  test("records the month's payment once and keeps the tier", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro", remaining: 3 })
      const first = yield* recordPlanPeriodPaid(period(member.id))
      expect(first.recordedNow).toBe(true)
      expect(first.payment).toMatchObject({
        checkoutSessionId: "in_test_1",
        purchase: { kind: "plan", tier: "pro" },
        status: "paid",
        amountCents: 999,
        fulfilledAt: NOW,
      })
      const again = yield* recordPlanPeriodPaid(period(member.id))
      expect(again.recordedNow).toBe(false)
      const store = yield* Memory
      expect([...store.tables.payments.values()]).toHaveLength(1)
      // Mid-month: credits stay as they are (they renew on the 1st).
      expect(yield* subscriptionOf(member.id)).toMatchObject({ tier: "pro", remaining: 3 })
    }))

  test("renews the credits when the 1st has passed, once for the month", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro", remaining: 3 })
      yield* TestClock.setTime(Date.UTC(2026, 11, 1, 8))
      yield* recordPlanPeriodPaid(period(member.id))
      expect((yield* subscriptionOf(member.id)).remaining).toBe(20)
      yield* recordPlanPeriodPaid({ ...period(member.id), invoiceId: "in_test_2" })
      expect((yield* subscriptionOf(member.id)).remaining).toBe(20)
      const ledger = yield* PaymentLedger
      expect((yield* ledger.historyOf(member.id, null, 10)).items).toHaveLength(2)
    }))
})

describe("changePlanTier and endPlanOf", () => {
  test("a tier change keeps the credits; the same tier again changes nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "lite", remaining: 4 })
      expect(yield* changePlanTier(member.id, "champ")).toMatchObject({
        tier: "champ",
        remaining: 4,
      })
      expect(yield* changePlanTier(member.id, "champ")).toMatchObject({ tier: "champ" })
    }))

  test("ending the member's plan goes back to free; ending another plan does nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro", remaining: 12 })
      expect((yield* endPlanOf(member.id, "lite")).tier).toBe("pro")
      expect(yield* endPlanOf(member.id, "pro")).toMatchObject({ tier: "free", remaining: 2 })
      expect(yield* endPlanOf(member.id, "pro")).toMatchObject({ tier: "free", remaining: 2 })
    }))

  test("an unknown member is NotFound", () =>
    Effect.gen(function* () {
      expect((yield* Effect.flip(endPlanOf("nobody", "pro")))._tag).toBe("NotFound")
    }))
})
