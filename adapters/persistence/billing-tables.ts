import { EntitySchema } from "typeorm"
import { id, instant, int, ref, text } from "./table-columns.ts"

/** Subscriptions, payments and checkout sessions. */

export interface SubscriptionRow {
  memberId: string
  tier: string
  remaining: number
  renewsAt: number
}

export const SubscriptionTable = new EntitySchema<SubscriptionRow>({
  name: "Subscription",
  tableName: "subscriptions",
  columns: {
    memberId: id("member_id"),
    tier: text("tier", 16),
    remaining: int("remaining"),
    renewsAt: instant("renews_at"),
  },
  // The monthly renewal's walk over the subscriptions due (migration 3).
  indices: [{ name: "IDX_subscriptions_renews_at", columns: ["renewsAt"] }],
  foreignKeys: [
    {
      name: "FK_subscriptions_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface PaymentRow {
  id: string
  memberId: string
  checkoutSessionId: string
  purchaseKind: string
  tier: string | null
  amountCents: number
  status: string
  invoiceUrl: string | null
  paymentMethod: string | null
  createdAt: number
  fulfilledAt: number | null
  /** When an unpaid checkout lapses (migration 6); null for renewals and older rows. */
  expiresAt: number | null
  /** The contest an extra entry was bought from (migration 6): reuse is per contest. */
  contestId: string | null
}

export const PaymentTable = new EntitySchema<PaymentRow>({
  name: "Payment",
  tableName: "payments",
  columns: {
    id: id(),
    memberId: ref("member_id"),
    checkoutSessionId: text("checkout_session_id", 255),
    purchaseKind: text("purchase_kind", 16),
    tier: text("tier", 16, true),
    amountCents: int("amount_cents"),
    status: text("status", 16),
    invoiceUrl: text("invoice_url", 500, true),
    paymentMethod: text("payment_method", 64, true),
    createdAt: instant("created_at"),
    fulfilledAt: instant("fulfilled_at", true),
    expiresAt: instant("expires_at", true),
    contestId: ref("contest_id", true),
  },
  uniques: [{ name: "UQ_payments_checkout_session", columns: ["checkoutSessionId"] }],
  indices: [{ name: "IDX_payments_member", columns: ["memberId", "createdAt"] }],
  foreignKeys: [
    {
      name: "FK_payments_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface CheckoutSessionRow {
  id: string
  idempotencyKey: string
  memberId: string
  purchaseKind: string
  tier: string | null
  amountCents: number
  status: string
  returnUrl: string
  cancelUrl: string
  createdAt: number
  completedAt: number | null
}

/**
 * The offline checkout's sessions (migration 3): what a payment provider would keep, for the
 * embedded default's test-mode checkout page. Stripe keeps its own; this table stays empty then.
 */
export const CheckoutSessionTable = new EntitySchema<CheckoutSessionRow>({
  name: "CheckoutSession",
  tableName: "checkout_sessions",
  columns: {
    id: { ...text("id", 100), primary: true },
    idempotencyKey: text("idempotency_key", 100),
    memberId: ref("member_id"),
    purchaseKind: text("purchase_kind", 16),
    tier: text("tier", 16, true),
    amountCents: int("amount_cents"),
    status: text("status", 16),
    returnUrl: text("return_url", 2000),
    cancelUrl: text("cancel_url", 2000),
    createdAt: instant("created_at"),
    completedAt: instant("completed_at", true),
  },
  uniques: [{ name: "UQ_checkout_sessions_idempotency_key", columns: ["idempotencyKey"] }],
  foreignKeys: [
    {
      name: "FK_checkout_sessions_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})

export interface PlanPeriodRow {
  id: string
  memberId: string
  tier: string
  startedAt: number
  endedAt: number | null
}

/**
 * The paid tiers each member held, from and until (migration PlanPeriods): written by every
 * subscription save that changes the tier, read by the monthly drawings (plan-period.ts).
 */
export const PlanPeriodTable = new EntitySchema<PlanPeriodRow>({
  name: "PlanPeriod",
  tableName: "plan_periods",
  columns: {
    id: id(),
    memberId: ref("member_id"),
    tier: text("tier", 16),
    startedAt: instant("started_at"),
    endedAt: instant("ended_at", true),
  },
  // A member's open period (read on every subscription save), and a month's periods.
  indices: [
    { name: "IDX_plan_periods_member", columns: ["memberId", "endedAt"] },
    { name: "IDX_plan_periods_started", columns: ["startedAt"] },
  ],
  foreignKeys: [
    {
      name: "FK_plan_periods_member",
      target: "Member",
      columnNames: ["member_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE",
    },
  ],
})
