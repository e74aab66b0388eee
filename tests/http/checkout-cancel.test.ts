import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FakeStripe, startFakeStripe } from "./support/fake-stripe.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { type Browser, bodyOf, roomyRateLimits, signedInMember } from "./support/world.ts"

/**
 * Billing's states, the cancelled one (issue 16): a member who gives up a checkout — Stripe
 * Checkout's back link, the offline page's Cancel — comes back to /payment-cancel?payment=<id>,
 * and that page's POST /api/billing/checkouts/:paymentId/cancel ends the provider's session and
 * shows the checkout cancelled at once, instead of pending until its lifetime ends. Only the
 * member's own checkout; one paid meanwhile is fulfilled, never cancelled.
 */

interface Checkout {
  readonly sessionId: string
  readonly url: string
}

interface HistoryRecord {
  readonly id: string
  readonly status: string
  readonly amount: number
}

const historyOf = async (browser: Browser) =>
  bodyOf<{ records: ReadonlyArray<HistoryRecord> }>(await browser.get("/api/billing/history"))
    .records

const remainingOf = async (browser: Browser) =>
  bodyOf<{ subscription: { remaining_submissions: number } }>(
    await browser.get("/api/subscription"),
  ).subscription.remaining_submissions

const cancel = (browser: Browser, paymentId: string) =>
  browser.post(`/api/billing/checkouts/${paymentId}/cancel`)

