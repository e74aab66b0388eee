import { Clock, Effect, Option, Schema } from "effect"
import {
  fulfilCheckout,
  MAX_OPEN_CHECKOUTS,
  settleCheckout,
  startCheckout,
  verifyCheckout,
} from "../../../domain/billing/checkout.use-case.ts"
import type { Purchase } from "../../../domain/billing/payment.entity.ts"
import { parseTier } from "../../../domain/plans/plans.ts"
import { ValidationFailed } from "../../../domain/shared/errors.ts"
import { applyWebhookEvent } from "../../payments/apply-webhook-event.ts"
import { t } from "../../i18n/server-i18n.ts"
import { checkoutPage, receiptPage } from "../../payments/offline-checkout-page.ts"
import { offlineCheckoutPath, offlineReceiptPath } from "../../payments/offline-payments.ts"
import { isOfflineExpired, type OfflineSession } from "../../payments/offline-sessions.ts"
import { type OfflineCheckout, PaymentGateway } from "../../payments/payment-gateway.ts"
import { HttpRefusal } from "../http-errors.ts"
import { presentPayment, presentSubscription } from "../presenters.ts"
import { ok, type RawRequest, type Reply, route } from "../route.ts"
import { Id } from "../schemas.ts"
import { actingAsClaimed, MemberIdFields } from "./shared.ts"
import { CheckoutBody, VerifiedCheckoutBody } from "../account.schema.ts"

/**
 * Payments (§4 "Payment return", "Tier purchase", "Subscribe flow"; §7): checkout for an extra
 * entry or a plan, the return page's verification, the provider's webhook, and — without Stripe —
 * the offline checkout's own pages. Fulfilment is keyed by the checkout session id, so whichever
 * of the webhook and the verification comes first grants the purchase, once.
 */

/** A checkout session id: Stripe's `cs_…` (up to ~70 characters) or ours, `cs_offline_…`. */
const SessionId = Schema.String.check(
  Schema.isMinLength(1),
  Schema.isMaxLength(255),
  Schema.isPattern(/^[A-Za-z0-9_-]+$/),
)

const ReturnUrl = Schema.optional(Schema.String.check(Schema.isMaxLength(2000)))

/** Where the site's pages live: the return page and the cancelled page (§2 "Payment pages"). */
export const PAYMENT_SUCCESS_PATH = "/payment-success"
export const PAYMENT_CANCEL_PATH = "/payment-cancel"

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).host
  } catch {
    return undefined
  }
}

/**
 * The return and cancel URLs of a checkout: the returnUrl the browser sent if it is on our own
 * site (this server's host or PUBLIC_URL's), resolved if relative; otherwise our own return page.
 * A foreign address is never used, so checkout cannot be turned into an open redirect.
 */
export const checkoutUrls = (requested: string | undefined, raw: RawRequest, publicUrl: string) => {
  const ownHosts = new Set([hostOf(raw.origin), hostOf(publicUrl)].filter(Boolean))
  // Behind a TLS proxy without TRUST_PROXY our own origin reads as http; PUBLIC_URL knows better.
  const site = hostOf(publicUrl) === hostOf(raw.origin) ? new URL(publicUrl).origin : raw.origin
  let returnUrl = new URL(PAYMENT_SUCCESS_PATH, site)
  if (requested !== undefined && requested.trim() !== "") {
    try {
      const candidate = new URL(requested.trim(), site)
      if (
        (candidate.protocol === "https:" || candidate.protocol === "http:") &&
        ownHosts.has(candidate.host) &&
        candidate.username === "" &&
        candidate.password === ""
      ) {
        returnUrl = candidate
      }
    } catch {
      // Not a URL at all: our own return page.
    }
  }
  returnUrl.hash = ""
  returnUrl.searchParams.delete("session_id")
  return {
    returnUrl: returnUrl.toString(),
    /** The cancel page, told which ledger row was given up (`?payment=…`, read by the page). */
    cancelUrlFor: (paymentId: string) => {
      const cancelUrl = new URL(PAYMENT_CANCEL_PATH, returnUrl.origin)
      cancelUrl.searchParams.set("payment", paymentId)
      return cancelUrl.toString()
    },
  }
}

/** `url` with `?session_id=…` (or `&session_id=…`), as the provider returns the member. */
export const withSessionId = (url: string, sessionId: string) => {
  const target = new URL(url)
  target.searchParams.set("session_id", sessionId)
  return target.toString()
}

const checkoutReply = (checkout: { checkoutSessionId: string; url: string }): Reply =>
  ok({ sessionId: checkout.checkoutSessionId, url: checkout.url, sessionUrl: checkout.url })

const startFor = (
  memberId: string,
  purchase: Purchase,
  requested: string | undefined,
  raw: RawRequest,
  contestId: string | null = null,
) =>
  Effect.gen(function* () {
    const gateway = yield* PaymentGateway
    const urls = checkoutUrls(requested, raw, gateway.publicUrl)
    const { checkout } = yield* startCheckout({
      memberId,
      purchase,
      contestId,
      ...urls,
      language: raw.language,
    })
    return checkoutReply(checkout)
  })

