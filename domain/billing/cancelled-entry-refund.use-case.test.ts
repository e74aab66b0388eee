import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { payOfflineCheckout } from "../../adapters/memory/payments.ts"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { cancelContest } from "../contests/manage-contest.use-case.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import type { ContestId, MemberId } from "../shared/ids.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import {
  refundableExtraEntries,
  refundCancelledExtraEntry,
} from "./cancelled-entry-refund.use-case.ts"
import { fulfilCheckout, startCheckout } from "./checkout.use-case.ts"
import { PaymentLedger } from "./payment.port.ts"
import { Payments } from "./payments.port.ts"

const creditsOf = (memberId: MemberId) =>
  Effect.gen(function* () {
    return Option.getOrThrow(yield* (yield* SubscriptionRepository).find(memberId)).remaining
  })

/** An extra entry bought for a contest, paid and fulfilled: its ledger row. */
const extraEntryFor = (memberId: MemberId, contestId: ContestId) =>
  Effect.gen(function* () {
    const { checkout } = yield* startCheckout({
      memberId,
      purchase: { kind: "extra-entry" },
      contestId,
      returnUrl: "http://localhost:3000/payment-success",
      cancelUrlFor: (paymentId) => `http://localhost:3000/payment-cancel?payment=${paymentId}`,
    })
    yield* payOfflineCheckout(checkout.checkoutSessionId)
    yield* fulfilCheckout(checkout.checkoutSessionId)
    const ledger = yield* PaymentLedger
    return Option.getOrThrow(yield* ledger.findByCheckoutSession(checkout.checkoutSessionId))
  })

/** Runs `body` with the provider's refunds recorded (the offline provider moves no money). */
const recordingRefunds = <A, E, R>(body: (asked: Array<string>) => Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const payments = yield* Payments
    const asked: Array<string> = []
    return yield* body(asked).pipe(
      Effect.provideService(Payments, {
        ...payments,
        refund: (key) =>
          payments.refund(key).pipe(Effect.tap(() => Effect.sync(() => void asked.push(key)))),
      }),
    )
  })

describe("refunding an extra entry of a cancelled contest", () => {
  test("gives the money back at the provider once and takes the returned credit back", () =>
    recordingRefunds((asked) =>
      Effect.gen(function* () {
        const member = yield* seedMember({ tier: "free", remaining: 0 })
        const contest = yield* seedContest()
        const payment = yield* extraEntryFor(member.id, contest.id)
        yield* submitEntry({ memberId: member.id, contestId: contest.id, image: "i" })
        yield* cancelContest(null, contest.id, "Wrong line art")
        expect(yield* creditsOf(member.id)).toBe(1)
        expect([...(yield* refundableExtraEntries(member.id, [payment]))]).toEqual([payment.id])

        const done = yield* refundCancelledExtraEntry(member.id, payment.id)
        expect(done).toMatchObject({ refundedNow: true, payment: { status: "refunded" } })
        expect(yield* creditsOf(member.id)).toBe(0)
        expect(asked).toEqual([payment.checkoutSessionId])

        const again = yield* refundCancelledExtraEntry(member.id, payment.id)
        expect(again.refundedNow).toBe(false)
        expect(asked).toHaveLength(1)
        const ledger = yield* PaymentLedger
        const stored = Option.getOrThrow(yield* ledger.findById(payment.id))
        expect([...(yield* refundableExtraEntries(member.id, [stored]))]).toEqual([])
      }),
    ))

  test("refuses a running contest's, a used credit's and another member's, refunding nothing", () =>
    recordingRefunds((asked) =>
      Effect.gen(function* () {
        const member = yield* seedMember({ tier: "free", remaining: 0 })
        const running = yield* seedContest({ contestType: "daily" })
        const payment = yield* extraEntryFor(member.id, running.id)
        const early = yield* Effect.flip(refundCancelledExtraEntry(member.id, payment.id))
        expect(early).toMatchObject({ _tag: "NotRefundable", reason: "contest-not-cancelled" })

        const other = yield* seedMember({ tier: "free" })
        const stranger = yield* Effect.flip(refundCancelledExtraEntry(other.id, payment.id))
        expect(stranger._tag).toBe("NotFound")

        yield* submitEntry({ memberId: member.id, contestId: running.id, image: "i" })
        yield* cancelContest(null, running.id, "Wrong line art")
        const next = yield* seedContest({ contestType: "weekly" })
        yield* submitEntry({ memberId: member.id, contestId: next.id, image: "j" })
        const used = yield* Effect.flip(refundCancelledExtraEntry(member.id, payment.id))
        expect(used).toMatchObject({ _tag: "NotRefundable", reason: "credit-used" })
        expect(asked).toEqual([])
      }),
    ))
})
