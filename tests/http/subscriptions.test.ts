import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  DEDUCT_REFUSED,
  PAID_TIER_REFUSED,
  SET_REFUSED,
} from "../../adapters/http/routes/subscriptions.routes.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addMember,
  roomyRateLimits,
  run,
  signedInMember,
  type Browser,
} from "./support/world.ts"

/** The subscription routes: reading is your own; credits and plans are never set by a browser. */

const setPlan = (server: TestServer, member: Member, tier: Tier, remaining?: number) =>
  run(
    server,
    Effect.gen(function* () {
      const plan = startSubscription(member.id, Date.now(), tier)
      yield* (yield* SubscriptionRepository).save({
        ...plan,
        remaining: remaining ?? plan.remaining,
      })
    }),
  )

const subscriptionOf = async (browser: Browser) => {
  const response = await browser.get("/api/subscription")
  expect(response.status).toBe(200)
  return (response.body as { subscription: { tier: string; remaining_submissions: number } })
    .subscription
}

describe.each(httpBackends)("subscriptions on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("GET /api/subscription", () => {
    it("answers your plan and credits in the spec's shape", async () => {
      const { member, browser } = await signedInMember(server)
      for (const path of ["/api/subscription", `/api/subscription?userId=${member.id}`]) {
        const response = await browser.get(path)
        expect(response.status).toBe(200)
        expect(response.body).toEqual({
          subscription: {
            tier: "free",
            remaining_submissions: 2,
            unlimited: false,
            renews_at: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
          },
        })
      }
      await addEntry(server, member, await addContest(server))
      expect(await subscriptionOf(browser)).toMatchObject({
        tier: "free",
        remaining_submissions: 1,
      })
    })

    it("shows an unlimited plan as 999 remaining, never null", async () => {
      const { member, browser } = await signedInMember(server)
      await setPlan(server, member, "champ", 0)
      expect(await subscriptionOf(browser)).toEqual({
        tier: "champ",
        remaining_submissions: 999,
        unlimited: true,
        renews_at: expect.any(String),
      })
    })

    it("refuses another member's userId (403), visitors (401) and a malformed id (400)", async () => {
      const { browser } = await signedInMember(server)
      const other = await addMember(server)
      const response = await browser.get(`/api/subscription?userId=${other.id}`)
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringMatching(/userId/),
      })
      const visitor = await client(server.url).get(`/api/subscription?userId=${other.id}`)
      expect(visitor.status).toBe(401)
      expect(visitor.body).toMatchObject({ code: "AUTHENTICATION_REQUIRED" })
      const bad = await browser.get("/api/subscription?userId=..%2F..")
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/userId/),
      })
    })
  })

  describe("POST /api/subscription/ensure-current", () => {
    it("returns your subscription, creating the free plan when there is none", async () => {
      const { member, browser } = await signedInMember(server)
      const response = await browser.post("/api/subscription/ensure-current", {
        userId: member.id,
        tier: "free",
      })
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({
        subscription: { tier: "free", remaining_submissions: 2 },
      })
      const bare = await browser.post("/api/subscription/ensure-current", {})
      expect(bare.status).toBe(200)
    })

    it("keeps a paid plan: asking for 'free' never downgrades", async () => {
      const { member, browser } = await signedInMember(server)
      await setPlan(server, member, "pro", 7)
      const response = await browser.post("/api/subscription/ensure-current", {
        userId: member.id,
        tier: "free",
      })
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({
        subscription: { tier: "pro", remaining_submissions: 7 },
      })
    })

    it("never sets a paid tier (403), and refuses unknown tiers (400), others and visitors", async () => {
      const { member, browser } = await signedInMember(server)
      const paid = await browser.post("/api/subscription/ensure-current", {
        userId: member.id,
        tier: "champ",
      })
      expect(paid.status).toBe(403)
      expect(paid.body).toEqual({ code: "FORBIDDEN", message: PAID_TIER_REFUSED })
      expect(await subscriptionOf(browser)).toMatchObject({
        tier: "free",
        remaining_submissions: 2,
      })

      const unknown = await browser.post("/api/subscription/ensure-current", { tier: "gold" })
      expect(unknown.status).toBe(400)
      expect(unknown.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/tier/),
      })

      const other = await addMember(server)
      const foreign = await browser.post("/api/subscription/ensure-current", {
        userId: other.id,
        tier: "free",
      })
      expect(foreign.status).toBe(403)
      const visitor = await client(server.url).post("/api/subscription/ensure-current", {
        userId: other.id,
        tier: "free",
      })
      expect(visitor.status).toBe(401)
    })
  })

  describe("POST /api/subscription/deduct and PUT /api/subscription", () => {
    it("refuse every member, admins included, and change nothing", async () => {
      const { member, browser } = await signedInMember(server)
      const { member: admin, browser: adminBrowser } = await signedInMember(server, {
        admin: true,
      })
      for (const [who, viewer] of [
        [member, browser],
        [admin, adminBrowser],
      ] as const) {
        const deduct = await viewer.post("/api/subscription/deduct", { userId: who.id })
        expect(deduct.status).toBe(403)
        expect(deduct.body).toEqual({ code: "FORBIDDEN", message: DEDUCT_REFUSED })

        const set = await viewer.put("/api/subscription", {
          userId: who.id,
          tier: "champ",
          remaining_submissions: 999,
        })
        expect(set.status).toBe(403)
        expect(set.body).toEqual({ code: "FORBIDDEN", message: SET_REFUSED })
        expect(await subscriptionOf(viewer)).toMatchObject({
          tier: "free",
          remaining_submissions: 2,
        })
      }
    })

    it("refuse visitors with 401, another member's id with 403 and bad bodies with 400", async () => {
      const { browser } = await signedInMember(server)
      const other = await addMember(server)
      expect((await client(server.url).post("/api/subscription/deduct", {})).status).toBe(401)
      expect((await client(server.url).put("/api/subscription", {})).status).toBe(401)
      const foreign = await browser.post("/api/subscription/deduct", { userId: other.id })
      expect(foreign.status).toBe(403)
      expect(foreign.body).toMatchObject({ message: expect.stringMatching(/userId/) })
      const typed = await browser.put("/api/subscription", { remaining_submissions: "lots" })
      expect(typed.status).toBe(400)
      expect(typed.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/remaining_submissions/),
      })
    })
  })
})
