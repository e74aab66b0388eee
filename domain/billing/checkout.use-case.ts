import { Clock, Effect, Option } from "effect"
import { MemberRepository } from "../accounts/member.port.ts"
import { currentSubscription } from "../plans/current-subscription.use-case.ts"
import { buyExtraEntry, buyPlan } from "../plans/quota.ts"
import type { Subscription } from "../plans/subscription.entity.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { NotFound, ValidationFailed } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { ContestId, MemberId, PaymentId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { Language } from "../site/languages.ts"
import { AlreadySubscribed, TooManyOpenCheckouts } from "./billing.errors.ts"
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
  /** The contest an extra entry is bought from, if the page said: reuse is per contest. */
  readonly contestId?: ContestId | null
  readonly returnUrl: string
  /**
   * Where the member who gives up goes, for the ledger row's id (minted here, so the adapter that
   * owns the URL is asked for it once the id exists): the page then says which checkout was given up.
   */
  readonly cancelUrlFor: (paymentId: PaymentId) => string
  /** The page's language: the provider's checkout page is shown in it (issue 22). */
  readonly language?: Language
}

/** How many checkouts a member may have open at once (pending, within their lifetime). */
export const MAX_OPEN_CHECKOUTS = 5

/**
 * An open checkout is handed out again only while it has this long left, so the member is not
 * sent to a page that expires while they type their card.
 */
export const REUSE_MARGIN_MS = 5 * 60 * 1000

/** Whether a ledger row is a checkout for this very purchase (same tier, or same contest's entry). */
const samePurchase = (payment: Payment, input: StartCheckout): boolean => {
  const wanted = input.purchase
  if (payment.purchase.kind !== wanted.kind) return false
  if (payment.purchase.kind === "plan" && wanted.kind === "plan") {
    return payment.purchase.tier === wanted.tier
  }
  return (payment.contestId ?? null) === (input.contestId ?? null)
}

/** The open checkout of this purchase that may be handed out again, if any. */
const reusable = (open: ReadonlyArray<Payment>, input: StartCheckout, now: number) =>
  open.find(
    (payment) =>
      samePurchase(payment, input) &&
      (payment.expiresAt === undefined ||
        payment.expiresAt === null ||
        payment.expiresAt - now > REUSE_MARGIN_MS),
  )

/**
 * Opens a checkout for a plan or an extra entry and writes its pending row in the payments
 * ledger, keyed by the checkout session id. Buying the plan you already have is refused
 * (AlreadySubscribed); the free plan is not for sale. A checkout of the same purchase still open
 * is handed out again instead of a new one, and at most MAX_OPEN_CHECKOUTS are open per member
 * (TooManyOpenCheckouts): the decision is taken with the member's subscription row locked, so
 * parallel requests cannot each open one.
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

  // The same purchase still open: back to its page (if the provider still has it open).
  const before = yield* ledger.openCheckoutsOf(input.memberId, yield* Clock.currentTimeMillis)
  const earlier = reusable(before, input, yield* Clock.currentTimeMillis)
  if (earlier !== undefined) {
    const resumed = yield* resumeOf(earlier)
    if (Option.isSome(resumed)) return { checkout: resumed.value, payment: earlier }
  }
  // One the provider no longer has open was brought up to date: it holds no slot.
  const stillOpen = before.filter((payment) => payment !== earlier)
  if (stillOpen.length >= MAX_OPEN_CHECKOUTS) {
    return yield* new TooManyOpenCheckouts({ limit: MAX_OPEN_CHECKOUTS })
  }

  // The ledger row's id is minted first: it is the idempotency key, so a retried call to the
  // provider never opens a second session for this checkout.
  const paymentId = yield* (yield* IdSource).newId
  const checkout: Checkout = yield* payments.createCheckout({
    memberId: input.memberId,
    purchase: input.purchase,
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrlFor(paymentId),
    idempotencyKey: `checkout-${paymentId}`,
    language: input.language,
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
    expiresAt: checkout.expiresAt,
    ...(input.purchase.kind === "extra-entry" && input.contestId
      ? { contestId: input.contestId }
      : {}),
  }
  // Decided again on the locked subscription row: a parallel request may have opened the same
  // purchase (then its checkout is the answer, and ours is left to expire unrecorded) or filled
  // the open slots meanwhile.
  const decided = yield* unitOfWork.transaction(
    Effect.gen(function* () {
      yield* currentSubscription(input.memberId)
      // A webhook may already have written (and fulfilled) the row: never write over it.
      const existing = yield* ledger.lock(checkout.checkoutSessionId)
      if (Option.isSome(existing)) return { payment: existing.value, raced: false }
      const open = yield* ledger.openCheckoutsOf(input.memberId, now)
      const racer = reusable(open, input, now)
      if (racer !== undefined) return { payment: racer, raced: true }
      if (open.length >= MAX_OPEN_CHECKOUTS) {
        return yield* new TooManyOpenCheckouts({ limit: MAX_OPEN_CHECKOUTS })
      }
      yield* ledger.save(pending)
      return { payment: pending, raced: false }
    }),
  )
  if (decided.raced) {
    const resumed = yield* resumeOf(decided.payment)
    if (Option.isSome(resumed)) return { checkout: resumed.value, payment: decided.payment }
    // The racer's checkout closed in between: record ours after all.
    yield* unitOfWork.transaction(ledger.save(pending))
  }
  return { checkout, payment: decided.raced ? pending : decided.payment }
})

/**
 * The provider's checkout of an open ledger row, if it is still open there. When it is not (paid,
 * cancelled or expired without our hearing of it), the row is brought up to date from the
 * provider first, as the webhook would have.
 */
const resumeOf = (payment: Payment) =>
  Effect.gen(function* () {
    const resumed = yield* (yield* Payments).resumeCheckout(payment.checkoutSessionId)
    if (Option.isNone(resumed)) {
      yield* fulfilCheckout(payment.checkoutSessionId).pipe(
        Effect.catchTag("NotFound", () => settleCheckout(payment.checkoutSessionId, "expired")),
      )
    }
    return resumed
  })

/**
 * A pending checkout that will never be paid: the member cancelled it, or its lifetime passed
 * (Stripe's `checkout.session.expired`, the offline checkout's expiry). A row paid, refunded or
 * already settled stays as it is. Answers whether this call changed the row.
 */
export const settleCheckout = Effect.fn("settleCheckout")(function* (
  checkoutSessionId: string,
  status: "cancelled" | "expired",
) {
  const ledger = yield* PaymentLedger
  return yield* (yield* UnitOfWork).transaction(
    Effect.gen(function* () {
      const locked = yield* ledger.lock(checkoutSessionId)
      if (Option.isNone(locked)) return false
      const row = locked.value
      if (row.status !== "pending" || row.fulfilledAt !== null) return false
      yield* ledger.save({ ...row, status })
      return true
    }),
  )
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
  expiresAt: session.expiresAt,
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
      const found = Option.getOrElse(locked, () => rowFromSession(newId, session, now))
      if (session.paymentStatus === "unpaid") {
        // A session that can no longer be paid leaves the pending rows (and billing's totals).
        const row: Payment =
          session.status === "expired" && found.status === "pending"
            ? { ...found, status: "expired" }
            : found
        if (Option.isNone(locked) || row !== found) yield* ledger.save(row)
        const unpaid: Fulfilment = { payment: row, paymentStatus: "unpaid", fulfilledNow: false }
        return unpaid
      }
      const row = found
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