const html = (status: number, body: string): Reply => ({
  status,
  body,
  headers: {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
  },
})

const seeOther = (location: string): Reply => ({
  status: 303,
  headers: { Location: location, "Cache-Control": "no-store" },
})

/** No offline checkout by this id (or Stripe hosts checkout): the API's JSON 404, like any. */
const noSuchCheckout = () =>
  Effect.die(
    new HttpRefusal(404, "NOT_FOUND", "No such checkout: the link is unknown or no longer valid"),
  )

/** The offline checkout behind a page, or a 404 (also whenever Stripe hosts checkout). */
const offlinePage = <E, R>(
  sessionId: string,
  use: (offline: OfflineCheckout, session: OfflineSession) => Effect.Effect<Reply, E, R>,
) =>
  Effect.gen(function* () {
    const offline = (yield* PaymentGateway).offline
    if (offline === null) return yield* noSuchCheckout()
    const found = yield* offline.find(sessionId)
    if (Option.isNone(found)) return yield* noSuchCheckout()
    return yield* use(offline, found.value)
  })

const SessionParams = Schema.Struct({ sessionId: SessionId })

/** What the start routes answer when the member has too many checkouts open. */
const TOO_MANY_OPEN = `${MAX_OPEN_CHECKOUTS} checkouts of yours are open already (TOO_MANY_OPEN_CHECKOUTS): pay, cancel or let one expire first`

const OFFLINE_ONLY = {
  404: "No such checkout, or Stripe hosts checkout (the offline pages are off)",
}

