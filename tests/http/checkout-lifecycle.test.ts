import { Effect, Option } from "effect"
import Stripe from "stripe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Database } from "../../adapters/persistence/database.ts"
import { MAX_OPEN_CHECKOUTS } from "../../domain/billing/checkout.use-case.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { ContestAnalytics } from "../../domain/contests/contest-analytics.port.ts"
import { type FakeStripe, startFakeStripe } from "./support/fake-stripe.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  type Browser,
  bodyOf,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * Finding 7 of issue 16 and billing's states: an open checkout for the same purchase is answered
 * again, at most MAX_OPEN_CHECKOUTS are open per member (also under parallel requests), a
 * cancelled checkout reads "cancelled" and one not paid within its lifetime "expired" (the
 * offline checkout's own 30 minutes, Stripe's checkout.session.expired), and a visitor's views and
 * downloads of a contest count once a day.
 */

interface Checkout {
  readonly sessionId: string
  readonly url: string
}

interface HistoryRecord {
  readonly id: string
  readonly status: string
  readonly amount: number
  readonly description: string
}

const historyOf = async (browser: Browser) =>
  bodyOf<{ records: ReadonlyArray<HistoryRecord> }>(await browser.get("/api/billing/history"))
    .records

const remainingOf = async (browser: Browser) =>
  bodyOf<{ subscription: { remaining_submissions: number } }>(
    await browser.get("/api/subscription"),
  ).subscription.remaining_submissions

/** A form POST as the checkout page's buttons send it; the redirect is not followed. */
const submitForm = (url: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  })

const ledgerRow = (server: TestServer, sessionId: string) =>
  run(
    server,
    Effect.gen(function* () {
      return Option.getOrThrow(yield* (yield* PaymentLedger).findByCheckoutSession(sessionId))
    }),
  )

/** Moves a checkout's start (and so its lifetime) into the past, as if it was opened long ago. */
const ageCheckout = (server: TestServer, sessionId: string, byMs: number) =>
  run(
    server,
    Effect.gen(function* () {
      const database = yield* Database
      const q = (name: string) => (database.dialect === "sqlite" ? `"${name}"` : `\`${name}\``)
      yield* database.run((m) =>
        m.query(
          `UPDATE ${q("checkout_sessions")} SET ${q("created_at")} = ${q("created_at")} - ? WHERE ${q("id")} = ?`,
          [byMs, sessionId],
        ),
      )
      yield* database.run((m) =>
        m.query(
          `UPDATE ${q("payments")} SET ${q("created_at")} = ${q("created_at")} - ?, ${q("expires_at")} = ${q("expires_at")} - ? WHERE ${q("checkout_session_id")} = ?`,
          [byMs, byMs, sessionId],
        ),
      )
    }),
  )

const HOUR = 3_600_000

