import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FakeStripe, startFakeStripe } from "./support/fake-stripe.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  type Browser,
  bodyOf,
  roomyRateLimits,
  signedInMember,
  storeEntryImage,
} from "./support/world.ts"

/**
 * Issue 19: an extra entry of a cancelled contest refunded instead of its credit, through Stripe
 * (a local fake of its API): one refund of the checkout's payment intent, under an idempotency
 * key, however often the member asks.
 */

const SECRET_KEY = "sk_test_colorday_refund"

describe.each(httpBackends)("refunding an extra entry through Stripe on %s", (backend) => {
  let server: TestServer
  let stripe: FakeStripe
  let admin: Browser

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY })
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits(),
      payments: {
        stripe: { secretKey: SECRET_KEY, webhookSecret: "whsec_x", apiHost: stripe.url },
      },
    })
    ;({ browser: admin } = await signedInMember(server, { admin: true }))
  })
  afterAll(async () => {
    await server?.close()
    await stripe?.close()
  })

  const refundsAsked = () =>
    stripe.requests.filter((request) => request.method === "POST" && request.path === "/v1/refunds")

  it("refunds the checkout's payment intent once and takes the credit back", async () => {
    const contest = await addContest(server, "open")
    const { browser } = await signedInMember(server)
    const opened = await browser.post("/api/stripe/checkout-session", {
      returnUrl: `${server.url}/payment-success`,
      contestId: contest.id,
    })
    expect(opened.status, opened.text).toBe(200)
    const { sessionId } = bodyOf<{ sessionId: string }>(opened)
    stripe.complete(sessionId)
    const verified = await browser.get(`/api/stripe/verify-session?sessionId=${sessionId}`)
    expect(verified.status, verified.text).toBe(200)
    const entered = await browser.post("/api/submissions", {
      file_path: await storeEntryImage(server),
      challenge_id: contest.id,
    })
    expect(entered.status, entered.text).toBe(201)
    const cancelled = await admin.post(`/api/admin/contests/${contest.id}/cancel`, {
      reason: "The line art was wrong",
    })
    expect(cancelled.status, cancelled.text).toBe(200)

    const history = bodyOf<{
      records: Array<{ id: string; description: string; refundable?: boolean }>
    }>(await browser.get("/api/billing/history")).records
    const extra = history.find((record) => record.description === "Extra entry")
    expect(extra?.refundable).toBe(true)
    const before = bodyOf<{ subscription: { remaining_submissions: number } }>(
      await browser.get("/api/subscription"),
    ).subscription.remaining_submissions

    const refunded = await browser.post(`/api/billing/payments/${extra?.id ?? ""}/refund`)
    expect(refunded.status, refunded.text).toBe(200)
    expect(refunded.body).toMatchObject({
      payment: { status: "refunded" },
      subscription: { remaining_submissions: before - 1 },
    })
    const asked = refundsAsked()
    expect(asked).toHaveLength(1)
    expect(asked[0]?.params.payment_intent).toBe(stripe.sessions.get(sessionId)?.payment_intent)
    expect(asked[0]?.headers["idempotency-key"]).toBe(`refund-${sessionId}`)

    const again = await browser.post(`/api/billing/payments/${extra?.id ?? ""}/refund`)
    expect(again.status, again.text).toBe(200)
    expect(refundsAsked()).toHaveLength(1)
  })
})
