import { Clock, Effect, Schema } from "effect"
import { cancelCheckout } from "../../../domain/billing/cancel-checkout.use-case.ts"
import {
  refundableExtraEntries,
  refundCancelledExtraEntry,
} from "../../../domain/billing/cancelled-entry-refund.use-case.ts"
import { currentSubscription } from "../../../domain/plans/current-subscription.use-case.ts"
import { PaymentLedger } from "../../../domain/billing/payment.port.ts"
import { decodeCursor, pageSize } from "../../../domain/shared/paging.ts"
import { badRequest } from "../http-errors.ts"
import { presentPayment, presentSubscription } from "../presenters.ts"
import { ok, type Reply, route } from "../route.ts"
import { Id, PageQuery } from "../schemas.ts"
import { actingAsClaimed, MemberIdFields, signedIn } from "./shared.ts"
import {
  BillingHistoryBody,
  CheckoutCancelledBody,
  PaymentBody,
  SubscriptionBody,
} from "../account.schema.ts"

/** Billing history (§7), read from our payments ledger: real rows, never sample invoices. */

/** The ledger's cursors are [createdAt, id]; anything else is refused before it reaches SQL. */
const isLedgerCursor = (cursor: string) => {
  const value = decodeCursor(cursor)
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "number" &&
    Number.isFinite(value[0]) &&
    typeof value[1] === "string"
  )
}

export const billingRoutes = [
  route({
    method: "GET",
    path: "/api/billing/history",
    tag: "billing",
    summary:
      "Your payments, newest first: {records: [{id, date, amount (dollars), status (paid, pending, failed, refunded, cancelled or expired: a checkout not paid within its lifetime), description, invoice_url, payment_method, subscription_tier}], nextCursor}, paged (also in X-Next-Cursor). user_id, if sent, must be your own",
    access: "member",
    okBody: BillingHistoryBody,
    query: Schema.Struct({ ...MemberIdFields, ...PageQuery.fields }),
    responses: { 403: "A user_id (or userId) that is not the signed-in member's" },
    handler: ({ query, caller }) =>
      Effect.gen(function* () {
        const member = yield* actingAsClaimed(caller, query)
        if (query.cursor !== undefined && !isLedgerCursor(query.cursor)) {
          return yield* Effect.die(badRequest("cursor: not a cursor of this list"))
        }
        const page = yield* (yield* PaymentLedger).historyOf(
          member.id,
          query.cursor ?? null,
          pageSize(query.limit),
        )
        const now = yield* Clock.currentTimeMillis
        const refundable = yield* refundableExtraEntries(member.id, page.items)
        const reply: Reply = {
          ...ok({
            records: page.items.map((payment) => ({
              ...presentPayment(payment, now),
              ...(refundable.has(payment.id) ? { refundable: true } : {}),
            })),
            nextCursor: page.nextCursor,
          }),
          headers: page.nextCursor ? { "X-Next-Cursor": page.nextCursor } : {},
        }
        return reply
      }),
  }),
  route({
    method: "POST",
    path: "/api/billing/checkouts/:paymentId/cancel",
    tag: "billing",
    summary:
      "Cancels your checkout that is still open (the /payment-cancel page sends it: ?payment=… is the billing history id): the provider's session is ended so it can no longer be paid, and billing history shows it cancelled at once. One paid meanwhile is fulfilled instead, never cancelled; one already settled is left as it is. Answers {status} (cancelled, expired, paid, … as billing history shows it)",
    access: "member",
    okBody: CheckoutCancelledBody,
    params: Schema.Struct({ paymentId: Id }),
    responses: { 404: "No such checkout of yours" },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const { status } = yield* cancelCheckout(member.id, params.paymentId)
        return ok({ status })
      }),
  }),
  route({
    method: "POST",
    path: "/api/billing/payments/:paymentId/refund",
    tag: "billing",
    summary:
      "Refunds your extra entry of a cancelled contest instead of the credit it gave back (billing history marks it refundable): the money goes back through the payment provider and the credit is taken back, one transaction. Asking again answers the refunded payment. Answers {payment, subscription}",
    access: "member",
    okBody: Schema.Struct({ payment: PaymentBody, subscription: SubscriptionBody }).annotate({
      identifier: "ExtraEntryRefund",
    }),
    params: Schema.Struct({ paymentId: Id }),
    responses: {
      404: "No such payment of yours",
      409: "NOT_REFUNDABLE: not an extra entry, not paid, its contest not cancelled, or its credit used",
    },
    handler: ({ params, caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const { payment } = yield* refundCancelledExtraEntry(member.id, params.paymentId)
        const subscription = yield* currentSubscription(member.id)
        return ok({
          payment: presentPayment(payment),
          subscription: presentSubscription(subscription),
        })
      }),
  }),
]
