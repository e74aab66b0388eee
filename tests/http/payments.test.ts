import { Effect, Option } from "effect"
import Stripe from "stripe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { type FakeStripe, startFakeStripe } from "./support/fake-stripe.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  type Browser,
  bodyOf,
  PASSWORD,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * Payments over HTTP: the offline checkout (the default, no keys) end to end — checkout, the
 * test-mode page, Pay, the return, verification, billing history — and Stripe mode against a
 * local fake of the Stripe API: what is sent (Idempotency-Key on every POST), signed webhooks
 * (wrong or stale signatures refused, nothing fulfilled), and 100 concurrent deliveries of one
 * completed checkout (webhooks and return-page verifications mixed) granting it once.
 */

interface Subscription {
  readonly tier: string
  readonly remaining_submissions: number
}

interface Checkout {
  readonly sessionId: string
  readonly url: string
  readonly sessionUrl: string
}

interface Verified {
  readonly session: {
    readonly id: string
    readonly payment_status: string
    readonly metadata: { readonly planTier: string | null; readonly purchase: string }
  }
  readonly subscription: Subscription
  readonly payment: { readonly status: string; readonly [field: string]: unknown }
}

interface HistoryRecord {
  readonly id: string
  readonly amount: number
  readonly status: string
  readonly description: string
  readonly invoice_url: string | null
  readonly payment_method: string | null
  readonly subscription_tier: string | null
}

const subscriptionOf = async (browser: Browser) =>
  bodyOf<{ subscription: Subscription }>(await browser.get("/api/subscription")).subscription

const historyOf = async (browser: Browser) =>
  bodyOf<{ records: ReadonlyArray<HistoryRecord> }>(await browser.get("/api/billing/history"))
    .records

/** A form POST as a browser sends it from the checkout page; the redirect is not followed. */
const submitForm = (url: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  })

const sessionIdIn = (location: string) => new URL(location).searchParams.get("session_id")

