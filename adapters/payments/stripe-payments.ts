import { Context, Effect, Layer, Option } from "effect"
import Stripe from "stripe"
import type { Purchase } from "../../domain/billing/payment.entity.ts"
import {
  type CheckoutPaymentStatus,
  type CheckoutSession,
  type CheckoutSessionStatus,
  Payments,
} from "../../domain/billing/payments.port.ts"
import { priceOf } from "../../domain/billing/purchase.ts"
import { isTier, PLANS, type Tier, TIERS } from "../../domain/plans/plans.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { t } from "../i18n/server-i18n.ts"
import { InvalidWebhook, PaymentGateway, type WebhookEvent } from "./payment-gateway.ts"
import { purchaseLabelIn } from "./purchase-label.ts"

/**
 * Payments through Stripe Checkout (when STRIPE_SECRET_KEY is set): a Checkout Session per
 * purchase — mode "payment" for an extra entry, "subscription" for a plan (a monthly price from the
 * plan table, inline) — with our metadata {memberId, purchase, tier} on the session and on what it
 * creates, so webhooks can be read without a lookup table. Every POST carries an Idempotency-Key.
 * Webhooks are verified on their raw body with the endpoint's signing secret.
 */

export interface StripePaymentsConfig {
  readonly secretKey: string
  readonly webhookSecret: string
  /** The API's address, e.g. http://127.0.0.1:12111 for a local fake; default api.stripe.com. */
  readonly apiHost?: string | undefined
  /** The site's address (PUBLIC_URL), where return URLs may point. */
  readonly publicUrl?: string | undefined
}

const DEFAULT_STRIPE_PUBLIC_URL = "http://localhost:3000"

/** How many seconds old a webhook signature may be (Stripe's default: 5 minutes). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

export const makeStripeClient = (config: StripePaymentsConfig): Stripe => {
  const api = config.apiHost ? new URL(config.apiHost) : undefined
  return new Stripe(config.secretKey, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
          protocol: api.protocol === "http:" ? "http" : "https",
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Colorday" },
  })
}

interface OurMetadata {
  readonly memberId: string
  readonly purchase: Purchase["kind"]
  readonly tier?: Tier
}

const metadataOf = (memberId: string, purchase: Purchase): Record<string, string> => ({
  memberId,
  purchase: purchase.kind,
  ...(purchase.kind === "plan" ? { tier: purchase.tier } : {}),
})

/** Our metadata on a Stripe object, or undefined when the object is not one of ours. */
const readMetadata = (metadata: Stripe.Metadata | null | undefined): OurMetadata | undefined => {
  const memberId = metadata?.memberId
  const kind = metadata?.purchase
  if (!memberId || (kind !== "plan" && kind !== "extra-entry")) return undefined
  const tier = metadata.tier
  if (kind === "plan") return isTier(tier) ? { memberId, purchase: kind, tier } : undefined
  return { memberId, purchase: kind }
}

const purchaseOf = (metadata: OurMetadata): Purchase =>
  metadata.purchase === "plan" && metadata.tier
    ? { kind: "plan", tier: metadata.tier }
    : { kind: "extra-entry" }

const BRANDS: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  diners: "Diners Club",
  jcb: "JCB",
  unionpay: "UnionPay",
}

/** "Visa •••• 4242": what billing history shows; never more of the number than Stripe gives. */
export const maskCard = (brand: string | null | undefined, last4: string | null | undefined) =>
  last4 ? `${BRANDS[brand ?? ""] ?? (brand ? brand : "Card")} •••• ${last4}` : null

const maskedPaymentMethod = (method: string | Stripe.PaymentMethod | null | undefined) =>
  typeof method === "object" && method !== null
    ? (maskCard(method.card?.brand, method.card?.last4) ?? method.type)
    : null

