import { Effect } from "effect"
import { fulfilCheckout, settleCheckout } from "../../domain/billing/checkout.use-case.ts"
import {
  changePlanTier,
  endPlanOf,
  recordPlanPeriodPaid,
} from "../../domain/billing/plan-events.use-case.ts"
import { refundPayment } from "../../domain/billing/refund-payment.use-case.ts"
import type { WebhookEvent } from "./payment-gateway.ts"

/**
 * Applies a verified webhook event through the use cases and tells what was done (for the reply
 * and the log). Every use case here is idempotent, since a provider delivers at least once. An
 * event about something we do not know (a member deleted since, another integration's session)
 * is acknowledged and ignored: an error would only make the provider retry it for days.
 */
export const applyWebhookEvent = (event: WebhookEvent) =>
  Effect.gen(function* () {
    switch (event.kind) {
      case "checkout-completed": {
        const done = yield* fulfilCheckout(event.checkoutSessionId)
        if (done.fulfilledNow) return `fulfilled ${event.checkoutSessionId}`
        return done.paymentStatus === "unpaid"
          ? `${event.checkoutSessionId} is not paid yet`
          : `${event.checkoutSessionId} was fulfilled already`
      }
      case "checkout-expired": {
        const expired = yield* settleCheckout(event.checkoutSessionId, "expired")
        return expired
          ? `${event.checkoutSessionId} expired`
          : `${event.checkoutSessionId} was not pending (nothing to expire)`
      }
      case "period-paid": {
        const { kind: _kind, ...period } = event
        const done = yield* recordPlanPeriodPaid(period)
        return done.recordedNow
          ? `recorded ${event.invoiceId}`
          : `${event.invoiceId} was recorded already`
      }
      case "plan-changed":
        yield* changePlanTier(event.memberId, event.tier)
        return `the plan is ${event.tier}`
      case "plan-ended":
        yield* endPlanOf(event.memberId, event.tier)
        return `the ${event.tier} plan ended`
      case "refunded": {
        const done = yield* refundPayment(event.paymentKey)
        return done.refundedNow
          ? `refunded ${event.paymentKey}`
          : `${event.paymentKey} was refunded already`
      }
      case "ignored":
        return `ignored ${event.type}: ${event.reason}`
    }
  }).pipe(
    Effect.catchTag("NotFound", (error) =>
      Effect.succeed(`ignored: ${error.message} (nothing of ours to apply it to)`),
    ),
  )
