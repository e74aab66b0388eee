import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Member } from "../../domain/accounts/member.entity.ts"
import type { Payment } from "../../domain/billing/payment.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { encodeCursor } from "../../domain/shared/paging.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { addMember, bodyOf, roomyRateLimits, run, signedInMember } from "./support/world.ts"

/** GET /api/billing/history: your own payments from the ledger, newest first, paged. */

interface Records {
  readonly records: ReadonlyArray<{ readonly id: string; readonly [field: string]: unknown }>
  readonly nextCursor: string | null
}

const payment = (member: Member, fields: Partial<Payment>): Payment => ({
  id: crypto.randomUUID(),
  memberId: member.id,
  checkoutSessionId: `cs_test_${crypto.randomUUID()}`,
  purchase: { kind: "plan", tier: "pro" },
  amountCents: 999,
  status: "paid",
  invoiceUrl: null,
  paymentMethod: null,
  createdAt: Date.now(),
  fulfilledAt: null,
  ...fields,
})

describe.each(httpBackends)("billing on %s", (backend) => {
  let server: TestServer

  const record = (payments: ReadonlyArray<Payment>) =>
    run(
      server,
      Effect.gen(function* () {
        const ledger = yield* PaymentLedger
        for (const p of payments) yield* ledger.save(p)
      }),
    )

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("answers {records: []} for a member who never paid", async () => {
    const { browser } = await signedInMember(server)
    const response = await browser.get("/api/billing/history")
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ records: [], nextCursor: null })
  })

  it("lists your payments newest first in the spec's record shape, and nobody else's", async () => {
    const { member, browser } = await signedInMember(server)
    const other = await addMember(server)
    const base = Date.UTC(2026, 9, 1, 12)
    const plan = payment(member, {
      createdAt: base,
      invoiceUrl: "https://pay.example/invoice/1",
      paymentMethod: "Visa •••• 4242",
      fulfilledAt: base,
    })
    const extra = payment(member, {
      createdAt: base + 1000,
      purchase: { kind: "extra-entry" },
      amountCents: 299,
      status: "refunded",
    })
    const champ = payment(member, {
      createdAt: base + 2000,
      purchase: { kind: "plan", tier: "champ" },
      amountCents: 1999,
      status: "pending",
    })
    await record([plan, extra, champ, payment(other, { createdAt: base + 3000 })])

    const response = await browser.get(`/api/billing/history?user_id=${member.id}`)
    expect(response.status).toBe(200)
    const body = bodyOf<Records>(response)
    expect(body.records.map((r) => r.id)).toEqual([champ.id, extra.id, plan.id])
    expect(body.records[2]).toEqual({
      id: plan.id,
      date: new Date(base).toISOString(),
      amount: 9.99,
      currency: "usd",
      status: "paid",
      description: "Pro Plan",
      invoice_url: "https://pay.example/invoice/1",
      payment_method: "Visa •••• 4242",
      subscription_tier: "pro",
    })
    expect(body.records[1]).toMatchObject({
      amount: 2.99,
      status: "refunded",
      description: "Extra entry",
      subscription_tier: null,
    })
    expect(body.records[0]).toMatchObject({ amount: 19.99, description: "Champ Plan" })
  })

  it("pages with limit and cursor", async () => {
    const { member, browser } = await signedInMember(server)
    const base = Date.UTC(2026, 8, 1)
    const payments = Array.from({ length: 5 }, (_, i) => payment(member, { createdAt: base + i }))
    await record(payments)
    const first = await browser.get("/api/billing/history?limit=2")
    const firstBody = bodyOf<Records>(first)
    expect(firstBody.records.map((r) => r.id)).toEqual([payments[4]?.id, payments[3]?.id])
    expect(firstBody.nextCursor).toBeTruthy()
    expect(first.headers.get("x-next-cursor")).toBe(firstBody.nextCursor)
    const seen = [...firstBody.records.map((r) => r.id)]
    let cursor = firstBody.nextCursor
    while (cursor) {
      const next = bodyOf<Records>(
        await browser.get(`/api/billing/history?limit=2&cursor=${encodeURIComponent(cursor)}`),
      )
      seen.push(...next.records.map((r) => r.id))
      cursor = next.nextCursor
    }
    expect(seen).toEqual(payments.map((p) => p.id).reverse())
  })

  it("refuses another member's user_id (403), visitors (401) and bad cursors or limits (400)", async () => {
    const { browser } = await signedInMember(server)
    const other = await addMember(server)
    const foreign = await browser.get(`/api/billing/history?user_id=${other.id}`)
    expect(foreign.status).toBe(403)
    expect(foreign.body).toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/user_id/),
    })
    expect((await client(server.url).get("/api/billing/history")).status).toBe(401)
    for (const query of [
      "cursor=garbage",
      `cursor=${encodeCursor([{ nested: true }, 1])}`,
      `cursor=${encodeCursor(["2026-01-01", "x"])}`,
      "limit=500",
    ]) {
      const response = await browser.get(`/api/billing/history?${query}`)
      expect(response.status, query).toBe(400)
      expect(response.body).toMatchObject({ code: "BAD_REQUEST" })
    }
  })
})
