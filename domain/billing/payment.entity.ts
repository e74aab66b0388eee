import type { Instant, MemberId, PaymentId } from "../shared/ids.ts"
import type { Tier } from "../plans/plans.ts"

export const PAYMENT_STATUSES = ["paid", "pending", "failed", "refunded"] as const
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
}
