import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A local fake of the parts of the Stripe API Colorday calls, on 127.0.0.1, for the stripe SDK
 * to talk to (its host, port and protocol point here). It answers with JSON shaped like Stripe's
 * (ids, `object`, lists, `resource_missing` errors), honours `expand`, replays a POST sent again
 * with the same Idempotency-Key, and records every request so tests can check what was sent.
 *
 *   POST /v1/checkout/sessions            GET /v1/checkout/sessions/:id
 *   POST /v1/checkout/sessions/:id/expire (an open session only; else 400, as Stripe answers)
 *   GET  /v1/checkout/sessions?payment_intent=…|subscription=…
 *   GET  /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=…
 *   GET  /v1/invoices/:id
 *   DELETE /v1/subscriptions/:id          (cancels it now: status "canceled")
 *   POST /v1/refunds                      (payment_intent=…: a full refund of a succeeded one)
 *
 * `complete(sessionId)` plays the customer paying on Stripe's page: the session becomes paid,
 * with the PaymentIntent, card, invoice (and, for a plan, subscription) Stripe would create.
 */

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingMessage["headers"]
  /** The form-encoded body, decoded into nested objects (arrays stay objects keyed "0", "1"…). */
  readonly params: Record<string, unknown>
}

type Json = Record<string, unknown>

const random = (length = 24) =>
  Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) =>
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".charAt(byte % 62),
  ).join("")

/** `a[b][0][c]=v` pairs into { a: { b: { 0: { c: v } } } }, as Stripe reads form bodies. */
export const decodeForm = (text: string): Record<string, unknown> => {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[")
    let node = root
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value
        return
      }
      node[part] ??= {}
      node = node[part] as Record<string, unknown>
    })
  }
  return root
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    request.on("error", reject)
  })

export const FAKE_CARD = { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 }

