import { Context, type Effect, type Option } from "effect"
import type { NotFound } from "../shared/errors.ts"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { Language } from "../site/languages.ts"
import type { Purchase } from "./payment.entity.ts"

/** A checkout session's payment status, in the provider's (Stripe's) words. */
export type CheckoutPaymentStatus = "paid" | "unpaid" | "no_payment_required"

export interface CheckoutRequest {
  readonly memberId: MemberId
  readonly purchase: Purchase
  /** Where the provider sends the member after paying; `?session_id=…` is appended. */
  readonly returnUrl: string
  /** Where the provider sends the member who gives up (it names the ledger row: `?payment=…`). */
  readonly cancelUrl: string
  /** The same key twice creates one session (a retried request never makes a second one). */
  readonly idempotencyKey: string
  /** The page's language, for the provider's checkout page (issue 22); English when absent. */
  readonly language?: Language
}

export interface Checkout {
  readonly checkoutSessionId: string
  /** The provider's checkout page, where the browser goes next. */
  readonly url: string
  /** When the checkout stops being payable if it is not paid (Stripe: 24 h; offline: 30 min). */
  readonly expiresAt: Instant
}

/** A checkout session's state, in Stripe's words: open for payment, complete, or expired. */
export type CheckoutSessionStatus = "open" | "complete" | "expired"

/** A checkout session as the provider reports it: what was bought, by whom, and whether it is paid. */
export interface CheckoutSession {
  readonly id: string
  readonly paymentStatus: CheckoutPaymentStatus
  /** Expired: it can never be paid (its lifetime passed, or the member cancelled it). */
  readonly status: CheckoutSessionStatus
  readonly purchase: Purchase
  readonly memberId: MemberId
  readonly amountCents: number
  /** Masked, e.g. "Visa •••• 4242", when the provider tells. */
  readonly paymentMethod: string | null
  readonly invoiceUrl: string | null
  /** When it stops being payable if unpaid, when the provider tells. */
  readonly expiresAt: Instant | null
}

/**
 * The payment provider: Stripe Checkout when configured, else the offline checkout (our own test
 * mode page). Provider failures (network, API errors) are defects, not domain errors.
 */
export class Payments extends Context.Service<
  Payments,
  {
    readonly createCheckout: (request: CheckoutRequest) => Effect.Effect<Checkout>
    /**
     * The checkout again, if the provider still has it open for payment (to send a member who
     * asks for the same purchase back to it instead of opening another); none otherwise.
     */
    readonly resumeCheckout: (checkoutSessionId: string) => Effect.Effect<Option.Option<Checkout>>
    readonly retrieveSession: (
      checkoutSessionId: string,
    ) => Effect.Effect<CheckoutSession, NotFound>
    /**
     * Ends an open checkout so it can no longer be paid (Stripe: expire the session), and
     * answers its state afterwards: "expired" (ended now, before, or by its lifetime) or
     * "complete" (it was completed meanwhile: a completed checkout is never ended).
     */
    readonly expireCheckout: (
      checkoutSessionId: string,
    ) => Effect.Effect<Exclude<CheckoutSessionStatus, "open">, NotFound>
    /**
     * Stops the recurring charge of every plan these ledger rows started (their keys: checkout
     * session ids, or a renewal's invoice id), so no later month is charged or renews the plan.
     * Nothing happens for a row that started no recurring charge (an extra entry, a renewal, any
     * offline checkout: it never recurs) or whose charge has stopped already. Idempotent.
     */
    readonly cancelRecurring: (paymentKeys: ReadonlyArray<string>) => Effect.Effect<void>
    /**
     * Gives the money of a one-off payment back in full at the provider (Stripe: a refund of the
     * checkout session's payment intent, under an idempotency key, so asking twice refunds once).
     * The ledger is changed by refundPayment, not here. NotFound when the provider has no such
     * paid checkout.
     */
    readonly refund: (checkoutSessionId: string) => Effect.Effect<void, NotFound>
  }
>()("colorday/Payments") {}