describe.each(httpBackends)("the offline checkout on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  /** Opens a checkout, pays on the offline page and follows the redirect: the return's URL. */
  const buyThroughThePage = async (
    browser: Browser,
    member: Member,
    path: string,
    body: object,
  ) => {
    const opened = await browser.post(path, {
      userId: member.id,
      returnUrl: `${server.url}/payment-success`,
      ...body,
    })
    expect(opened.status, opened.text).toBe(200)
    const checkout = bodyOf<Checkout>(opened)
    expect(checkout.url).toBe(`${server.url}/checkout/offline/${checkout.sessionId}`)
    expect(checkout.sessionUrl).toBe(checkout.url)

    const page = await fetch(checkout.url)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html).toContain("TEST MODE")
    expect(html).toMatch(/no real card is charged/i)
    expect(html).toContain(`action="/checkout/offline/${checkout.sessionId}/pay"`)
    expect(html).toContain(`action="/checkout/offline/${checkout.sessionId}/cancel"`)

    const paid = await submitForm(`${server.url}/checkout/offline/${checkout.sessionId}/pay`)
    expect(paid.status).toBe(303)
    const location = paid.headers.get("location") ?? ""
    expect(location).toBe(`${server.url}/payment-success?session_id=${checkout.sessionId}`)
    return { checkout, html, location }
  }

  it("a member buys an extra entry and a plan, and sees both in billing history", async () => {
    const { member, browser } = await signedInMember(server)
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "free", remaining_submissions: 2 })

    // An extra entry: $2.99, one credit.
    const extra = await buyThroughThePage(browser, member, "/api/stripe/checkout-session", {})
    expect(extra.html).toContain("One extra entry")
    expect(extra.html).toContain("$2.99")
    const extraId = sessionIdIn(extra.location) ?? ""
    const verifiedExtra = await browser.get(
      `/api/stripe/verify-session?sessionId=${extraId}&userId=${member.id}`,
    )
    expect(verifiedExtra.status, verifiedExtra.text).toBe(200)
    expect(bodyOf<Verified>(verifiedExtra)).toMatchObject({
      session: {
        id: extraId,
        payment_status: "paid",
        metadata: { planTier: null, purchase: "extra-entry" },
      },
      subscription: { tier: "free", remaining_submissions: 3 },
      payment: { status: "paid", amount: 2.99 },
    })

    // A plan: Color Pro, $9.99 a month; credits = previous remaining + 20.
    const plan = await buyThroughThePage(browser, member, "/api/stripe/subscription-session", {
      planTier: "pro",
    })
    expect(plan.html).toContain("Color Pro")
    expect(plan.html).toContain("$9.99")
    const planId = sessionIdIn(plan.location) ?? ""
    const verifiedPlan = bodyOf<Verified>(
      await browser.get(`/api/stripe/verify-session?sessionId=${planId}`),
    )
    expect(verifiedPlan.session).toMatchObject({
      payment_status: "paid",
      metadata: { planTier: "pro", purchase: "plan" },
    })
    expect(verifiedPlan.subscription).toMatchObject({ tier: "pro", remaining_submissions: 23 })
    // Verifying again grants nothing more.
    await browser.get(`/api/stripe/verify-session?sessionId=${planId}`)
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "pro", remaining_submissions: 23 })

    const history = await historyOf(browser)
    expect(history).toHaveLength(2)
    expect(history[0]).toMatchObject({
      amount: 9.99,
      status: "paid",
      description: "Pro Plan",
      subscription_tier: "pro",
      payment_method: "Test mode (no card charged)",
      invoice_url: `${server.url}/checkout/offline/${planId}/receipt`,
    })
    expect(history[1]).toMatchObject({
      amount: 2.99,
      status: "paid",
      description: "Extra entry",
      subscription_tier: null,
      payment_method: "Test mode (no card charged)",
    })
    const receipt = await fetch(history[0]?.invoice_url ?? "")
    expect(receipt.status).toBe(200)
    const receiptHtml = await receipt.text()
    expect(receiptHtml).toContain("Receipt")
    expect(receiptHtml).toContain("TEST MODE")

    // The paid page says so; paying again changes nothing.
    expect(await (await fetch(plan.checkout.url)).text()).toContain("This order is paid")
    const again = await submitForm(`${plan.checkout.url}/pay`)
    expect(again.status).toBe(303)
    expect(await subscriptionOf(browser)).toMatchObject({ remaining_submissions: 23 })
  })

  it("refuses the plan you already have, the free plan and unknown plans", async () => {
    const { member, browser } = await signedInMember(server)
    const free = await browser.post("/api/stripe/subscription-session", { planTier: "free" })
    expect(free.status).toBe(400)
    expect(free.body).toMatchObject({ code: "VALIDATION_FAILED" })
    const gold = await browser.post("/api/stripe/subscription-session", { planTier: "gold" })
    expect(gold.status).toBe(400)
    expect(gold.body).toMatchObject({ code: "VALIDATION_FAILED", issues: [{ field: "planTier" }] })

    await buyThroughThePage(browser, member, "/api/stripe/subscription-session", {
      planTier: "Lite",
    })
    const same = await browser.post("/api/stripe/subscription-session", { planTier: "lite" })
    expect(same.status).toBe(409)
    expect(same.body).toEqual({
      code: "ALREADY_SUBSCRIBED",
      message: "You are already on the lite plan.",
    })
  })

  it("cancel returns to /payment-cancel and charges nothing; the session cannot be paid after", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(
      await browser.post("/api/stripe/checkout-session", { returnUrl: "/payment-success" }),
    )
    const cancelled = await submitForm(`${checkout.url}/cancel`)
    expect(cancelled.status).toBe(303)
    const [row] = await historyOf(browser)
    expect(cancelled.headers.get("location")).toBe(
      `${server.url}/payment-cancel?payment=${row?.id}`,
    )
    expect(await (await fetch(checkout.url)).text()).toContain("This checkout was cancelled")
    const late = await submitForm(`${checkout.url}/pay`)
    expect(late.status).toBe(303)
    expect(late.headers.get("location")).toBe(`/checkout/offline/${checkout.sessionId}`)
    const verified = bodyOf<Verified>(
      await browser.get(`/api/stripe/verify-session?sessionId=${checkout.sessionId}`),
    )
    expect(verified.session.payment_status).toBe("unpaid")
    expect(verified.subscription.remaining_submissions).toBe(2)
    expect((await historyOf(browser))[0]).toMatchObject({ status: "cancelled", amount: 2.99 })
    expect((await fetch(`${checkout.url}/receipt`)).status).toBe(404)
  })

  it("never redirects to another site: a foreign returnUrl becomes our /payment-success", async () => {
    const { browser } = await signedInMember(server)
    for (const returnUrl of [
      "https://evil.example/steal",
      "//evil.example/steal",
      "javascript:alert(1)",
      `http://user:pass@${new URL(server.url).host}/x`,
    ]) {
      const checkout = bodyOf<Checkout>(
        await browser.post("/api/stripe/checkout-session", { returnUrl }),
      )
      expect(checkout.url.startsWith(`${server.url}/checkout/offline/`), returnUrl).toBe(true)
      const paid = await submitForm(`${checkout.url}/pay`)
      expect(paid.headers.get("location"), returnUrl).toBe(
        `${server.url}/payment-success?session_id=${checkout.sessionId}`,
      )
    }
    // Our own address, with its query, is kept.
    const own = bodyOf<Checkout>(
      await browser.post("/api/stripe/checkout-session", {
        returnUrl: `${server.url}/profile?tab=plan`,
      }),
    )
    const paid = await submitForm(`${own.url}/pay`)
    expect(paid.headers.get("location")).toBe(
      `${server.url}/profile?tab=plan&session_id=${own.sessionId}`,
    )
  })

  it("acts only for the signed-in member; another member's session is not found", async () => {
    const { member, browser } = await signedInMember(server)
    const other = await signedInMember(server)
    const foreign = await browser.post("/api/stripe/checkout-session", { userId: other.member.id })
    expect(foreign.status).toBe(403)
    expect(foreign.body).toMatchObject({ code: "FORBIDDEN" })
    const visitor = client(server.url)
    expect((await visitor.post("/api/stripe/checkout-session", {})).status).toBe(401)
    expect((await visitor.get("/api/stripe/verify-session?sessionId=cs_x")).status).toBe(401)

    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    await submitForm(`${checkout.url}/pay`)
    const theirs = await other.browser.get(
      `/api/stripe/verify-session?sessionId=${checkout.sessionId}`,
    )
    expect(theirs.status).toBe(404)
    const named = await other.browser.get(
      `/api/stripe/verify-session?sessionId=${checkout.sessionId}&userId=${member.id}`,
    )
    expect(named.status).toBe(403)
    expect((await browser.get("/api/stripe/verify-session?sessionId=cs_offline_nope")).status).toBe(
      404,
    )
  })

  it("has no webhook and no page for unknown sessions", async () => {
    const webhook = await client(server.url).post("/api/stripe/webhook", { type: "x" })
    expect(webhook.status).toBe(404)
    expect(webhook.body).toMatchObject({ code: "NOT_FOUND" })
    expect((await fetch(`${server.url}/checkout/offline/cs_offline_unknown`)).status).toBe(404)
    expect((await submitForm(`${server.url}/checkout/offline/cs_offline_unknown/pay`)).status).toBe(
      404,
    )
  })

  it("30 concurrent Pays and verifications of one checkout grant it once", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? submitForm(`${checkout.url}/pay`)
          : browser.get(`/api/stripe/verify-session?sessionId=${checkout.sessionId}`),
      ),
    )
    await browser.get(`/api/stripe/verify-session?sessionId=${checkout.sessionId}`)
    expect((await subscriptionOf(browser)).remaining_submissions).toBe(3)
  })
})

