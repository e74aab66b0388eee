import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { seedMember } from "../../adapters/memory/seed.ts"
import { layerOfflinePayments } from "../../adapters/payments/offline-payments.ts"
import { type OfflineSession, OfflineSessions } from "../../adapters/payments/offline-sessions.ts"
import { fulfilCheckout, startCheckout } from "../../domain/billing/checkout.use-case.ts"
import type { Payment } from "../../domain/billing/payment.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { refundPayment } from "../../domain/billing/refund-payment.use-case.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { NOW, contract, unique } from "./support/contract.ts"

const offline = layerOfflinePayments({ publicUrl: "http://localhost:3000" })

const session = (memberId: string, fields: Partial<OfflineSession> = {}): OfflineSession => ({
  id: unique("cs_offline"),
  idempotencyKey: unique("key"),
  memberId,
  purchase: { kind: "plan", tier: "lite" },
  amountCents: 499,
  status: "open",
  returnUrl: "https://colorday.test/payment-success?from=pricing",
  cancelUrl: "https://colorday.test/payment-cancel",
  createdAt: NOW,
  completedAt: null,
  ...fields,
})

contract("PaymentLedger.lock", (test) => {
  test("reads the row of a checkout session inside a transaction, or none", () =>
    Effect.gen(function* () {
      const ledger = yield* PaymentLedger
      const member = yield* seedMember({ username: unique("l") })
      const payment: Payment = {
        id: crypto.randomUUID(),
        memberId: member.id,
        checkoutSessionId: unique("cs"),
        purchase: { kind: "extra-entry" },
        amountCents: 299,
        status: "pending",
        invoiceUrl: null,
        paymentMethod: null,
        createdAt: NOW,
        fulfilledAt: null,
      }
      yield* ledger.save(payment)
      expect(yield* ledger.lock(payment.checkoutSessionId)).toEqual(Option.some(payment))
      expect(Option.isNone(yield* ledger.lock(unique("cs")))).toBe(true)
    }))
})

contract("PaymentLedger.openCheckoutsOf", (test) => {
  test("lists a member's pending checkouts within their lifetime, newest first, and keeps expiry and contest", () =>
    Effect.gen(function* () {
      const ledger = yield* PaymentLedger
      const member = yield* seedMember({ username: unique("o") })
      const other = yield* seedMember({ username: unique("o") })
      const row = (fields: Partial<Payment>): Payment => ({
        id: crypto.randomUUID(),
        memberId: member.id,
        checkoutSessionId: unique("cs"),
        purchase: { kind: "extra-entry" },
        amountCents: 299,
        status: "pending",
        invoiceUrl: null,
        paymentMethod: null,
        createdAt: NOW,
        fulfilledAt: null,
        expiresAt: NOW + 1000,
        ...fields,
      })
      const open = row({ contestId: "contest-1", createdAt: NOW - 10 })
      // A row written without a lifetime (before checkouts expired) stays open.
      const { expiresAt: _none, ...newer } = row({ purchase: { kind: "plan", tier: "pro" } })
      const rows = [
        open,
        newer,
        row({ expiresAt: NOW }), // lapsed exactly now
        row({ status: "cancelled" }),
        row({ status: "expired" }),
        row({ status: "paid", fulfilledAt: NOW }),
        row({ memberId: other.id }),
      ]
      for (const payment of rows) yield* ledger.save(payment)
      expect(yield* ledger.openCheckoutsOf(member.id, NOW)).toEqual([newer, open])
      expect(yield* ledger.findByCheckoutSession(open.checkoutSessionId)).toEqual(Option.some(open))
      expect(yield* ledger.openCheckoutsOf(member.id, NOW + 1000)).toHaveLength(1)
    }))
})

