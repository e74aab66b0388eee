import { Clock, Effect, Option } from "effect"
import { MemberRepository } from "../accounts/member.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { buyExtraEntry, buyPlan } from "../plans/quota.ts"
import type { Subscription } from "../plans/subscription.entity.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { NotFound, ValidationFailed } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { AlreadySubscribed } from "./billing.errors.ts"
import type { Payment, Purchase } from "./payment.entity.ts"
import { PaymentLedger } from "./payment.port.ts"
import {
  type Checkout,
  type CheckoutPaymentStatus,
  type CheckoutSession,
  Payments,
} from "./payments.port.ts"
import { priceOf } from "./purchase.ts"

export interface StartCheckout {
  /** From the session, never from the request body. */
  readonly memberId: MemberId
  readonly purchase: Purchase
  readonly returnUrl: string
  readonly cancelUrl: string
}

/**
 * Opens a checkout for a plan or an extra entry and writes its pending row in the payments
 * ledger, keyed by the checkout session id. Buying the plan you already have is refused
 * (AlreadySubscribed); the free plan is not for sale.
 */
export const startCheckout = Effect.fn("startCheckout")(function* (input: StartCheckout) {
  const unitOfWork = yield* UnitOfWork
  const ledger = yield* PaymentLedger
  const payments = yield* Payments
  yield* (yield* MemberRepository).get(input.memberId)
  if (input.purchase.kind === "plan") {
    const tier = input.purchase.tier
    if (tier === "free") {
      return yield* new ValidationFailed({
        issues: [
          {
            field: "planTier",
            title: "Not for sale",
            message: "The free plan is not bought: every member has it without paying.",
          },
        ],
      })
    }
    const subscription = yield* unitOfWork.transaction(currentSubscription(input.memberId))
    if (subscription.tier === tier) return yield* new AlreadySubscribed({ tier })
  }

  // The ledger row's id is minted first: it is the idempotency key, so a retried call to the
  // provider never opens a second session for this checkout.
  const paymentId = yield* (yield* IdSource).newId
  const checkout: Checkout = yield* payments.createCheckout({
    memberId: input.memberId,
    purchase: input.purchase,
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    idempotencyKey: `checkout-${paymentId}`,
  })
  const now = yield* Clock.currentTimeMillis
  const pending: Payment = {
    id: paymentId,
    memberId: input.memberId,
    checkoutSessionId: checkout.checkoutSessionId,
    purchase: input.purchase,
    amountCents: priceOf(input.purchase),
    status: "pending",
    invoiceUrl: null,
    paymentMethod: null,
    createdAt: now,
    fulfilledAt: null,
  }
  // A webhook may already have written (and fulfilled) the row: never write over it.
  const payment = yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const existing = yield* ledger.lock(checkout.checkoutSessionId)
      if (Option.isSome(existing)) return existing.value
      yield* ledger.save(pending)
      return pending
    }),
  )
  return { checkout, payment }
})

/** A row that must not be fulfilled (again): fulfilled already, or refunded before it was. */
const isSettled = (payment: Payment) =>
  payment.fulfilledAt !== null || payment.status === "refunded"

/** The provider's status as the ledger tells it, for a row we need not ask the provider about. */
const settledStatus = (payment: Payment): CheckoutPaymentStatus =>
  payment.fulfilledAt !== null ? "paid" : "unpaid"

export interface Fulfilment {
  readonly payment: Payment
  readonly paymentStatus: CheckoutPaymentStatus
  /** Whether this call granted the purchase (false when it was granted before, or is unpaid). */
  readonly fulfilledNow: boolean
}

/** A ledger row for a session the provider knows and we never recorded (a lost write). */
const rowFromSession = (id: string, session: CheckoutSession, now: number): Payment => ({
  id,
  memberId: session.memberId,
  checkoutSessionId: session.id,
  purchase: session.purchase,
  amountCents: session.amountCents,
  status: "pending",
  invoiceUrl: null,
  paymentMethod: null,
  createdAt: now,
  fulfilledAt: null,
})

/** What a purchase grants, applied to the member's subscription as of now. */
const grant = (subscription: Subscription, purchase: Purchase): Subscription =>
  purchase.kind === "plan" ? buyPlan(subscription, purchase.tier) : buyExtraEntry(subscription)

/**
 * Completes a checkout once it is paid: the ledger row becomes paid and the plan or credit is
 * granted — exactly once, however many times and however concurrently the webhook and the return
 * page ask. The provider is asked outside any transaction; the decision is taken on the locked
 * ledger row, so of racing callers one grants and the others find it done.
 */
export const fulfilCheckout = Effect.fn("fulfilCheckout")(function* (checkoutSessionId: string) {
  const ledger = yield* PaymentLedger
  const known = yield* ledger.findByCheckoutSession(checkoutSessionId)
  if (Option.isSome(known) && isSettled(known.value)) {
    const settled: Fulfilment = {
      payment: known.value,
      paymentStatus: settledStatus(known.value),
      fulfilledNow: false,
    }
    return settled
  }
  const session = yield* (yield* Payments).retrieveSession(checkoutSessionId)
  if (Option.isNone(known)) yield* (yield* MemberRepository).get(session.memberId)
  const newId = yield* (yield* IdSource).newId
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const locked = yield* ledger.lock(checkoutSessionId)
      if (Option.isSome(locked) && isSettled(locked.value)) {
        const settled: Fulfilment = {
          payment: locked.value,
          paymentStatus: settledStatus(locked.value),
          fulfilledNow: false,
        }
        return settled
      }
      const row = Option.getOrElse(locked, () => rowFromSession(newId, session, now))
      if (session.paymentStatus === "unpaid") {
        if (Option.isNone(locked)) yield* ledger.save(row)
        const unpaid: Fulfilment = { payment: row, paymentStatus: "unpaid", fulfilledNow: false }
        return unpaid
      }
      const paid: Payment = {
        ...row,
        status: "paid",
        amountCents: session.amountCents,
        paymentMethod: session.paymentMethod ?? row.paymentMethod,
        invoiceUrl: session.invoiceUrl ?? row.invoiceUrl,
        fulfilledAt: now,
      }
      const subscription = yield* currentSubscription(row.memberId)
      yield* (yield* SubscriptionRepository).save(grant(subscription, row.purchase))
      yield* ledger.save(paid)
      const fulfilled: Fulfilment = {
        payment: paid,
        paymentStatus: session.paymentStatus,
        fulfilledNow: true,
      }
      return fulfilled
    }),
  )
})

/**
 * The return page's check (`?session_id=…`): the session must be the caller's (another member's
 * is NotFound, so its existence is not revealed); it is fulfilled if paid and not yet done (the
 * webhook may come later, or never), and the member's subscription as of now is returned.
 */
export const verifyCheckout = Effect.fn("verifyCheckout")(function* (
  checkoutSessionId: string,
  memberId: MemberId,
) {
  const ledger = yield* PaymentLedger
  const known = yield* ledger.findByCheckoutSession(checkoutSessionId)
  const owner = Option.isSome(known)
    ? known.value.memberId
    : (yield* (yield* Payments).retrieveSession(checkoutSessionId)).memberId
  if (owner !== memberId) {
    return yield* new NotFound({ entity: "payment", id: checkoutSessionId })
  }
  const fulfilment = yield* fulfilCheckout(checkoutSessionId)
  const subscription = yield* (yield* UnitOfWork).transaction(currentSubscription(memberId))
  return { ...fulfilment, subscription }
})