export const paymentRoutes = [
  route({
    method: "POST",
    path: "/api/stripe/checkout-session",
    tag: "payments",
    summary:
      "Opens a checkout for one extra entry ($2.99, one credit): {sessionId, url}; the browser goes to url (Stripe Checkout, or the offline test-mode page). returnUrl must be on this site (else /payment-success); the member comes back to it with ?session_id=…. A checkout of yours for the same contest's extra entry that is still open is answered again instead of a new one",
    access: "member",
    okBody: CheckoutBody,
    body: Schema.Struct({
      ...MemberIdFields,
      contestId: Schema.optional(Id),
      returnUrl: ReturnUrl,
    }),
    responses: { 403: "A userId that is not the signed-in member's", 429: TOO_MANY_OPEN },
    handler: ({ body, caller, raw }) =>
      Effect.gen(function* () {
        const member = yield* actingAsClaimed(caller, body)
        return yield* startFor(
          member.id,
          { kind: "extra-entry" },
          body.returnUrl,
          raw,
          body.contestId ?? null,
        )
      }),
  }),
  route({
    method: "POST",
    path: "/api/stripe/subscription-session",
    tag: "payments",
    summary:
      "Opens a checkout for a monthly plan (lite, pro or champ, at the plan table's price): {sessionId, url}. The plan you already have is refused (409 ALREADY_SUBSCRIBED); free is not for sale. A checkout of yours for the same plan that is still open is answered again instead of a new one",
    access: "member",
    okBody: CheckoutBody,
    body: Schema.Struct({
      ...MemberIdFields,
      planTier: Schema.String.check(Schema.isMaxLength(40)),
      returnUrl: ReturnUrl,
    }),
    responses: {
      403: "A userId that is not the signed-in member's",
      409: "You are already on this plan (ALREADY_SUBSCRIBED)",
      429: TOO_MANY_OPEN,
    },
    handler: ({ body, caller, raw }) =>
      Effect.gen(function* () {
        const member = yield* actingAsClaimed(caller, body)
        const tier = parseTier(body.planTier)
        if (tier === undefined) {
          return yield* new ValidationFailed({
            issues: [
              {
                field: "planTier",
                title: "Unknown plan",
                message: "planTier must be one of lite, pro or champ",
              },
            ],
          })
        }
        return yield* startFor(member.id, { kind: "plan", tier }, body.returnUrl, raw)
      }),
  }),
  route({
    method: "GET",
    path: "/api/stripe/verify-session",
    tag: "payments",
    summary:
      "The return page's check: {session: {id, payment_status, metadata: {planTier, purchase}}, subscription, payment}. A paid session not fulfilled yet is fulfilled now (once, whoever asks first: this or the webhook). Only your own sessions",
    access: "member",
    okBody: VerifiedCheckoutBody,
    query: Schema.Struct({ sessionId: SessionId, ...MemberIdFields }),
    responses: {
      403: "A userId that is not the signed-in member's",
      404: "No such checkout session of yours",
    },
    handler: ({ query, caller }) =>
      Effect.gen(function* () {
        const member = yield* actingAsClaimed(caller, query)
        const verified = yield* verifyCheckout(query.sessionId, member.id)
        const purchase = verified.payment.purchase
        return ok({
          session: {
            id: verified.payment.checkoutSessionId,
            payment_status: verified.paymentStatus,
            metadata: {
              planTier: purchase.kind === "plan" ? purchase.tier : null,
              purchase: purchase.kind,
            },
          },
          subscription: presentSubscription(verified.subscription),
          payment: presentPayment(verified.payment),
        })
      }),
  }),
  route({
    method: "POST",
    path: "/api/stripe/webhook",
    tag: "payments",
    summary:
      "Stripe's webhook (checkout.session.completed and .expired, invoice.paid, customer.subscription.updated and .deleted, charge.refunded), verified by its Stripe-Signature on the raw body. Answers {received: true, result}",
    access: "public",
    responses: {
      400: "A missing, wrong or stale signature, or a body that is not JSON: nothing is applied",
      404: "Offline checkout: there is no provider to send webhooks",
    },
    handler: ({ raw }) =>
      Effect.gen(function* () {
        const gateway = yield* PaymentGateway
        if (gateway.provider === "offline") {
          return yield* Effect.die(
            new HttpRefusal(
              404,
              "NOT_FOUND",
              "No webhooks without Stripe (STRIPE_SECRET_KEY): the offline checkout completes payments itself",
            ),
          )
        }
        if (raw.body === undefined) {
          return yield* Effect.die(
            new HttpRefusal(400, "BAD_REQUEST", "The webhook body must be JSON (application/json)"),
          )
        }
        const event = yield* gateway
          .readWebhook(raw.body, raw.header("stripe-signature"))
          .pipe(
            Effect.catchTag("InvalidWebhook", (error) =>
              Effect.die(new HttpRefusal(400, "INVALID_SIGNATURE", error.message)),
            ),
          )
        return ok({ received: true, result: yield* applyWebhookEvent(event) })
      }),
  }),
  route({
    method: "GET",
    path: "/checkout/offline/:sessionId",
    tag: "payments",
    summary:
      "The offline checkout page (no STRIPE_SECRET_KEY): the order with Pay and Cancel, marked TEST MODE — no card is charged. HTML",
    access: "public",
    params: SessionParams,
    responses: OFFLINE_ONLY,
    handler: ({ params, raw }) =>
      offlinePage(params.sessionId, (_offline, session) =>
        Effect.map(Clock.currentTimeMillis, (now) =>
          html(
            200,
            checkoutPage(
              session,
              {
                pay: `${offlineCheckoutPath(session.id)}/pay`,
                cancel: `${offlineCheckoutPath(session.id)}/cancel`,
                receipt: offlineReceiptPath(session.id),
              },
              now,
              t(raw.language),
            ),
          ),
        ),
      ),
  }),
  route({
    method: "POST",
    path: "/checkout/offline/:sessionId/pay",
    tag: "payments",
    summary:
      "Pays an offline checkout (test mode): the session becomes paid, the purchase is fulfilled as by a webhook, and the browser is sent (303) to the return URL with ?session_id=…",
    access: "public",
    params: SessionParams,
    responses: {
      303: "To the return URL (or back to the page if it was cancelled)",
      ...OFFLINE_ONLY,
    },
    handler: ({ params }) =>
      offlinePage(params.sessionId, (offline, session) =>
        Effect.gen(function* () {
          const paid = Option.getOrElse(yield* offline.pay(session.id), () => session)
          if (paid.status !== "paid") {
            // Too late: the checkout lapsed, and billing history says so from now on.
            if (isOfflineExpired(paid, yield* Clock.currentTimeMillis)) {
              yield* settleCheckout(paid.id, "expired")
            }
            return seeOther(offlineCheckoutPath(session.id))
          }
          // The provider's completion event: the same fulfilment a webhook triggers.
          yield* fulfilCheckout(paid.id)
          return seeOther(withSessionId(paid.returnUrl, paid.id))
        }),
      ),
  }),
  route({
    method: "POST",
    path: "/checkout/offline/:sessionId/cancel",
    tag: "payments",
    summary:
      "Cancels an offline checkout: nothing is charged, billing history shows it cancelled; the browser is sent (303) to /payment-cancel (or back to the page if it was paid or has expired)",
    access: "public",
    params: SessionParams,
    responses: { 303: "To the cancel URL", ...OFFLINE_ONLY },
    handler: ({ params }) =>
      offlinePage(params.sessionId, (offline, session) =>
        Effect.gen(function* () {
          const after = Option.getOrElse(yield* offline.cancel(session.id), () => session)
          if (after.status !== "cancelled") return seeOther(offlineCheckoutPath(session.id))
          yield* settleCheckout(after.id, "cancelled")
          return seeOther(after.cancelUrl)
        }),
      ),
  }),
  route({
    method: "GET",
    path: "/checkout/offline/:sessionId/receipt",
    tag: "payments",
    summary: "The receipt of a paid offline checkout (billing history's invoice link). HTML",
    access: "public",
    params: SessionParams,
    responses: { 404: "No such paid checkout, or Stripe hosts checkout" },
    handler: ({ params, raw }) =>
      offlinePage(params.sessionId, (_offline, session) =>
        session.status === "paid"
          ? Effect.succeed(html(200, receiptPage(session, t(raw.language))))
          : noSuchCheckout(),
      ),
  }),
]