describe.each(httpBackends)("offline checkouts: reuse, cap, cancel, expiry on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  const extraEntry = (browser: Browser, contestId?: string) =>
    browser.post("/api/stripe/checkout-session", contestId === undefined ? {} : { contestId })
  const plan = (browser: Browser, planTier: string) =>
    browser.post("/api/stripe/subscription-session", { planTier })

  it("answers the same purchase's open checkout again instead of opening another", async () => {
    const { browser } = await signedInMember(server)
    const first = bodyOf<Checkout>(await plan(browser, "pro"))
    for (let i = 0; i < 5; i++) {
      const again = await plan(browser, "pro")
      expect(again.status, again.text).toBe(200)
      expect(bodyOf<Checkout>(again)).toMatchObject({ sessionId: first.sessionId, url: first.url })
    }
    const contest = await addContest(server)
    const entryA = bodyOf<Checkout>(await extraEntry(browser, contest.id))
    expect(bodyOf<Checkout>(await extraEntry(browser, contest.id)).sessionId).toBe(entryA.sessionId)
    // Another plan, or another contest's extra entry, is a purchase of its own.
    const lite = bodyOf<Checkout>(await plan(browser, "lite"))
    expect(lite.sessionId).not.toBe(first.sessionId)
    const other = await addContest(server)
    expect(bodyOf<Checkout>(await extraEntry(browser, other.id)).sessionId).not.toBe(
      entryA.sessionId,
    )
    const history = await historyOf(browser)
    expect(history).toHaveLength(4)
    expect(history.every((record) => record.status === "pending")).toBe(true)

    // Paid, it is not handed out again: the next purchase is a new checkout.
    expect((await submitForm(`${entryA.url}/pay`)).status).toBe(303)
    const next = bodyOf<Checkout>(await extraEntry(browser, contest.id))
    expect(next.sessionId).not.toBe(entryA.sessionId)
    expect(await remainingOf(browser)).toBe(3)
  })

  it(`keeps at most ${MAX_OPEN_CHECKOUTS} checkouts open per member, refused with 429 TOO_MANY_OPEN_CHECKOUTS`, async () => {
    const { browser } = await signedInMember(server)
    const opened: Array<Checkout> = []
    for (let i = 0; i < MAX_OPEN_CHECKOUTS; i++) {
      const response = await extraEntry(browser, (await addContest(server)).id)
      expect(response.status, response.text).toBe(200)
      opened.push(bodyOf<Checkout>(response))
    }
    const sixth = (await addContest(server)).id
    const refused = await extraEntry(browser, sixth)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ code: "TOO_MANY_OPEN_CHECKOUTS" })
    expect(refused.body.message).toMatch(/checkouts open already/)
    expect((await plan(browser, "champ")).status).toBe(429)
    // Another member is not affected.
    const other = await signedInMember(server)
    expect((await extraEntry(other.browser, sixth)).status).toBe(200)

    // Cancelling one frees a slot.
    const cancelled = await submitForm(`${opened[0]?.url}/cancel`)
    expect(cancelled.status).toBe(303)
    expect((await extraEntry(browser, sixth)).status).toBe(200)
    expect((await extraEntry(browser, (await addContest(server)).id)).status).toBe(429)
    expect((await historyOf(browser)).filter((r) => r.status === "pending")).toHaveLength(
      MAX_OPEN_CHECKOUTS,
    )
  })

  it("of 20 parallel requests for one purchase, all get the same checkout; of 20 for different ones, at most the cap opens", async () => {
    const { browser } = await signedInMember(server)
    const same = await Promise.all(Array.from({ length: 20 }, () => plan(browser, "pro")))
    expect(same.map((response) => response.status)).toEqual(Array(20).fill(200))
    expect(new Set(same.map((response) => bodyOf<Checkout>(response).sessionId)).size).toBe(1)
    expect(await historyOf(browser)).toHaveLength(1)

    const contests = await Promise.all(Array.from({ length: 20 }, () => addContest(server)))
    const many = await Promise.all(contests.map((contest) => extraEntry(browser, contest.id)))
    const statuses = many.map((response) => response.status)
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true)
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_OPEN_CHECKOUTS - 1)
    expect((await historyOf(browser)).filter((r) => r.status === "pending")).toHaveLength(
      MAX_OPEN_CHECKOUTS,
    )
  })

  it("a cancelled checkout reads cancelled in billing history and is not reused", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await extraEntry(browser))
    const cancelled = await submitForm(`${checkout.url}/cancel`)
    const row = await ledgerRow(server, checkout.sessionId)
    expect(cancelled.headers.get("location")).toBe(`${server.url}/payment-cancel?payment=${row.id}`)
    expect(await historyOf(browser)).toMatchObject([{ status: "cancelled", amount: 2.99 }])
    expect(row.status).toBe("cancelled")
    const next = bodyOf<Checkout>(await extraEntry(browser))
    expect(next.sessionId).not.toBe(checkout.sessionId)
    expect((await historyOf(browser)).map((record) => record.status)).toEqual([
      "pending",
      "cancelled",
    ])
  })

  it("a checkout not paid within 30 minutes expires: billing history says so, it cannot be paid, and a new one is opened", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await plan(browser, "pro"))
    await ageCheckout(server, checkout.sessionId, HOUR)

    expect(await historyOf(browser)).toMatchObject([{ status: "expired", amount: 9.99 }])
    const page = await fetch(checkout.url)
    expect(await page.text()).toContain("This checkout has expired")
    const late = await submitForm(`${checkout.url}/pay`)
    expect(late.status).toBe(303)
    expect(late.headers.get("location")).toBe(`/checkout/offline/${checkout.sessionId}`)
    expect(await remainingOf(browser)).toBe(2)
    // The ledger row itself is expired now, not only read so.
    expect((await ledgerRow(server, checkout.sessionId)).status).toBe("expired")
    const verified = await browser.get(`/api/stripe/verify-session?sessionId=${checkout.sessionId}`)
    expect(bodyOf<{ session: { payment_status: string } }>(verified).session.payment_status).toBe(
      "unpaid",
    )

    const next = bodyOf<Checkout>(await plan(browser, "pro"))
    expect(next.sessionId).not.toBe(checkout.sessionId)
    expect((await historyOf(browser)).map((record) => record.status)).toEqual([
      "pending",
      "expired",
    ])
    // Cancelling an expired checkout changes nothing.
    await submitForm(`${checkout.url}/cancel`)
    expect((await ledgerRow(server, checkout.sessionId)).status).toBe("expired")
  })

  it("a checkout close to its end is not handed out again", async () => {
    const { browser } = await signedInMember(server)
    const checkout = bodyOf<Checkout>(await plan(browser, "lite"))
    // 28 of its 30 minutes gone: too little left to type a card.
    await ageCheckout(server, checkout.sessionId, 28 * 60_000)
    const next = bodyOf<Checkout>(await plan(browser, "lite"))
    expect(next.sessionId).not.toBe(checkout.sessionId)
    // The old one can still be paid until it lapses.
    const paid = await submitForm(`${checkout.url}/pay`)
    expect(paid.headers.get("location")).toContain(`session_id=${checkout.sessionId}`)
  })
})

const SECRET_KEY = "sk_test_colorday_fake_lifecycle_0123"
const WEBHOOK_SECRET = "whsec_colorday_lifecycle_secret"

