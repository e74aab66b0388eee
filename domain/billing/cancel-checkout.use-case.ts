import { Clock, Effect, Option } from "effect"
import { NotFound } from "../shared/errors.ts"
import type { MemberId, PaymentId } from "../shared/ids.ts"
import { fulfilCheckout, settleCheckout } from "./checkout.use-case.ts"
import { type Payment, statusAt } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"
import { Payments } from "./payments.port.ts"

/** A row nothing can change any more by cancelling: paid, refunded, failed, cancelled, expired. */
const isFinal = (payment: Payment) => payment.status !== "pending" || payment.fulfilledAt !== null

/**
 * The member gave up a checkout (Stripe Checkout's back link, the offline page's Cancel): the
 * provider ends the session so it can no longer be paid, and the ledger row becomes cancelled at
 * once (expired, if its lifetime had passed already) instead of staying pending until the
 * provider's expiry. A session the provider reports completed meanwhile is fulfilled instead: a
 * paid checkout is never marked cancelled. Another member's row is NotFound (the id alone proves
 * nothing); a row already settled is answered as it is, unchanged. Answers the row's status as
 * billing history shows it.
 */
export const cancelCheckout = Effect.fn("cancelCheckout")(function* (
  memberId: MemberId,
  paymentId: PaymentId,
) {
  const ledger = yield* PaymentLedger
  const found = yield* ledger.findById(paymentId)
  if (Option.isNone(found) || found.value.memberId !== memberId) {
    return yield* new NotFound({ entity: "payment", id: paymentId })
  }
  const row = found.value
  if (!isFinal(row)) {
    // A session the provider does not know (any more) can never be paid: it is ended already.
    const state = yield* (yield* Payments)
      .expireCheckout(row.checkoutSessionId)
      .pipe(Effect.catchTag("NotFound", () => Effect.succeed("expired" as const)))
    if (state === "complete") {
      yield* fulfilCheckout(row.checkoutSessionId)
    } else {
      const now = yield* Clock.currentTimeMillis
      yield* settleCheckout(
        row.checkoutSessionId,
        statusAt(row, now) === "expired" ? "expired" : "cancelled",
      )
    }
  }
  const after = Option.getOrElse(yield* ledger.findById(paymentId), () => row)
  return { payment: after, status: statusAt(after, yield* Clock.currentTimeMillis) }
})