/** The billing history id a cancel URL names (`?payment=…`), on our own /payment-cancel page. */
const paymentIn = (server: TestServer, cancelUrl: string) => {
  const url = new URL(cancelUrl)
  expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/payment-cancel`)
  const paymentId = url.searchParams.get("payment")
  expect(paymentId).toBeTruthy()
  return paymentId as string
}

const submitForm = (url: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  })

const SECRET_KEY = "sk_test_colorday_cancel"

describe.each(httpBackends)(
  "cancelling a Stripe checkout (a local fake of the API) on %s",
  (backend) => {
    let server: TestServer
    let stripe: FakeStripe

    beforeAll(async () => {
      stripe = await startFakeStripe({ secretKey: SECRET_KEY })
      server = await startTestServer({
        backend,
        rateLimits: roomyRateLimits(),
        payments: {
          stripe: { secretKey: SECRET_KEY, webhookSecret: "whsec_x", apiHost: stripe.url },
        },
      })
    })
    afterAll(async () => {
      await server?.close()
      await stripe?.close()
    })

    /** Opens a checkout and reads the cancel_url Colorday gave Stripe for it. */
    const openCheckout = async (browser: Browser, path: string, body: object = {}) => {
      const response = await browser.post(path, body)
      expect(response.status, response.text).toBe(200)
      const checkout = bodyOf<Checkout>(response)
      const session = stripe.sessions.get(checkout.sessionId)
      return { checkout, paymentId: paymentIn(server, String(session?.cancel_url)) }
    }

    const expiresOf = (sessionId: string) =>
      stripe.requests.filter(
        (request) =>
          request.method === "POST" && request.path === `/v1/checkout/sessions/${sessionId}/expire`,
      )

    it("Stripe's cancel link names the checkout; cancelling expires the session and reads cancelled", async () => {
      const { browser } = await signedInMember(server)
      const { checkout, paymentId } = await openCheckout(browser, "/api/stripe/checkout-session")
      expect((await historyOf(browser))[0]).toMatchObject({ id: paymentId, status: "pending" })

      const cancelled = await cancel(browser, paymentId)
      expect(cancelled.status, cancelled.text).toBe(200)
      expect(cancelled.body).toEqual({ status: "cancelled" })
      expect(expiresOf(checkout.sessionId)).toHaveLength(1)
      expect(stripe.sessions.get(checkout.sessionId)).toMatchObject({ status: "expired" })
      expect(await historyOf(browser)).toMatchObject([{ id: paymentId, status: "cancelled" }])

      // Again (a reload of the page): the same answer, and Stripe is not asked again.
      expect((await cancel(browser, paymentId)).body).toEqual({ status: "cancelled" })
      expect(expiresOf(checkout.sessionId)).toHaveLength(1)
      // The same purchase now opens a new checkout instead of the cancelled one.
      const next = await openCheckout(browser, "/api/stripe/checkout-session")
      expect(next.checkout.sessionId).not.toBe(checkout.sessionId)
    })

    it("a checkout paid on Stripe before the cancel arrives is fulfilled, not cancelled", async () => {
      const { browser } = await signedInMember(server)
      const { checkout, paymentId } = await openCheckout(
        browser,
        "/api/stripe/subscription-session",
        { planTier: "pro" },
      )
      // Paid in another tab; no webhook has reached us yet.
      stripe.complete(checkout.sessionId)
      const answer = await cancel(browser, paymentId)
      expect(answer.status, answer.text).toBe(200)
      expect(answer.body).toEqual({ status: "paid" })
      expect(stripe.sessions.get(checkout.sessionId)).toMatchObject({ status: "complete" })
      expect(await historyOf(browser)).toMatchObject([{ id: paymentId, status: "paid" }])
      const subscription = bodyOf<{ subscription: { tier: string } }>(
        await browser.get("/api/subscription"),
      ).subscription
      expect(subscription.tier).toBe("pro")
    })

    it("another member's checkout is 404 and stays open; a visitor is 401; another site is 403", async () => {
      const owner = await signedInMember(server)
      const other = await signedInMember(server)
      const { checkout, paymentId } = await openCheckout(
        owner.browser,
        "/api/stripe/checkout-session",
      )
      const refused = await cancel(other.browser, paymentId)
      expect(refused.status).toBe(404)
      expect(refused.body).toMatchObject({ code: "NOT_FOUND" })
      const visitor = await fetch(`${server.url}/api/billing/checkouts/${paymentId}/cancel`, {
        method: "POST",
      })
      expect(visitor.status).toBe(401)
      const crossSite = await owner.browser.post(
        `/api/billing/checkouts/${paymentId}/cancel`,
        {},
        { Origin: "https://evil.example" },
      )
      expect(crossSite.status).toBe(403)
      expect(expiresOf(checkout.sessionId)).toHaveLength(0)
      expect(stripe.sessions.get(checkout.sessionId)).toMatchObject({ status: "open" })
      expect(await historyOf(owner.browser)).toMatchObject([{ id: paymentId, status: "pending" }])
      expect((await cancel(owner.browser, "no-such-checkout")).status).toBe(404)
    })
  },
)

describe.each(httpBackends)("cancelling an offline checkout on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("the page's Cancel returns to /payment-cancel?payment=<id>, whose call answers cancelled", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    const back = await submitForm(`${checkout.url}/cancel`)
    expect(back.status).toBe(303)
    const paymentId = paymentIn(server, String(back.headers.get("location")))
    expect(await historyOf(browser)).toMatchObject([{ id: paymentId, status: "cancelled" }])
    const answer = await cancel(browser, paymentId)
    expect(answer.status, answer.text).toBe(200)
    expect(answer.body).toEqual({ status: "cancelled" })
  })

  it("cancelling by the API ends the offline session: it can no longer be paid", async () => {
    const { browser } = await signedInMember(server)
    const before = await remainingOf(browser)
    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    const [row] = await historyOf(browser)
    expect(row?.status).toBe("pending")
    const answer = await cancel(browser, String(row?.id))
    expect(answer.body).toEqual({ status: "cancelled" })
    expect(await (await fetch(checkout.url)).text()).toContain("This checkout was cancelled")
    const late = await submitForm(`${checkout.url}/pay`)
    expect(late.headers.get("location")).toBe(`/checkout/offline/${checkout.sessionId}`)
    expect(await remainingOf(browser)).toBe(before)
    expect(await historyOf(browser)).toMatchObject([{ id: row?.id, status: "cancelled" }])
  })

  it("a checkout paid before the cancel arrives stays paid", async () => {
    const { browser } = await signedInMember(server)
    const before = await remainingOf(browser)
    const checkout = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
    expect((await submitForm(`${checkout.url}/pay`)).status).toBe(303)
    const [row] = await historyOf(browser)
    expect((await cancel(browser, String(row?.id))).body).toEqual({ status: "paid" })
    expect(await historyOf(browser)).toMatchObject([{ id: row?.id, status: "paid" }])
    expect(await remainingOf(browser)).toBe(before + 1)
  })
})