const stripeEvent = (type: string, object: unknown) =>
  JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  })

describe.each(httpBackends)(
  "Stripe checkouts: reuse and checkout.session.expired on %s",
  (backend) => {
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

    const deliver = (payload: string) =>
      fetch(`${server.url}/api/stripe/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
          }),
        },
        body: payload,
      })

    const creations = () =>
      stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")
        .length

    it("hands out Stripe's open session again; checkout.session.expired marks it expired", async () => {
      const { browser } = await signedInMember(server)
      const before = creations()
      const first = bodyOf<Checkout>(
        await browser.post("/api/stripe/subscription-session", { planTier: "pro" }),
      )
      const again = bodyOf<Checkout>(
        await browser.post("/api/stripe/subscription-session", { planTier: "pro" }),
      )
      expect(again).toMatchObject({ sessionId: first.sessionId, url: first.url })
      expect(creations() - before).toBe(1)
      expect((await ledgerRow(server, first.sessionId)).expiresAt).toBeGreaterThan(
        Date.now() + 23 * HOUR,
      )

      const session = stripe.sessions.get(first.sessionId) as Record<string, unknown>
      session.status = "expired"
      const delivered = await deliver(stripeEvent("checkout.session.expired", session))
      expect(delivered.status).toBe(200)
      expect(await delivered.json()).toMatchObject({ result: `${first.sessionId} expired` })
      expect(await historyOf(browser)).toMatchObject([{ status: "expired" }])
      // Delivered again: nothing more to do.
      const twice = await deliver(stripeEvent("checkout.session.expired", session))
      expect(await twice.json()).toMatchObject({ result: expect.stringMatching(/not pending/) })

      const next = bodyOf<Checkout>(
        await browser.post("/api/stripe/subscription-session", { planTier: "pro" }),
      )
      expect(next.sessionId).not.toBe(first.sessionId)
      expect(creations() - before).toBe(2)
    })

    it("a session Stripe closed without telling us is not handed out: the row is brought up to date", async () => {
      const { browser } = await signedInMember(server)
      const first = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
      const session = stripe.sessions.get(first.sessionId) as Record<string, unknown>
      session.status = "expired"
      const next = bodyOf<Checkout>(await browser.post("/api/stripe/checkout-session", {}))
      expect(next.sessionId).not.toBe(first.sessionId)
      expect((await ledgerRow(server, first.sessionId)).status).toBe("expired")
    })
  },
)

describe.each(httpBackends)(
  "views and downloads count once per visitor and day on %s",
  (backend) => {
    let server: TestServer

    beforeAll(async () => {
      server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    })
    afterAll(async () => {
      await server?.close()
    })

    const countsOf = (contestId: string) =>
      run(
        server,
        Effect.gen(function* () {
          return yield* (yield* ContestAnalytics).counts(contestId)
        }),
      )

    it("500 anonymous views and 500 downloads from one address count once each", async () => {
      const contest = await addContest(server)
      const visitor = client(server.url)
      for (let round = 0; round < 20; round++) {
        const responses = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            i % 2 === 0
              ? visitor.post(`/api/challenges/${contest.id}/analytics/views`)
              : visitor.put(`/api/challenges/${contest.id}`, { download: [] }),
          ),
        )
        for (const response of responses) expect([200, 204]).toContain(response.status)
      }
      expect(await countsOf(contest.id)).toMatchObject({ views: 1, downloads: 1 })
    })

    it("a signed-in member is a visitor of their own; their download row is written once", async () => {
      const contest = await addContest(server)
      const anonymous = client(server.url)
      await anonymous.post(`/api/challenges/${contest.id}/analytics/views`)
      const { member, browser } = await signedInMember(server)
      const other = await signedInMember(server)
      for (let i = 0; i < 5; i++) {
        expect((await browser.post(`/api/challenges/${contest.id}/analytics/views`)).status).toBe(
          204,
        )
        const download = await browser.put(`/api/challenges/${contest.id}`, {
          download: [{ userId: member.id }],
        })
        expect(download.status).toBe(200)
        await other.browser.post(`/api/challenges/${contest.id}/analytics/views`)
      }
      expect(await countsOf(contest.id)).toMatchObject({ views: 3, downloads: 1 })
      const rows = await run(
        server,
        Effect.gen(function* () {
          const database = yield* Database
          const q = (name: string) => (database.dialect === "sqlite" ? `"${name}"` : `\`${name}\``)
          return yield* database.run((m) =>
            m.query<Array<{ n: number | string }>>(
              `SELECT COUNT(*) AS n FROM ${q("downloads")} WHERE ${q("contest_id")} = ?`,
              [contest.id],
            ),
          )
        }),
      )
      expect(Number(rows[0]?.n)).toBe(1)
      // Other metrics are not counted from the browser; an unknown contest is still a 404.
      expect((await browser.post(`/api/challenges/${contest.id}/analytics/votes`)).status).toBe(204)
      expect((await browser.post(`/api/challenges/nope/analytics/views`)).status).toBe(404)
      expect((await anonymous.put(`/api/challenges/nope`, {})).status).toBe(404)
    })
  },
)
