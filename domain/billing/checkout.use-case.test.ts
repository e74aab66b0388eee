import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { payOfflineCheckout } from "../../adapters/memory/payments.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW as NOW } from "../../adapters/memory/testing.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { TestClock } from "effect/testing"
import {
  fulfilCheckout,
  MAX_OPEN_CHECKOUTS,
  REUSE_MARGIN_MS,
  settleCheckout,
  startCheckout,
  verifyCheckout,
} from "./checkout.use-case.ts"
import { type Purchase, statusAt } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"

const URLS = {
  returnUrl: "http://localhost:3000/payment-success",
  cancelUrlFor: (paymentId: string) => `http://localhost:3000/payment-cancel?payment=${paymentId}`,
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

describe("open checkouts: reused, capped, expiring", () => {
  const extraFor = (memberId: string, contestId: string | null) =>
    startCheckout({ memberId, purchase: EXTRA, contestId, ...URLS })

  test("the same purchase still open is answered again; another purchase opens its own", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const first = yield* checkout(member.id, PRO)
      const again = yield* checkout(member.id, PRO)
      expect(again.checkout).toEqual(first.checkout)
      const lite = yield* checkout(member.id, { kind: "plan", tier: "lite" })
      expect(lite.checkout.checkoutSessionId).not.toBe(first.checkout.checkoutSessionId)
      // An extra entry is reused per contest.
      const a = yield* extraFor(member.id, "contest-a")
      expect((yield* extraFor(member.id, "contest-a")).checkout).toEqual(a.checkout)
      const b = yield* extraFor(member.id, "contest-b")
      expect(b.checkout.checkoutSessionId).not.toBe(a.checkout.checkoutSessionId)
      const store = yield* Memory
      expect(store.tables.payments.size).toBe(4)
      expect(store.tables.checkoutSessions.size).toBe(4)
    }))

  test("a paid or cancelled checkout is not reused", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const first = yield* checkout(member.id, EXTRA)
      yield* payOfflineCheckout(first.checkout.checkoutSessionId)
      yield* fulfilCheckout(first.checkout.checkoutSessionId)
      const second = yield* checkout(member.id, EXTRA)
      expect(second.checkout.checkoutSessionId).not.toBe(first.checkout.checkoutSessionId)
      const store = yield* Memory
      const session = store.tables.checkoutSessions.get(second.checkout.checkoutSessionId)
      if (session) {
        store.tables.checkoutSessions.set(session.id, { ...session, status: "cancelled" })
      }
      const third = yield* checkout(member.id, EXTRA)
      expect(third.checkout.checkoutSessionId).not.toBe(second.checkout.checkoutSessionId)
      // The cancelled session, found closed at the provider, left the open checkouts.
      const ledger = yield* PaymentLedger
      const cancelled = yield* ledger.findByCheckoutSession(second.checkout.checkoutSessionId)
      expect(Option.getOrThrow(cancelled).status).toBe("expired")
    }))

  test("at most MAX_OPEN_CHECKOUTS are open per member; paying one frees a slot", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const opened = []
      for (let i = 0; i < MAX_OPEN_CHECKOUTS; i++) opened.push(yield* extraFor(member.id, `c${i}`))
      const refused = yield* Effect.flip(extraFor(member.id, "one-more"))
      expect(refused).toMatchObject({
        _tag: "TooManyOpenCheckouts",
        code: "TOO_MANY_OPEN_CHECKOUTS",
      })
      // Reuse still works at the cap: it opens nothing.
      expect((yield* extraFor(member.id, "c0")).checkout).toEqual(opened[0]?.checkout)
      const paid = opened[1]?.checkout.checkoutSessionId ?? ""
      yield* payOfflineCheckout(paid)
      yield* fulfilCheckout(paid)
      yield* extraFor(member.id, "one-more")
      expect((yield* Memory).tables.payments.size).toBe(MAX_OPEN_CHECKOUTS + 1)
    }))

  test("a checkout not paid within its lifetime is expired: not reused, not counted, not payable", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const first = yield* checkout(member.id, EXTRA)
      // The memory world's provider is the offline checkout: 30 minutes.
      const OFFLINE_CHECKOUT_LIFETIME_MS = 30 * 60 * 1000
      expect(first.payment.expiresAt).toBe(NOW + OFFLINE_CHECKOUT_LIFETIME_MS)
      // Close to the end of its lifetime it is not handed out again either.
      yield* TestClock.adjust(OFFLINE_CHECKOUT_LIFETIME_MS - REUSE_MARGIN_MS + 1)
      const second = yield* checkout(member.id, EXTRA)
      expect(second.checkout.checkoutSessionId).not.toBe(first.checkout.checkoutSessionId)
      yield* TestClock.adjust(REUSE_MARGIN_MS)
      const ledger = yield* PaymentLedger
      const now = NOW + OFFLINE_CHECKOUT_LIFETIME_MS + 1
      const open = yield* ledger.openCheckoutsOf(member.id, now)
      expect(open.map((p) => p.checkoutSessionId)).toEqual([second.checkout.checkoutSessionId])
      const row = Option.getOrThrow(
        yield* ledger.findByCheckoutSession(first.checkout.checkoutSessionId),
      )
      expect(statusAt(row, now)).toBe("expired")
      // The provider says expired: verifying records it, and grants nothing.
      const verified = yield* verifyCheckout(first.checkout.checkoutSessionId, member.id)
      expect(verified.payment.status).toBe("expired")
      expect(verified.fulfilledNow).toBe(false)
    }))

  test("settleCheckout marks a pending checkout cancelled or expired, never a paid one", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const pending = yield* checkout(member.id, EXTRA)
      const id = pending.checkout.checkoutSessionId
      expect(yield* settleCheckout(id, "cancelled")).toBe(true)
      expect(yield* settleCheckout(id, "expired")).toBe(false)
      const ledger = yield* PaymentLedger
      expect(Option.getOrThrow(yield* ledger.findByCheckoutSession(id)).status).toBe("cancelled")
      const paid = yield* checkout(member.id, PRO)
      yield* payOfflineCheckout(paid.checkout.checkoutSessionId)
      yield* fulfilCheckout(paid.checkout.checkoutSessionId)
      expect(yield* settleCheckout(paid.checkout.checkoutSessionId, "expired")).toBe(false)
      expect(yield* settleCheckout("cs_offline_unknown", "expired")).toBe(false)
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