export const startFakeStripe = async (options: { readonly secretKey: string }) => {
  const requests: Array<RecordedRequest> = []
  const sessions = new Map<string, Json>()
  const paymentIntents = new Map<string, Json>()
  const paymentMethods = new Map<string, Json>()
  const invoices = new Map<string, Json>()
  const subscriptions = new Map<string, Json>()
  const invoicePayments: Array<Json> = []
  const paymentIntentOfSession = new Map<string, string>()
  const byIdempotencyKey = new Map<string, { status: number; body: Json }>()
  /** Milliseconds every answer waits, as a real network would (races widen with it). */
  let latencyMs = 0

  const now = () => Math.floor(Date.now() / 1000)

  const missing = (kind: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "id",
        message: `No such ${kind}: '${id}'`,
        doc_url: "https://stripe.com/docs/error-codes/resource-missing",
      },
    },
  })

  const list = (path: string, data: ReadonlyArray<Json>) => ({
    status: 200,
    body: { object: "list", data, has_more: false, url: path },
  })

  /** The expand paths a request asked for (expand[]=…, expand[0]=…). */
  const expansionsOf = (query: URLSearchParams) =>
    [...query.entries()].filter(([key]) => /^expand(\[\d*\])?$/.test(key)).map(([, v]) => v)

  const expand = (object: Json, paths: ReadonlyArray<string>): Json => {
    const copy: Json = { ...object }
    for (const path of paths) {
      const [head, ...rest] = path.split(".")
      if (!head) continue
      const id = copy[head]
      if (typeof id !== "string") continue
      const target =
        paymentIntents.get(id) ??
        paymentMethods.get(id) ??
        invoices.get(id) ??
        subscriptions.get(id) ??
        undefined
      if (target) copy[head] = rest.length > 0 ? expand(target, [rest.join(".")]) : { ...target }
    }
    return copy
  }

  const createSession = (params: Record<string, unknown>): Json => {
    const lineItem = ((params.line_items as Json | undefined)?.["0"] ?? {}) as Json
    const price = (lineItem.price_data ?? {}) as Json
    const amount = Number(price.unit_amount ?? 0)
    const id = `cs_test_${random(58)}`
    const session: Json = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now(),
      currency: price.currency ?? "usd",
      customer: null,
      customer_details: null,
      expires_at: now() + 24 * 3600,
      invoice: null,
      livemode: false,
      metadata: params.metadata ?? {},
      mode: params.mode,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: params.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
    }
    sessions.set(id, session)
    return session
  }

  const route = (
    method: string,
    path: string,
    query: URLSearchParams,
    params: Record<string, unknown>,
  ): { status: number; body: Json } => {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      return { status: 200, body: createSession(params) }
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const paymentIntent = query.get("payment_intent")
      const subscription = query.get("subscription")
      return list(
        path,
        [...sessions.values()].filter(
          (s) =>
            (paymentIntent === null || s.payment_intent === paymentIntent) &&
            (subscription === null || s.subscription === subscription),
        ),
      )
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (method === "GET" && session?.[1]) {
      const found = sessions.get(session[1])
      return found
        ? { status: 200, body: expand(found, expansionsOf(query)) }
        : missing("checkout.session", session[1])
    }
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
    if (method === "POST" && expiring?.[1]) {
      const found = sessions.get(expiring[1])
      if (!found) return missing("checkout.session", expiring[1])
      if (found.status !== "open") {
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(found.status)}\`.`,
            },
          },
        }
      }
      const expired: Json = { ...found, status: "expired", url: null }
      sessions.set(expiring[1], expired)
      return { status: 200, body: expired }
    }
    if (method === "GET" && path === "/v1/invoice_payments") {
      const paymentIntent = query.get("payment[payment_intent]")
      return list(
        path,
        invoicePayments.filter(
          (p) => (p.payment as Json | undefined)?.payment_intent === paymentIntent,
        ),
      )
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)
    if (method === "DELETE" && subscription?.[1]) {
      const found = subscriptions.get(subscription[1])
      if (!found) return missing("subscription", subscription[1])
      const cancelled: Json = { ...found, status: "canceled", canceled_at: now(), ended_at: now() }
      subscriptions.set(subscription[1], cancelled)
      return { status: 200, body: cancelled }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = typeof params.payment_intent === "string" ? params.payment_intent : ""
      const found = paymentIntents.get(paymentIntent)
      if (!found) return missing("payment_intent", paymentIntent)
      const refund: Json = {
        id: `re_${random()}`,
        object: "refund",
        amount: found.amount,
        currency: "usd",
        payment_intent: paymentIntent,
        status: "succeeded",
      }
      return { status: 200, body: refund }
    }
    const invoice = /^\/v1\/invoices\/([^/]+)$/.exec(path)
    if (method === "GET" && invoice?.[1]) {
      const found = invoices.get(invoice[1])
      return found
        ? { status: 200, body: expand(found, expansionsOf(query)) }
        : missing("invoice", invoice[1])
    }
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${method}: ${path}).`,
        },
      },
    }
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://fake")
      const text = await readBody(request)
      const params = decodeForm(text)
      requests.push({
        method: request.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        params,
      })
      const send = (status: number, body: Json) => {
        response.writeHead(status, {
          "Content-Type": "application/json",
          "Request-Id": `req_${random(14)}`,
          "Stripe-Version": String(request.headers["stripe-version"] ?? "2026-10-28.endive"),
        })
        response.end(JSON.stringify(body))
      }
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        send(401, {
          error: { type: "invalid_request_error", message: "Invalid API Key provided" },
        })
        return
      }
      const key = request.headers["idempotency-key"]
      const idempotent = request.method === "POST" && typeof key === "string"
      const replay = idempotent ? byIdempotencyKey.get(key) : undefined
      if (replay) {
        send(replay.status, replay.body)
        return
      }
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs))
      const result = route(request.method ?? "GET", url.pathname, url.searchParams, params)
      if (idempotent) byIdempotencyKey.set(key, result)
      send(result.status, result.body)
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  /** The customer pays on Stripe's page: what Stripe records for a completed checkout. */
  const complete = (sessionId: string): Json => {
    const session = sessions.get(sessionId)
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`)
    const paymentMethodId = `pm_${random()}`
    paymentMethods.set(paymentMethodId, {
      id: paymentMethodId,
      object: "payment_method",
      type: "card",
      card: FAKE_CARD,
    })
    const paymentIntentId = `pi_${random()}`
    paymentIntents.set(paymentIntentId, {
      id: paymentIntentId,
      object: "payment_intent",
      amount: session.amount_total,
      currency: "usd",
      status: "succeeded",
      payment_method: paymentMethodId,
      latest_charge: `ch_${random()}`,
      metadata: session.mode === "payment" ? session.metadata : {},
    })
    const invoiceId = `in_${random()}`
    const invoice: Json = {
      id: invoiceId,
      object: "invoice",
      amount_due: session.amount_total,
      amount_paid: session.amount_total,
      billing_reason: session.mode === "subscription" ? "subscription_create" : "manual",
      currency: "usd",
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${invoiceId}`,
      status: "paid",
      parent: null,
    }
    let subscriptionId: string | null = null
    if (session.mode === "subscription") {
      subscriptionId = `sub_${random()}`
      subscriptions.set(subscriptionId, {
        id: subscriptionId,
        object: "subscription",
        status: "active",
        default_payment_method: paymentMethodId,
        metadata: session.metadata,
        items: {
          object: "list",
          data: [
            {
              id: `si_${random()}`,
              object: "subscription_item",
              price: {
                id: `price_${random()}`,
                object: "price",
                currency: "usd",
                unit_amount: session.amount_total,
                recurring: { interval: "month", interval_count: 1 },
              },
              quantity: 1,
            },
          ],
        },
      })
      invoice.parent = {
        type: "subscription_details",
        subscription_details: { subscription: subscriptionId, metadata: session.metadata },
      }
    }
    invoices.set(invoiceId, invoice)
    paymentIntentOfSession.set(sessionId, paymentIntentId)
    invoicePayments.push({
      id: `inpay_${random()}`,
      object: "invoice_payment",
      invoice: invoiceId,
      payment: { type: "payment_intent", payment_intent: paymentIntentId },
      status: "paid",
    })
    const paid: Json = {
      ...session,
      status: "complete",
      payment_status: "paid",
      customer: `cus_${random()}`,
      payment_intent: session.mode === "payment" ? paymentIntentId : null,
      invoice: invoiceId,
      subscription: subscriptionId,
    }
    sessions.set(sessionId, paid)
    return paid
  }

  /** The charge Stripe sends in charge.refunded for a completed session, refunded in full or in part. */
  const refundedCharge = (sessionId: string, amountRefunded?: number): Json => {
    const paymentIntentId = paymentIntentOfSession.get(sessionId)
    const paymentIntent = paymentIntentId ? paymentIntents.get(paymentIntentId) : undefined
    if (!paymentIntentId || !paymentIntent) throw new Error(`session ${sessionId} is not paid`)
    const amount = Number(paymentIntent.amount)
    const refunded = amountRefunded ?? amount
    return {
      id: String(paymentIntent.latest_charge),
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: refunded,
      captured: true,
      currency: "usd",
      metadata: {},
      paid: true,
      payment_intent: paymentIntentId,
      payment_method_details: { type: "card", card: FAKE_CARD },
      refunded: refunded >= amount,
      status: "succeeded",
    }
  }

  return {
    url: origin,
    refundedCharge,
    setLatency: (ms: number) => {
      latencyMs = ms
    },
    requests,
    sessions,
    subscriptions,
    invoices,
    paymentIntents,
    complete,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>
