import type { ContestId, Instant, MemberId, PaymentId } from "../shared/ids.ts"
import type { Tier } from "../plans/plans.ts"

/**
 * A ledger row's status. `cancelled`: the member gave up at checkout; `expired`: the checkout was
 * not paid within its lifetime. Neither was ever charged, so neither counts in billing's totals.
 */
export const PAYMENT_STATUSES = [
  "paid",
  "pending",
  "failed",
  "refunded",
  "cancelled",
  "expired",
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** What was bought: a plan (tier set) or one extra entry. */
export type Purchase =
  { readonly kind: "plan"; readonly tier: Tier } | { readonly kind: "extra-entry" }

/** One row of the payments ledger; billing history is read from here. */
export interface Payment {
  readonly id: PaymentId
  readonly memberId: MemberId
  /** The checkout session id: fulfilment is keyed by it, so it happens exactly once. */
  readonly checkoutSessionId: string
  readonly purchase: Purchase
  readonly amountCents: number
  readonly status: PaymentStatus
  readonly invoiceUrl: string | null
  /** Masked card, e.g. "Visa •••• 4242", when the provider tells. */
  readonly paymentMethod: string | null
  readonly createdAt: Instant
  readonly fulfilledAt: Instant | null
  /**
   * When an unpaid checkout stops being payable (the provider's session lifetime); null for rows
   * that are no checkout (a renewal) or were written before checkouts expired.
   */
  readonly expiresAt?: Instant | null
  /** The contest an extra entry was bought from: reuse of an open checkout is per contest. */
  readonly contestId?: ContestId | null
}

/**
 * What billing history shows: a pending checkout whose lifetime has passed is expired, whether or
 * not the provider's expiry event has reached us yet (the status is read from the clock).
 */
export const statusAt = (payment: Payment, now: Instant): PaymentStatus =>
  payment.status === "pending" &&
  payment.expiresAt !== undefined &&
  payment.expiresAt !== null &&
  payment.expiresAt <= now
    ? "expired"
    : payment.status

/** A checkout still open for payment at `now`: pending and within its lifetime. */
export const isOpenCheckout = (payment: Payment, now: Instant): boolean =>
  statusAt(payment, now) === "pending" && payment.fulfilledAt === null