const idOf = (value: string | { readonly id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null)

/** The paid tier of a Stripe subscription: by its price (the plan table's), else our metadata. */
const tierOfSubscription = (subscription: Stripe.Subscription): Tier | undefined => {
  const amount = subscription.items.data[0]?.price.unit_amount
  const byPrice = TIERS.find((tier) => tier !== "free" && PLANS[tier].priceCents === amount)
  return byPrice ?? readMetadata(subscription.metadata)?.tier
}

const paymentStatusOf = (status: string): CheckoutPaymentStatus =>
  status === "paid" ? "paid" : status === "no_payment_required" ? "no_payment_required" : "unpaid"

const sessionStatusOf = (status: string | null): CheckoutSessionStatus =>
  status === "complete" ? "complete" : status === "expired" ? "expired" : "open"

const isStripeNotFound = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  (error.statusCode === 404 || error.code === "resource_missing")

/** A request Stripe refused as invalid in the state things are in (400), e.g. expiring a paid session. */
const isInvalidRequest = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400

export const makeStripePayments = (config: StripePaymentsConfig, stripe: Stripe) => {
  const call = <A>(request: () => Promise<A>) => Effect.promise(request)

  const readSession = (session: Stripe.Checkout.Session): CheckoutSession | undefined => {
    const metadata = readMetadata(session.metadata)
    if (!metadata) return undefined
    const paymentIntent = typeof session.payment_intent === "object" ? session.payment_intent : null
    const subscription = typeof session.subscription === "object" ? session.subscription : null
    const invoice = typeof session.invoice === "object" ? session.invoice : null
    return {
      id: session.id,
      paymentStatus: paymentStatusOf(session.payment_status),
      status: sessionStatusOf(session.status),
      purchase: purchaseOf(metadata),
      memberId: metadata.memberId,
      amountCents: session.amount_total ?? priceOf(purchaseOf(metadata)),
      paymentMethod:
        maskedPaymentMethod(paymentIntent?.payment_method) ??
        maskedPaymentMethod(subscription?.default_payment_method),
      invoiceUrl: invoice?.hosted_invoice_url ?? null,
      expiresAt: typeof session.expires_at === "number" ? session.expires_at * 1000 : null,
    }
  }

  /** A Stripe subscription that no longer charges anything. */
  const ENDED: ReadonlyArray<Stripe.Subscription.Status> = ["canceled", "incomplete_expired"]

  /**
   * The subscription a plan's checkout session started, cancelled now if it still runs. Only
   * checkout sessions (`cs_`) start one: a renewal's row (an invoice id) belongs to a
   * subscription whose checkout has its own row, and our offline sessions never reached Stripe.
   */
  const cancelSubscriptionOf = (checkoutSessionId: string) =>
    Effect.gen(function* () {
      if (!checkoutSessionId.startsWith("cs_") || checkoutSessionId.startsWith("cs_offline_")) {
        return
      }
      const session = yield* Effect.tryPromise({
        try: () =>
          stripe.checkout.sessions.retrieve(checkoutSessionId, { expand: ["subscription"] }),
        catch: (error) => error,
      }).pipe(
        Effect.catch((error) =>
          isStripeNotFound(error) ? Effect.succeed(null) : Effect.die(error),
        ),
      )
      const subscription = typeof session?.subscription === "object" ? session.subscription : null
      if (!subscription || ENDED.includes(subscription.status)) return
      yield* Effect.tryPromise({
        try: () => stripe.subscriptions.cancel(subscription.id),
        catch: (error) => error,
      }).pipe(
        // Cancelled meanwhile (by the member in Stripe's portal): what was asked is done.
        Effect.catch((error) => (isStripeNotFound(error) ? Effect.void : Effect.die(error))),
      )
    })

  const payments = Payments.of({
    createCheckout: (request) =>
      call(async () => {
        const metadata = metadataOf(request.memberId, request.purchase)
        const plan = request.purchase.kind === "plan"
        const separator = request.returnUrl.includes("?") ? "&" : "?"
        const session = await stripe.checkout.sessions.create(
          {
            mode: plan ? "subscription" : "payment",
            client_reference_id: request.memberId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: priceOf(request.purchase),
                  product_data: {
                    name: purchaseLabelIn(t(request.language), request.purchase),
                  },
                  ...(plan ? { recurring: { interval: "month" as const } } : {}),
                },
              },
            ],
            success_url: `${request.returnUrl}${separator}session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: request.cancelUrl,
            // Stripe's page in the page's language; without one, Stripe follows the browser's.
            locale: request.language ?? "auto",
            metadata,
            ...(plan
              ? { subscription_data: { metadata } }
              : {
                  payment_intent_data: { metadata },
                  // An invoice gives the member a receipt link in billing history.
                  invoice_creation: { enabled: true, invoice_data: { metadata } },
                }),
          },
          { idempotencyKey: request.idempotencyKey },
        )
        if (!session.url)
          throw new Error(`Stripe returned checkout session ${session.id} without a URL`)
        return {
          checkoutSessionId: session.id,
          url: session.url,
          expiresAt: session.expires_at * 1000,
        }
      }),
    resumeCheckout: (checkoutSessionId) =>
      Effect.tryPromise({
        try: () => stripe.checkout.sessions.retrieve(checkoutSessionId),
        catch: (error) => error,
      }).pipe(
        Effect.map((session) =>
          session.status === "open" && session.url && readMetadata(session.metadata)
            ? Option.some({
                checkoutSessionId: session.id,
                url: session.url,
                expiresAt: session.expires_at * 1000,
              })
            : Option.none(),
        ),
        Effect.catch((error) =>
          isStripeNotFound(error) ? Effect.succeed(Option.none()) : Effect.die(error),
        ),
      ),
    retrieveSession: (checkoutSessionId) =>
      Effect.tryPromise({
        try: () =>
          stripe.checkout.sessions.retrieve(checkoutSessionId, {
            expand: [
              "payment_intent.payment_method",
              "invoice",
              "subscription.default_payment_method",
            ],
          }),
        catch: (error) => error,
      }).pipe(
        Effect.catch((error) =>
          isStripeNotFound(error)
            ? Effect.fail(new NotFound({ entity: "payment", id: checkoutSessionId }))
            : Effect.die(error),
        ),
        Effect.flatMap((session) => {
          const read = readSession(session)
          return read
            ? Effect.succeed(read)
            : Effect.fail(new NotFound({ entity: "payment", id: checkoutSessionId }))
        }),
      ),
    expireCheckout: (checkoutSessionId) =>
      Effect.gen(function* () {
        const missing = new NotFound({ entity: "payment", id: checkoutSessionId })
        const expired = yield* Effect.tryPromise({
          try: () => stripe.checkout.sessions.expire(checkoutSessionId),
          catch: (error) => error,
        }).pipe(
          Effect.catch((error) =>
            isStripeNotFound(error)
              ? Effect.fail(missing)
              : // Stripe expires only open sessions: one paid or expired meanwhile is read below.
                isInvalidRequest(error)
                ? Effect.succeed(null)
                : Effect.die(error),
          ),
        )
        const session =
          expired ??
          (yield* Effect.tryPromise({
            try: () => stripe.checkout.sessions.retrieve(checkoutSessionId),
            catch: (error) => error,
          }).pipe(
            Effect.catch((error) =>
              isStripeNotFound(error) ? Effect.fail(missing) : Effect.die(error),
            ),
          ))
        const status = sessionStatusOf(session.status)
        if (status === "open") {
          return yield* Effect.die(
            new Error(
              `Stripe left checkout session ${checkoutSessionId} open when asked to expire it`,
            ),
          )
        }
        return status
      }),
    cancelRecurring: (paymentKeys) =>
      Effect.forEach([...new Set(paymentKeys)], cancelSubscriptionOf, { discard: true }),
    refund: (checkoutSessionId) =>
      Effect.gen(function* () {
        const missing = new NotFound({ entity: "payment", id: checkoutSessionId })
        const session = yield* Effect.tryPromise({
          try: () => stripe.checkout.sessions.retrieve(checkoutSessionId),
          catch: (error) => error,
        }).pipe(
          Effect.catch((error) =>
            isStripeNotFound(error) ? Effect.fail(missing) : Effect.die(error),
          ),
        )
        const paymentIntent = idOf(session.payment_intent)
        if (session.payment_status !== "paid" || !paymentIntent) return yield* missing
        // One refund however often it is asked for: the key names the checkout session.
        yield* call(() =>
          stripe.refunds.create(
            { payment_intent: paymentIntent },
            { idempotencyKey: `refund-${checkoutSessionId}` },
          ),
        )
      }),
  })

  /** The checkout session a single page of a Stripe list call found, if any. */
  const firstSessionId = (params: Stripe.Checkout.SessionListParams) =>
    call(() => stripe.checkout.sessions.list({ ...params, limit: 1 })).pipe(
      Effect.map((page) => page.data[0]?.id ?? null),
    )

  /**
   * Which ledger row a refunded charge belongs to: the checkout session that took the payment
   * (an extra entry), or — for a plan — its first invoice's checkout session, or a later
   * month's invoice (the ledger keys renewals by invoice id).
   */
  const paymentKeyOfCharge = (charge: Stripe.Charge) =>
    Effect.gen(function* () {
      const paymentIntent = idOf(charge.payment_intent)
      if (!paymentIntent) return null
      const bySession = yield* firstSessionId({ payment_intent: paymentIntent })
      if (bySession) return bySession
      const invoicePayments = yield* call(() =>
        stripe.invoicePayments.list({
          payment: { type: "payment_intent", payment_intent: paymentIntent },
          limit: 1,
        }),
      )
      const invoiceId = idOf(invoicePayments.data[0]?.invoice)
      if (!invoiceId) return null
      const invoice = yield* call(() => stripe.invoices.retrieve(invoiceId))
      if (invoice.billing_reason !== "subscription_create") return invoice.id
      const subscription = idOf(invoice.parent?.subscription_details?.subscription)
      return subscription ? yield* firstSessionId({ subscription }) : null
    })

  const ignored = (type: string, reason: string): WebhookEvent => ({
    kind: "ignored",
    type,
    reason,
  })

  const readEvent = (event: Stripe.Event): Effect.Effect<WebhookEvent> => {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        return Effect.succeed({
          kind: "checkout-completed",
          checkoutSessionId: event.data.object.id,
        })
      case "checkout.session.expired":
        return Effect.succeed({
          kind: "checkout-expired",
          checkoutSessionId: event.data.object.id,
        })
      case "invoice.paid": {
        const invoice = event.data.object
        // The first invoice is the checkout's own: checkout.session.completed fulfils it.
        if (invoice.billing_reason === "subscription_create") {
          return Effect.succeed(ignored(event.type, "the checkout's first invoice"))
        }
        const metadata = readMetadata(invoice.parent?.subscription_details?.metadata)
        if (!metadata?.tier || metadata.tier === "free") {
          return Effect.succeed(ignored(event.type, "not an invoice of a Colorday plan"))
        }
        return Effect.succeed({
          kind: "period-paid",
          invoiceId: invoice.id,
          memberId: metadata.memberId,
          tier: metadata.tier,
          amountCents: invoice.amount_paid,
          invoiceUrl: invoice.hosted_invoice_url ?? null,
          paymentMethod: null,
        })
      }
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const subscription = event.data.object
        const metadata = readMetadata(subscription.metadata)
        const tier = tierOfSubscription(subscription)
        if (!metadata || !tier) {
          return Effect.succeed(ignored(event.type, "not a subscription to a Colorday plan"))
        }
        const ended =
          event.type === "customer.subscription.deleted" ||
          ["canceled", "unpaid", "incomplete_expired"].includes(subscription.status)
        if (ended) {
          // The plan that ends is the one the member had bought (a portal change keeps metadata).
          return Effect.succeed({ kind: "plan-ended", memberId: metadata.memberId, tier })
        }
        if (subscription.status !== "active" && subscription.status !== "past_due") {
          return Effect.succeed(ignored(event.type, `subscription ${subscription.status}`))
        }
        return Effect.succeed({ kind: "plan-changed", memberId: metadata.memberId, tier })
      }
      case "charge.refunded": {
        const charge = event.data.object
        if (!charge.refunded) {
          return Effect.succeed(ignored(event.type, "a partial refund takes nothing back"))
        }
        return Effect.map(paymentKeyOfCharge(charge), (paymentKey): WebhookEvent =>
          paymentKey
            ? { kind: "refunded", paymentKey }
            : ignored(event.type, "no Colorday payment for this charge"),
        )
      }
      default:
        return Effect.succeed(ignored(event.type, "not an event Colorday uses"))
    }
  }

  const gateway = PaymentGateway.of({
    provider: "stripe",
    publicUrl: config.publicUrl ?? DEFAULT_STRIPE_PUBLIC_URL,
    readWebhook: (rawBody, signature) =>
      (config.webhookSecret === ""
        ? Effect.fail(
            new InvalidWebhook({
              reason: "STRIPE_WEBHOOK_SECRET is not set, so no webhook can be verified",
            }),
          )
        : Effect.void
      ).pipe(
        Effect.andThen(
          Effect.try({
            try: () =>
              stripe.webhooks.constructEvent(
                rawBody,
                signature,
                config.webhookSecret,
                WEBHOOK_TOLERANCE_SECONDS,
              ),
            catch: (error) =>
              new InvalidWebhook({
                reason: `The webhook signature does not verify: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
              }),
          }),
        ),
        Effect.flatMap(readEvent),
      ),
    offline: null,
  })

  return Context.make(Payments, payments).pipe(Context.add(PaymentGateway, gateway))
}

/** Payments through Stripe Checkout and its signed webhooks. */
export const layerStripePayments = (
  config: StripePaymentsConfig,
): Layer.Layer<Payments | PaymentGateway> =>
  Layer.succeedContext(makeStripePayments(config, makeStripeClient(config)))
