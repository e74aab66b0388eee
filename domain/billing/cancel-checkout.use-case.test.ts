import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { payOfflineCheckout } from "../../adapters/memory/payments.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { cancelCheckout } from "./cancel-checkout.use-case.ts"
import { startCheckout } from "./checkout.use-case.ts"
import type { Purchase } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"

const EXTRA: Purchase = { kind: "extra-entry" }
const PRO: Purchase = { kind: "plan", tier: "pro" }

const open = (memberId: string, purchase: Purchase) =>
  startCheckout({
    memberId,
    purchase,
    returnUrl: "http://localhost:3000/payment-success",
    cancelUrlFor: (paymentId) =>
      `http://localhost:3000/payment-cancel?from=pricing&payment=${paymentId}`,
  })

const rowOf = (paymentId: string) =>
  Effect.gen(function* () {
    return Option.getOrThrow(yield* (yield* PaymentLedger).findById(paymentId))
  })

const offlineSession = (sessionId: string) =>
  Effect.gen(function* () {
    return (yield* Memory).tables.checkoutSessions.get(sessionId)
  })

describe("cancelCheckout", () => {
  test("the checkout's cancel link is the adapter's URL for its ledger row", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const { checkout, payment } = yield* open(member.id, EXTRA)
      expect((yield* offlineSession(checkout.checkoutSessionId))?.cancelUrl).toBe(
        `http://localhost:3000/payment-cancel?from=pricing&payment=${payment.id}`,
      )
    }))

  test("a pending checkout becomes cancelled at once, and the provider's session is ended", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const { checkout, payment } = yield* open(member.id, EXTRA)
      const cancelled = yield* cancelCheckout(member.id, payment.id)
      expect(cancelled.status).toBe("cancelled")
      expect((yield* rowOf(payment.id)).status).toBe("cancelled")
      expect((yield* offlineSession(checkout.checkoutSessionId))?.status).toBe("cancelled")
      // It no longer holds an open slot, and the same purchase opens a new checkout.
      expect(yield* (yield* PaymentLedger).openCheckoutsOf(member.id, payment.createdAt)).toEqual(
        [],
      )
      const again = yield* open(member.id, EXTRA)
      expect(again.checkout.checkoutSessionId).not.toBe(checkout.checkoutSessionId)
    }))

  test("another member's checkout, or an unknown id, is NotFound and left as it is", () =>
    Effect.gen(function* () {
      const owner = yield* seedMember({ tier: "free" })
      const other = yield* seedMember({ tier: "free" })
      const { checkout, payment } = yield* open(owner.id, EXTRA)
      const refused = yield* Effect.flip(cancelCheckout(other.id, payment.id))
      expect(refused).toMatchObject({ _tag: "NotFound", entity: "payment", id: payment.id })
      expect((yield* rowOf(payment.id)).status).toBe("pending")
      expect((yield* offlineSession(checkout.checkoutSessionId))?.status).toBe("open")
      const unknown = yield* Effect.flip(cancelCheckout(owner.id, "no-such-payment"))
      expect(unknown._tag).toBe("NotFound")
    }))

  test("a checkout paid meanwhile is fulfilled, never marked cancelled", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const { checkout, payment } = yield* open(member.id, PRO)
      // Paid on the provider's page; the completion event has not reached us yet.
      yield* payOfflineCheckout(checkout.checkoutSessionId)
      const answer = yield* cancelCheckout(member.id, payment.id)
      expect(answer.status).toBe("paid")
      const row = yield* rowOf(payment.id)
      expect(row.status).toBe("paid")
      expect(row.fulfilledAt).not.toBeNull()
      const subscription = Option.getOrThrow(yield* (yield* SubscriptionRepository).find(member.id))
      expect(subscription.tier).toBe("pro")
      expect((yield* offlineSession(checkout.checkoutSessionId))?.status).toBe("paid")
    }))

  test("cancelling again, or a row already settled, answers its status and changes nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const first = yield* open(member.id, EXTRA)
      expect((yield* cancelCheckout(member.id, first.payment.id)).status).toBe("cancelled")
      const cancelledRow = yield* rowOf(first.payment.id)
      expect((yield* cancelCheckout(member.id, first.payment.id)).status).toBe("cancelled")
      expect(yield* rowOf(first.payment.id)).toEqual(cancelledRow)

      const paid = yield* open(member.id, PRO)
      yield* payOfflineCheckout(paid.checkout.checkoutSessionId)
      expect((yield* cancelCheckout(member.id, paid.payment.id)).status).toBe("paid")
      const paidRow = yield* rowOf(paid.payment.id)
      expect((yield* cancelCheckout(member.id, paid.payment.id)).status).toBe("paid")
      expect(yield* rowOf(paid.payment.id)).toEqual(paidRow)
    }))

  test("a checkout whose lifetime passed before the member cancelled reads expired", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const { payment } = yield* open(member.id, EXTRA)
      const expiresAt = payment.expiresAt ?? 0
      yield* TestClock.adjust(expiresAt - payment.createdAt + 1)
      expect((yield* cancelCheckout(member.id, payment.id)).status).toBe("expired")
      expect((yield* rowOf(payment.id)).status).toBe("expired")
    }))
})
