import { Context, Data, type Effect, type Option } from "effect"
import type { PlanPeriodPaid } from "../../domain/billing/plan-events.use-case.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import type { MemberId } from "../../domain/shared/ids.ts"
import type { OfflineSession } from "./offline-sessions.ts"

/**
 * What the HTTP adapter needs from the payment adapter beyond the domain's Payments port: which
 * provider runs, its webhooks read as events, and the offline checkout page's operations.
 */

/** A provider's webhook delivery, read as what it means to us. */
export type WebhookEvent =
  | { readonly kind: "checkout-completed"; readonly checkoutSessionId: string }
  /** A checkout not paid within its lifetime: it leaves the pending rows. */
  | { readonly kind: "checkout-expired"; readonly checkoutSessionId: string }
  | ({ readonly kind: "period-paid" } & PlanPeriodPaid)
  | { readonly kind: "plan-changed"; readonly memberId: MemberId; readonly tier: Tier }
  | { readonly kind: "plan-ended"; readonly memberId: MemberId; readonly tier: Tier }
  /** A full refund of the payment recorded under this ledger key (checkout session or invoice). */
  | { readonly kind: "refunded"; readonly paymentKey: string }
  /** A delivery we take note of and do nothing with (an event type we do not use, a partial refund). */
  | { readonly kind: "ignored"; readonly type: string; readonly reason: string }

/** A webhook delivery that is not authentic (bad or stale signature) or not readable: 400. */
export class InvalidWebhook extends Data.TaggedError("InvalidWebhook")<{
  readonly reason: string
}> {
  override get message() {
    return this.reason
  }
}

/** The offline checkout page's side of the offline provider. */
export interface OfflineCheckout {
  readonly find: (sessionId: string) => Effect.Effect<Option.Option<OfflineSession>>
  /** Marks an open session paid (a paid or cancelled one stays as it is). */
  readonly pay: (sessionId: string) => Effect.Effect<Option.Option<OfflineSession>>
  readonly cancel: (sessionId: string) => Effect.Effect<Option.Option<OfflineSession>>
}

export class PaymentGateway extends Context.Service<
  PaymentGateway,
  {
    readonly provider: "offline" | "stripe"
    /** The site's address (PUBLIC_URL): return URLs on it are our own. */
    readonly publicUrl: string
    /** Verifies a webhook delivery on its raw body and reads it. Offline: there are none. */
    readonly readWebhook: (
      rawBody: string,
      signature: string,
    ) => Effect.Effect<WebhookEvent, InvalidWebhook>
    /** The offline checkout page; null when a real provider hosts checkout. */
    readonly offline: OfflineCheckout | null
  }
>()("colorday/payments/PaymentGateway") {}
