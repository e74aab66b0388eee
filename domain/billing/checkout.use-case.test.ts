import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { payOfflineCheckout } from "../../adapters/memory/payments.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW as NOW } from "../../adapters/memory/testing.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { fulfilCheckout, startCheckout, verifyCheckout } from "./checkout.use-case.ts"
import type { Purchase } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"

const URLS = {
  returnUrl: "http://localhost:3000/payment-success",
  cancelUrl: "http://localhost:3000/payment-cancel",
}

const EXTRA: Purchase = { kind: "extra-entry" }
const PRO: Purchase = { kind: "plan", tier: "pro" }

const subscriptionOf = (memberId: string) =>
  Effect.gen(function* () {
    return Option.getOrThrow(yield* (yield* SubscriptionRepository).find(memberId))
  })

const checkout = (memberId: string, purchase: Purchase) =>
  startCheckout({ memberId, purchase, ...URLS })

describe("startCheckout", () => {
  test("opens a checkout for an extra entry and records it as pending, keyed by the session", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const { checkout: opened, payment } = yield* checkout(member.id, EXTRA)
      expect(opened.checkoutSessionId).toMatch(/^cs_offline_[A-Za-z0-9_-]{40,}$/)
      expect(opened.url).toBe(`http://localhost:3000/checkout/offline/${opened.checkoutSessionId}`)
      expect(payment).toMatchObject({
        memberId: member.id,
        checkoutSessionId: opened.checkoutSessionId,
        purchase: EXTRA,
        amountCents: 299,
        status: "pending",
        createdAt: NOW,
        fulfilledAt: null,
      })
      const ledger = yield* PaymentLedger
      expect(yield* ledger.findByCheckoutSession(opened.checkoutSessionId)).toEqual(
        Option.some(payment),
      )
      // Nothing is granted before it is paid.
      expect((yield* subscriptionOf(member.id)).remaining).toBe(0)
    }))

  test("prices a plan from the plan table", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const { payment } = yield* checkout(member.id, { kind: "plan", tier: "champ" })
      expect(payment.amountCents).toBe(1999)
    }))

  test("refuses the plan you already have, with the spec's message", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro" })
      const error = yield* Effect.flip(checkout(member.id, PRO))
      expect(error._tag).toBe("AlreadySubscribed")
      expect(error.code).toBe("ALREADY_SUBSCRIBED")
      expect(error.message).toBe("You are already on the pro plan.")
      const store = yield* Memory
      expect(store.tables.checkoutSessions.size).toBe(0)
      expect(store.tables.payments.size).toBe(0)
    }))

  test("does not sell the free plan, and needs an existing member", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro" })
      const free = yield* Effect.flip(checkout(member.id, { kind: "plan", tier: "free" }))
      expect(free._tag).toBe("ValidationFailed")
      expect(free._tag === "ValidationFailed" && free.issues[0]?.field).toBe("planTier")
      const nobody = yield* Effect.flip(checkout("nobody", EXTRA))
      expect(nobody._tag).toBe("NotFound")
    }))
})

describe("fulfilCheckout", () => {
  test("leaves an unpaid checkout pending and grants nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const { checkout: opened } = yield* checkout(member.id, EXTRA)
      const done = yield* fulfilCheckout(opened.checkoutSessionId)
      expect(done).toMatchObject({ paymentStatus: "unpaid", fulfilledNow: false })
      expect(done.payment.status).toBe("pending")
      expect((yield* subscriptionOf(member.id)).remaining).toBe(0)
    }))

  test("grants a paid extra entry once: one credit, the ledger row paid", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const { checkout: opened } = yield* checkout(member.id, EXTRA)
      yield* payOfflineCheckout(opened.checkoutSessionId)
      const first = yield* fulfilCheckout(opened.checkoutSessionId)
      expect(first.fulfilledNow).toBe(true)
      expect(first.payment).toMatchObject({
        status: "paid",
        fulfilledAt: NOW,
        paymentMethod: "Test mode (no card charged)",
        invoiceUrl: `http://localhost:3000/checkout/offline/${opened.checkoutSessionId}/receipt`,
      })
      const again = yield* fulfilCheckout(opened.checkoutSessionId)
      expect(again).toMatchObject({ fulfilledNow: false, paymentStatus: "paid" })
      expect(again.payment).toEqual(first.payment)
      expect((yield* subscriptionOf(member.id)).remaining).toBe(1)
    }))

  test("50 fulfilments of one paid checkout at once grant it once", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 2 })
      const { checkout: opened } = yield* checkout(member.id, EXTRA)
      yield* payOfflineCheckout(opened.checkoutSessionId)
      const results = yield* Effect.all(
        Array.from({ length: 50 }, () => fulfilCheckout(opened.checkoutSessionId)),
        { concurrency: "unbounded" },
      )
      expect(results.filter((r) => r.fulfilledNow)).toHaveLength(1)
      expect((yield* subscriptionOf(member.id)).remaining).toBe(3)
    }))

  test("a paid plan sets the tier and adds its credits to what is left", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 1 })
      const { checkout: opened } = yield* checkout(member.id, PRO)
      yield* payOfflineCheckout(opened.checkoutSessionId)
      yield* fulfilCheckout(opened.checkoutSessionId)
      expect(yield* subscriptionOf(member.id)).toMatchObject({ tier: "pro", remaining: 21 })
    }))

  test("records and grants a paid session the ledger never got (a lost write)", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const { checkout: opened } = yield* checkout(member.id, EXTRA)
      const store = yield* Memory
      store.tables.payments.delete(opened.checkoutSessionId)
      yield* payOfflineCheckout(opened.checkoutSessionId)
      const done = yield* fulfilCheckout(opened.checkoutSessionId)
      expect(done.fulfilledNow).toBe(true)
      expect(done.payment).toMatchObject({ memberId: member.id, status: "paid", amountCents: 299 })
      expect((yield* subscriptionOf(member.id)).remaining).toBe(1)
    }))

  test("an unknown session is NotFound", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(fulfilCheckout("cs_offline_nope"))
      expect(error._tag).toBe("NotFound")
    }))
})

describe("verifyCheckout", () => {
  test("fulfils the caller's paid session and returns the subscription as of now", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const { checkout: opened } = yield* checkout(member.id, PRO)
      yield* payOfflineCheckout(opened.checkoutSessionId)
      const verified = yield* verifyCheckout(opened.checkoutSessionId, member.id)
      expect(verified.paymentStatus).toBe("paid")
      expect(verified.fulfilledNow).toBe(true)
      expect(verified.subscription).toMatchObject({ tier: "pro", remaining: 20 })
      const again = yield* verifyCheckout(opened.checkoutSessionId, member.id)
      expect(again).toMatchObject({ paymentStatus: "paid", fulfilledNow: false })
      expect(again.subscription.remaining).toBe(20)
    }))

  test("another member's session is NotFound and is not fulfilled by them", () =>
    Effect.gen(function* () {
      const owner = yield* seedMember({ tier: "free", remaining: 0 })
      const other = yield* seedMember({ tier: "free" })
      const { checkout: opened } = yield* checkout(owner.id, EXTRA)
      yield* payOfflineCheckout(opened.checkoutSessionId)
      const error = yield* Effect.flip(verifyCheckout(opened.checkoutSessionId, other.id))
      expect(error._tag).toBe("NotFound")
      expect((yield* subscriptionOf(owner.id)).remaining).toBe(0)
    }))
})
