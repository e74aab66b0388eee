import { Clock, Context, Effect, Layer, Option } from "effect"
import { type CheckoutSession, Payments } from "../../domain/billing/payments.port.ts"
import { priceOf } from "../../domain/billing/purchase.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { IdSource } from "../../domain/shared/id-source.port.ts"
import { InvalidWebhook, PaymentGateway } from "./payment-gateway.ts"
import {
  isOfflineExpired,
  type OfflineSession,
  OfflineSessions,
  offlineExpiresAt,
} from "./offline-sessions.ts"

/**
 * The offline checkout, the embedded default: a provider of our own that behaves like Stripe
 * Checkout without charging anything. A checkout is a session row; its URL is our own page
 * `/checkout/offline/:id` (clearly marked test mode) with Pay and Cancel; Pay marks the session
 * paid and sends the member to the return URL with `?session_id=…`, as the provider would.
 */

export interface OfflinePaymentsConfig {
  /** The site's address (PUBLIC_URL): the checkout page's origin when a return URL has none. */
  readonly publicUrl: string
}

/** What billing history shows as the "card" of an offline payment: no card was involved. */
export const OFFLINE_PAYMENT_METHOD = "Test mode (no card charged)"

export const OFFLINE_SESSION_PREFIX = "cs_offline_"

export const offlineCheckoutPath = (sessionId: string) => `/checkout/offline/${sessionId}`
export const offlineReceiptPath = (sessionId: string) => `/checkout/offline/${sessionId}/receipt`

/** The origin our pages are served from for this session: the return URL's (our own site). */
const originOf = (url: string, fallback: string): string => {
  try {
    return new URL(url).origin
  } catch {
    return new URL(fallback).origin
  }
}

const readSession = (session: OfflineSession, publicUrl: string, now: number): CheckoutSession => {
  const paid = session.status === "paid"
  return {
    id: session.id,
    paymentStatus: paid ? "paid" : "unpaid",
    // As Stripe tells it: a cancelled or lapsed session is expired, it can never be paid.
    status: paid
      ? "complete"
      : session.status === "cancelled" || isOfflineExpired(session, now)
        ? "expired"
        : "open",
    purchase: session.purchase,
    memberId: session.memberId,
    amountCents: session.amountCents,
    paymentMethod: paid ? OFFLINE_PAYMENT_METHOD : null,
    invoiceUrl: paid
      ? `${originOf(session.returnUrl, publicUrl)}${offlineReceiptPath(session.id)}`
      : null,
    expiresAt: offlineExpiresAt(session),
  }
}

export const makeOfflinePayments = (config: OfflinePaymentsConfig) =>
  Effect.gen(function* () {
    const sessions = yield* OfflineSessions
    const ids = yield* IdSource
    const complete = (status: "paid" | "cancelled") => (sessionId: string) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const found = yield* sessions.find(sessionId)
        // A lapsed checkout is not paid any more (cancelling it changes nothing either).
        if (Option.isSome(found) && isOfflineExpired(found.value, now)) return found
        return yield* sessions.complete(sessionId, status, now)
      })
    const pageUrl = (session: OfflineSession) =>
      `${originOf(session.returnUrl, config.publicUrl)}${offlineCheckoutPath(session.id)}`

    const payments = Payments.of({
      createCheckout: (request) =>
        Effect.gen(function* () {
          const session = yield* sessions.create({
            id: `${OFFLINE_SESSION_PREFIX}${yield* ids.newToken}`,
            idempotencyKey: request.idempotencyKey,
            memberId: request.memberId,
            purchase: request.purchase,
            amountCents: priceOf(request.purchase),
            status: "open",
            returnUrl: request.returnUrl,
            cancelUrl: request.cancelUrl,
            createdAt: yield* Clock.currentTimeMillis,
            completedAt: null,
          })
          return {
            checkoutSessionId: session.id,
            url: pageUrl(session),
            expiresAt: offlineExpiresAt(session),
          }
        }),
      resumeCheckout: (checkoutSessionId) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const found = yield* sessions.find(checkoutSessionId)
          return Option.flatMap(found, (session) =>
            session.status === "open" && !isOfflineExpired(session, now)
              ? Option.some({
                  checkoutSessionId: session.id,
                  url: pageUrl(session),
                  expiresAt: offlineExpiresAt(session),
                })
              : Option.none(),
          )
        }),
      retrieveSession: (checkoutSessionId) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const found = yield* sessions.find(checkoutSessionId)
          if (Option.isNone(found)) {
            return yield* new NotFound({ entity: "payment", id: checkoutSessionId })
          }
          return readSession(found.value, config.publicUrl, now)
        }),
      expireCheckout: (checkoutSessionId) =>
        Effect.gen(function* () {
          const after = yield* complete("cancelled")(checkoutSessionId)
          if (Option.isNone(after)) {
            return yield* new NotFound({ entity: "payment", id: checkoutSessionId })
          }
          // Cancelled now or before, or lapsed: it can never be paid. Paid: it stays paid.
          return after.value.status === "paid" ? ("complete" as const) : ("expired" as const)
        }),
      // An offline checkout is paid once: no plan bought here is ever charged again.
      cancelRecurring: () => Effect.void,
      // No money moved through the offline checkout: a paid session is all there is to refund.
      refund: (checkoutSessionId) =>
        Effect.gen(function* () {
          const found = yield* sessions.find(checkoutSessionId)
          if (Option.isNone(found) || found.value.status !== "paid") {
            return yield* new NotFound({ entity: "payment", id: checkoutSessionId })
          }
        }),
    })

    const gateway = PaymentGateway.of({
      provider: "offline",
      publicUrl: config.publicUrl,
      readWebhook: () =>
        Effect.fail(
          new InvalidWebhook({
            reason:
              "Webhooks come from Stripe, which is not configured (STRIPE_SECRET_KEY): the offline checkout completes payments itself",
          }),
        ),
      offline: {
        find: sessions.find,
        pay: complete("paid"),
        cancel: complete("cancelled"),
      },
    })
    return Context.make(Payments, payments).pipe(Context.add(PaymentGateway, gateway))
  })

/** Payments through the offline checkout (the default when STRIPE_SECRET_KEY is unset). */
export const layerOfflinePayments = (
  config: OfflinePaymentsConfig,
): Layer.Layer<Payments | PaymentGateway, never, OfflineSessions | IdSource> =>
  Layer.effectContext(makeOfflinePayments(config))