const SECRET_KEY = "sk_test_colorday_fake_0123456789"
const WEBHOOK_SECRET = "whsec_colorday_test_secret"

/** A Stripe event as Stripe sends it, and its Stripe-Signature header. */
const stripeEvent = (type: string, object: unknown) =>
  JSON.stringify(
    {
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    },
    null,
    2,
  )

const sign = (
  payload: string,
  options: { readonly secret?: string; readonly timestamp?: number } = {},
) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  })

describe.each(httpBackends)("Stripe mode (a local fake of the API) on %s", (backend) => {
  let server: TestServer
  let stripe: FakeStripe

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY })
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits(),
      payments: {
        stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiHost: stripe.url },
      },
    })
  })
  afterAll(async () => {
    await server?.close()
    await stripe?.close()
  })

  const deliver = (payload: string, signature: string | null = sign(payload)) =>
    fetch(`${server.url}/api/stripe/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        ...(signature === null ? {} : { "Stripe-Signature": signature }),
      },
      body: payload,
    })

  const postsTo = (path: string) =>
    stripe.requests.filter((request) => request.method === "POST" && request.path === path)

  it("opens Checkout Sessions with the plan table's prices, our metadata and an Idempotency-Key", async () => {
    const { member, browser } = await signedInMember(server)
    const before = postsTo("/v1/checkout/sessions").length
    const extra = await browser.post("/api/stripe/checkout-session", {
      userId: member.id,
      returnUrl: `${server.url}/payment-success`,
    })
    expect(extra.status, extra.text).toBe(200)
    const extraCheckout = bodyOf<Checkout>(extra)
    expect(extraCheckout.sessionId).toMatch(/^cs_test_/)
    expect(extraCheckout.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/)

    const plan = bodyOf<Checkout>(
      await browser.post("/api/stripe/subscription-session", { planTier: "champ" }),
    )
    const posts = postsTo("/v1/checkout/sessions").slice(before)
    expect(posts).toHaveLength(2)
    const extraRow = await run(
      server,
      Effect.gen(function* () {
        const ledger = yield* PaymentLedger
        return Option.getOrThrow(yield* ledger.findByCheckoutSession(extraCheckout.sessionId))
      }),
    )
    const [payment, subscription] = posts
    expect(payment?.params).toMatchObject({
      mode: "payment",
      client_reference_id: member.id,
      line_items: { 0: { quantity: "1", price_data: { currency: "usd", unit_amount: "299" } } },
      metadata: { memberId: member.id, purchase: "extra-entry" },
      payment_intent_data: { metadata: { memberId: member.id, purchase: "extra-entry" } },
      invoice_creation: { enabled: "true" },
      success_url: `${server.url}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      // The cancel link names the checkout's billing history row (/payment-cancel cancels it).
      cancel_url: `${server.url}/payment-cancel?payment=${extraRow.id}`,
    })
    expect(subscription?.params).toMatchObject({
      mode: "subscription",
      line_items: {
        0: { price_data: { unit_amount: "1999", recurring: { interval: "month" } } },
      },
      metadata: { memberId: member.id, purchase: "plan", tier: "champ" },
      subscription_data: { metadata: { memberId: member.id, purchase: "plan", tier: "champ" } },
    })
    const keys = posts.map((post) => post.headers["idempotency-key"])
    for (const key of keys) expect(key).toMatch(/^checkout-/)
    expect(new Set(keys).size).toBe(2)
    expect(stripe.sessions.get(plan.sessionId)).toMatchObject({ mode: "subscription" })
    // Every POST Colorday made to Stripe carried an Idempotency-Key.
    for (const post of stripe.requests.filter((r) => r.method === "POST")) {
      expect(post.headers["idempotency-key"]).toBeTruthy()
    }
  })

  it("refuses a wrong, stale, missing or tampered signature and fulfils nothing", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    const completed = stripe.complete(checkout.sessionId)
    const payload = stripeEvent("checkout.session.completed", completed)
    const refusals = [
      await deliver(payload, sign(payload, { secret: "whsec_someone_else" })),
      await deliver(payload, sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 })),
      await deliver(payload, null),
      await deliver(
        payload.replace('"unpaid"', '"paid"').replace("complete", "open"),
        sign(payload),
      ),
      await deliver(`${payload} `, sign(payload)),
    ]
    for (const response of refusals) {
      expect(response.status).toBe(400)
      const body = (await response.json()) as { code: string; message: string }
      expect(body.code).toMatch(/^(INVALID_SIGNATURE|BAD_REQUEST)$/)
    }
    expect((await subscriptionOf(browser)).remaining_submissions).toBe(2)
    expect((await historyOf(browser))[0]).toMatchObject({ status: "pending" })

    // The genuine delivery is applied.
    const genuine = await deliver(payload)
    expect(genuine.status).toBe(200)
    expect(await genuine.json()).toMatchObject({
      received: true,
      result: expect.stringMatching(/^fulfilled/),
    })
    expect((await subscriptionOf(browser)).remaining_submissions).toBe(3)
    expect((await historyOf(browser))[0]).toMatchObject({
      status: "paid",
      amount: 2.99,
      payment_method: "Visa •••• 4242",
      invoice_url: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
    })
  })

  it("100 concurrent deliveries of one completed checkout (webhooks and verifications) grant it once", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    const payload = stripeEvent("checkout.session.completed", stripe.complete(checkout.sessionId))
    // A network's latency lets many deliveries pass the first look and race for the ledger row.
    stripe.setLatency(40)
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? deliver(payload).then((r) => r.status)
          : browser
              .get(`/api/stripe/verify-session?sessionId=${checkout.sessionId}`)
              .then((r) => r.status),
      ),
    )
    expect(
      responses.every((status) => status === 200),
      JSON.stringify(responses),
    ).toBe(true)
    expect((await subscriptionOf(browser)).remaining_submissions).toBe(3)
    const payments = await run(
      server,
      Effect.gen(function* () {
        return yield* (yield* PaymentLedger).findByCheckoutSession(checkout.sessionId)
      }),
    )
    expect(payments._tag === "Some" && payments.value.status).toBe("paid")
    expect(await historyOf(browser)).toHaveLength(1)
    const lookups = stripe.requests.filter(
      (request) => request.path === `/v1/checkout/sessions/${checkout.sessionId}`,
    ).length
    expect(lookups, "deliveries that raced past the first look").toBeGreaterThan(1)
  })

  it("a plan: fulfilled by verification first, then the webhook changes nothing; renewals, changes and the end", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(
      await browser.post("/api/stripe/subscription-session", { planTier: "pro" }),
    )
    const completed = stripe.complete(checkout.sessionId)
    const verified = bodyOf<Verified>(
      await browser.get(`/api/stripe/verify-session?sessionId=${checkout.sessionId}`),
    )
    expect(verified.session).toMatchObject({
      payment_status: "paid",
      metadata: { planTier: "pro" },
    })
    expect(verified.subscription).toMatchObject({ tier: "pro", remaining_submissions: 22 })
    const late = await deliver(stripeEvent("checkout.session.completed", completed))
    expect(await late.json()).toMatchObject({ result: expect.stringMatching(/fulfilled already/) })
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "pro", remaining_submissions: 22 })
    expect((await historyOf(browser))[0]).toMatchObject({ payment_method: "Visa •••• 4242" })

    // The first invoice is the checkout's own: nothing more.
    const subscriptionId = String(completed.subscription)
    const subscription = stripe.subscriptions.get(subscriptionId) as Record<string, unknown>
    const firstInvoice = stripe.invoices.get(String(completed.invoice))
    await deliver(stripeEvent("invoice.paid", firstInvoice))
    expect(await historyOf(browser)).toHaveLength(1)

    // Next month's invoice: recorded once in billing history.
    const cycle = {
      ...firstInvoice,
      id: "in_cycle_1",
      billing_reason: "subscription_cycle",
      hosted_invoice_url: "https://invoice.stripe.com/i/acct_fake/test_in_cycle_1",
    }
    for (let i = 0; i < 3; i++) {
      expect((await deliver(stripeEvent("invoice.paid", cycle))).status).toBe(200)
    }
    const history = await historyOf(browser)
    expect(history).toHaveLength(2)
    expect(history.filter((record) => record.invoice_url?.endsWith("in_cycle_1"))).toHaveLength(1)

    // A change to Champ in Stripe's portal (the price tells the tier), then the end: back to free.
    const items = subscription.items as { data: Array<{ price: { unit_amount: number } }> }
    const champ = {
      ...subscription,
      items: {
        ...items,
        data: [{ ...items.data[0], price: { ...items.data[0]?.price, unit_amount: 1999 } }],
      },
    }
    await deliver(stripeEvent("customer.subscription.updated", champ))
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "champ" })
    await deliver(stripeEvent("customer.subscription.deleted", { ...champ, status: "canceled" }))
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "free", remaining_submissions: 2 })
  })

  it("charge.refunded takes back an unused extra entry once; a partial refund takes nothing", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    const completed = stripe.complete(checkout.sessionId)
    await deliver(stripeEvent("checkout.session.completed", completed))
    expect((await subscriptionOf(browser)).remaining_submissions).toBe(3)
    const charge = stripe.refundedCharge(checkout.sessionId, 100)
    const partial = await deliver(stripeEvent("charge.refunded", charge))
    expect(await partial.json()).toMatchObject({ result: expect.stringMatching(/^ignored/) })
    expect((await subscriptionOf(browser)).remaining_submissions).toBe(3)
    const full = stripe.refundedCharge(checkout.sessionId)
    for (let i = 0; i < 2; i++) await deliver(stripeEvent("charge.refunded", full))
    expect((await subscriptionOf(browser)).remaining_submissions).toBe(2)
    expect((await historyOf(browser))[0]).toMatchObject({ status: "refunded" })
  })

  it("a refunded plan ends it (the charge is found through its invoice)", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(
      await browser.post("/api/stripe/subscription-session", { planTier: "lite" }),
    )
    const completed = stripe.complete(checkout.sessionId)
    await deliver(stripeEvent("checkout.session.completed", completed))
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "lite" })
    // A subscription's first charge belongs to its invoice, not to the session.
    expect(completed.payment_intent).toBeNull()
    const refunded = await deliver(
      stripeEvent("charge.refunded", stripe.refundedCharge(checkout.sessionId)),
    )
    expect(await refunded.json()).toMatchObject({ result: `refunded ${checkout.sessionId}` })
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "free" })
  })

  it("cancelling a plan stops its Stripe subscription and goes back to free at once", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(
      await browser.post("/api/stripe/subscription-session", { planTier: "pro" }),
    )
    const completed = stripe.complete(checkout.sessionId)
    await browser.get(`/api/stripe/verify-session?sessionId=${checkout.sessionId}`)
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "pro", remaining_submissions: 22 })
    const subscriptionId = String(completed.subscription)
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ status: "active" })

    const cancelled = await browser.post("/api/subscription/cancel")
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(bodyOf<{ subscription: Subscription }>(cancelled).subscription).toMatchObject({
      tier: "free",
      remaining_submissions: 2,
    })
    expect(stripe.subscriptions.get(subscriptionId)).toMatchObject({ status: "canceled" })
    const deletes = stripe.requests.filter(
      (request) =>
        request.method === "DELETE" && request.path === `/v1/subscriptions/${subscriptionId}`,
    )
    expect(deletes).toHaveLength(1)

    // Stripe's own event about it finds the plan ended already; billing history keeps the row.
    const ended = stripe.subscriptions.get(subscriptionId)
    expect((await deliver(stripeEvent("customer.subscription.deleted", ended))).status).toBe(200)
    expect(await subscriptionOf(browser)).toMatchObject({ tier: "free", remaining_submissions: 2 })
    expect(await historyOf(browser)).toHaveLength(1)

    // Nothing left to cancel: 409, and Stripe is not asked again.
    const requestsBefore = stripe.requests.length
    const again = await browser.post("/api/subscription/cancel")
    expect(again.status).toBe(409)
    expect(bodyOf(again)).toMatchObject({ code: "NO_PAID_PLAN" })
    expect(stripe.requests.length).toBe(requestsBefore)
  })

  it("deleting the account stops its Stripe subscription", async () => {
    const { member, browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(
      await browser.post("/api/stripe/subscription-session", { planTier: "lite" }),
    )
    const completed = stripe.complete(checkout.sessionId)
    await deliver(stripeEvent("checkout.session.completed", completed))
    const deleted = await browser.request("DELETE", `/api/users/${member.id}`, {
      password: PASSWORD,
    })
    expect(deleted.status, deleted.text).toBe(204)
    expect(stripe.subscriptions.get(String(completed.subscription))).toMatchObject({
      status: "canceled",
    })
  })

  it("ignores events it does not use, and serves no offline pages", async () => {
    const ignored = await deliver(
      stripeEvent("customer.created", { id: "cus_1", object: "customer" }),
    )
    expect(ignored.status).toBe(200)
    expect(await ignored.json()).toMatchObject({
      received: true,
      result: expect.stringMatching(/^ignored/),
    })
    expect((await fetch(`${server.url}/checkout/offline/cs_offline_x`)).status).toBe(404)
    expect((await submitForm(`${server.url}/checkout/offline/cs_offline_x/pay`)).status).toBe(404)
  })
})