contract("SubscriptionRepository.dueForRenewal", (test) => {
  test("pages the subscriptions due by member id, and leaves out those not due", () =>
    Effect.gen(function* () {
      const subscriptions = yield* SubscriptionRepository
      const due: Array<string> = []
      for (let i = 0; i < 5; i++) {
        const member = yield* seedMember({ username: unique("r") })
        const stored = Option.getOrThrow(yield* subscriptions.find(member.id))
        yield* subscriptions.save({ ...stored, renewsAt: NOW - 1000 })
        due.push(member.id)
      }
      const later = yield* seedMember({ username: unique("r") })
      const seen: Array<string> = []
      let after: string | null = null
      for (;;) {
        const page: ReadonlyArray<{ memberId: string; renewsAt: number }> =
          yield* subscriptions.dueForRenewal(NOW, after, 2)
        for (const subscription of page) expect(subscription.renewsAt).toBeLessThanOrEqual(NOW)
        seen.push(...page.map((s) => s.memberId))
        if (page.length < 2) break
        after = page.at(-1)?.memberId ?? null
      }
      expect(seen).toEqual([...seen].sort())
      expect(new Set(seen).size).toBe(seen.length)
      for (const id of due) expect(seen).toContain(id)
      expect(seen).not.toContain(later.id)
    }))
})

contract("OfflineSessions", (test) => {
  test("stores a session once per idempotency key, finds it, and completes it once", () =>
    Effect.gen(function* () {
      const sessions = yield* OfflineSessions
      const member = yield* seedMember({ username: unique("o") })
      const first = session(member.id)
      expect(yield* sessions.create(first)).toEqual(first)
      // The same idempotency key again answers the first session, whatever else was sent.
      expect(
        yield* sessions.create({ ...session(member.id), idempotencyKey: first.idempotencyKey }),
      ).toEqual(first)
      expect(yield* sessions.find(first.id)).toEqual(Option.some(first))
      expect(Option.isNone(yield* sessions.find(unique("cs_offline")))).toBe(true)

      const paid = yield* sessions.complete(first.id, "paid", NOW + 5)
      expect(paid).toEqual(Option.some({ ...first, status: "paid", completedAt: NOW + 5 }))
      // No longer open: a later cancel (or pay) leaves it as it is.
      expect(yield* sessions.complete(first.id, "cancelled", NOW + 9)).toEqual(paid)
      expect(Option.isNone(yield* sessions.complete(unique("cs_offline"), "paid", NOW))).toBe(true)
    }))

  test("of 20 racing pays and cancels, one wins", () =>
    Effect.gen(function* () {
      const sessions = yield* OfflineSessions
      const member = yield* seedMember({ username: unique("o") })
      const open = yield* sessions.create(session(member.id, { purchase: { kind: "extra-entry" } }))
      const results = yield* Effect.all(
        Array.from({ length: 20 }, (_, i) =>
          sessions.complete(open.id, i % 2 === 0 ? "paid" : "cancelled", NOW + i),
        ),
        { concurrency: "unbounded" },
      )
      const finals = new Set(results.map((r) => JSON.stringify(Option.getOrThrow(r))))
      expect(finals.size).toBe(1)
    }))
})

contract("fulfilment of a checkout", (test) => {
  test("50 concurrent fulfilments of one paid checkout grant its credit once", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ username: unique("f"), tier: "free", remaining: 0 })
      const { checkout } = yield* startCheckout({
        memberId: member.id,
        purchase: { kind: "extra-entry" },
        returnUrl: "http://localhost:3000/payment-success",
        cancelUrlFor: (paymentId) => `http://localhost:3000/payment-cancel?payment=${paymentId}`,
      })
      yield* (yield* OfflineSessions).complete(checkout.checkoutSessionId, "paid", NOW)
      const results = yield* Effect.all(
        Array.from({ length: 50 }, () => fulfilCheckout(checkout.checkoutSessionId)),
        { concurrency: "unbounded" },
      )
      expect(results.filter((r) => r.fulfilledNow)).toHaveLength(1)
      const subscriptions = yield* SubscriptionRepository
      expect(Option.getOrThrow(yield* subscriptions.find(member.id)).remaining).toBe(1)
      const ledger = yield* PaymentLedger
      expect(
        Option.getOrThrow(yield* ledger.findByCheckoutSession(checkout.checkoutSessionId)),
      ).toMatchObject({
        status: "paid",
        fulfilledAt: NOW,
      })
      // And 20 concurrent refunds take it back once.
      const refunds = yield* Effect.all(
        Array.from({ length: 20 }, () => refundPayment(checkout.checkoutSessionId)),
        { concurrency: "unbounded" },
      )
      expect(refunds.filter((r) => r.refundedNow)).toHaveLength(1)
      expect(Option.getOrThrow(yield* subscriptions.find(member.id)).remaining).toBe(0)
    }).pipe(Effect.provide(offline)))
})
