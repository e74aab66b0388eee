import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { seedMember } from "../../adapters/memory/seed.ts"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import type { Payment } from "../../domain/billing/payment.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { NOW, contract, unique } from "./support/contract.ts"

contract("SubscriptionRepository", (test) => {
  test("saves, finds, locks and replaces a member's subscription", () =>
    Effect.gen(function* () {
      const subscriptions = yield* SubscriptionRepository
      const member = yield* seedMember({ username: unique("s"), tier: "lite" })
      const stored = Option.getOrThrow(yield* subscriptions.find(member.id))
      expect(stored).toMatchObject({ memberId: member.id, tier: "lite", remaining: 5 })
      yield* subscriptions.save({ ...stored, tier: "champ", remaining: 0 })
      expect(Option.getOrThrow(yield* subscriptions.lock(member.id))).toEqual({
        ...stored,
        tier: "champ",
        remaining: 0,
      })
      expect(Option.isNone(yield* subscriptions.find("nobody"))).toBe(true)
    }))
})

contract("BadgeRepository", (test) => {
  test("grants a badge once per member", () =>
    Effect.gen(function* () {
      const badges = yield* BadgeRepository
      const member = yield* seedMember({ username: unique("b") })
      const grant = { memberId: member.id, badgeId: "first-win" as const, earnedAt: NOW }
      expect(yield* badges.grant(grant)).toBe(true)
      expect(yield* badges.grant({ ...grant, earnedAt: NOW + 1 })).toBe(false)
      expect(yield* badges.grant({ ...grant, badgeId: "hat-trick" })).toBe(true)
      expect(yield* badges.of(member.id)).toEqual([grant, { ...grant, badgeId: "hat-trick" }])
    }))
})

contract("PaymentLedger", (test) => {
  test("keeps one row per checkout session and pages a member's history newest first", () =>
    Effect.gen(function* () {
      const ledger = yield* PaymentLedger
      const member = yield* seedMember({ username: unique("p") })
      const payments: Array<Payment> = []
      for (let i = 0; i < 5; i++) {
        const payment: Payment = {
          id: crypto.randomUUID(),
          memberId: member.id,
          checkoutSessionId: unique("cs"),
          purchase: i % 2 === 0 ? { kind: "plan", tier: "pro" } : { kind: "extra-entry" },
          amountCents: i % 2 === 0 ? 999 : 299,
          status: "pending",
          invoiceUrl: null,
          paymentMethod: null,
          createdAt: NOW + i * 1000,
          fulfilledAt: null,
        }
        yield* ledger.save(payment)
        payments.push(payment)
      }
      const first = payments[0] as Payment
      const paid = {
        ...first,
        status: "paid" as const,
        fulfilledAt: NOW,
        invoiceUrl: "https://x/inv",
      }
      yield* ledger.save(paid)
      expect(
        Option.getOrThrow(yield* ledger.findByCheckoutSession(first.checkoutSessionId)),
      ).toEqual(paid)
      expect(Option.getOrThrow(yield* ledger.findById(first.id))).toEqual(paid)
      expect(Option.isNone(yield* ledger.findById(crypto.randomUUID()))).toBe(true)
      const seen: Array<string> = []
      let cursor: string | null = null
      do {
        const page: { items: ReadonlyArray<Payment>; nextCursor: string | null } =
          yield* ledger.historyOf(member.id, cursor, 2)
        seen.push(...page.items.map((p) => p.checkoutSessionId))
        cursor = page.nextCursor
      } while (cursor !== null)
      expect(seen).toEqual([...payments].reverse().map((p) => p.checkoutSessionId))
    }))
})
