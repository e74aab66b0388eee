import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  type Browser,
  bodyOf,
  roomyRateLimits,
  run,
  signedInMember,
  storeEntryImage,
  uniqueName,
} from "./support/world.ts"

/**
 * Issue 19: the daily default prize the admin sets in one place (GET/PUT
 * /api/admin/settings/default-prize), given to a daily contest created without a prize; and
 * subscribers-only contests, which everyone sees and only paid plans enter.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe.each(httpBackends)("default prize and subscribers-only contests on %s", (backend) => {
  let server: TestServer
  let admin: Browser

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    ;({ browser: admin } = await signedInMember(server, { admin: true }))
  })
  afterAll(async () => {
    await server?.close()
  })

  const onTier = (memberId: string, tier: Tier) =>
    run(
      server,
      Effect.gen(function* () {
        yield* (yield* SubscriptionRepository).save(startSubscription(memberId, Date.now(), tier))
      }),
    )

  /** A day far enough ahead that no other test of this file schedules it. */
  let dayOffset = 30
  const nextDay = () => new Date(Date.now() + dayOffset++ * DAY).toISOString().slice(0, 10)

  it("keeps the daily default prize, gives it to a daily contest sent without one, and audits it", async () => {
    const none = await admin.get("/api/admin/settings/default-prize")
    expect(none.status, none.text).toBe(200)
    expect(none.body).toEqual({ prize: null })

    const set = await admin.put("/api/admin/settings/default-prize", {
      prize: { kind: "cash", text: " Cash prize ", amount: 2500 },
    })
    expect(set.status, set.text).toBe(200)
    const cash = { kind: "cash", text: "Cash prize", amount: 2500, line: "$25 (Cash prize)" }
    expect(set.body).toEqual({ prize: cash })
    expect((await admin.get("/api/admin/settings/default-prize")).body).toEqual({ prize: cash })

    const schedule = (prize?: unknown) =>
      admin.post("/api/admin/contests/schedule", {
        date: nextDay(),
        timeZone: "UTC",
        title: "Lighthouse",
        description: "A lighthouse at dusk",
        ...(prize === undefined ? {} : { prize }),
      })
    const defaulted = await schedule()
    expect(defaulted.status, defaulted.text).toBe(201)
    expect(bodyOf(defaulted)).toMatchObject({ contestType: "daily", prize: cash })
    // Null is no prize on purpose; a prize sent is kept as sent.
    expect(bodyOf(await schedule(null))).toMatchObject({ prize: null })
    const own = await schedule({ kind: "credits", text: "Free entries", amount: 3 })
    expect(bodyOf(own)).toMatchObject({ prize: { kind: "credits", amount: 3 } })
    // Another contest type does not take the daily default.
    const weekly = await admin.post("/api/admin/contests", {
      title: "Harbour",
      description: "Boats in a harbour",
      contestType: uniqueName("weekly"),
      artStyle: "ink",
      startsAt: new Date(Date.now() + HOUR).toISOString(),
      endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    })
    expect(weekly.status, weekly.text).toBe(201)
    expect(bodyOf(weekly)).toMatchObject({ prize: null })

    const refused = await admin.put("/api/admin/settings/default-prize", {
      prize: { kind: "cash", text: "Cash", amount: null },
    })
    expect(refused.status).toBe(400)
    expect(bodyOf<{ message: string }>(refused).message).toContain("prize.amount")

    expect((await admin.put("/api/admin/settings/default-prize", { prize: null })).body).toEqual({
      prize: null,
    })
    expect(bodyOf(await schedule())).toMatchObject({ prize: null })

    const audit = await admin.get("/api/admin/audit?targetType=site-setting")
    expect(audit.status, audit.text).toBe(200)
    const rows = bodyOf<{ items: Array<{ action: string; before: unknown; after: unknown }> }>(
      audit,
    ).items
    expect(rows.map((row) => row.action)).toEqual(["site.default-prize", "site.default-prize"])
    expect(rows[0]).toMatchObject({
      before: { prize: { kind: "cash", amount: 2500 } },
      after: { prize: null },
    })
  })

  it("is for admins only", async () => {
    const { browser } = await signedInMember(server)
    expect((await browser.get("/api/admin/settings/default-prize")).status).toBe(403)
    const put = await browser.put("/api/admin/settings/default-prize", { prize: null })
    expect(put.status).toBe(403)
    expect((await client(server.url).get("/api/admin/settings/default-prize")).status).toBe(401)
  })

  it("shows a subscribers-only contest to everyone and refuses a free member's entry with the way to a plan", async () => {
    const created = await admin.post("/api/admin/contests", {
      title: "Members' orchard",
      description: "Apple trees",
      contestType: uniqueName("members"),
      artStyle: "botanical",
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
      subscribersOnly: true,
    })
    expect(created.status, created.text).toBe(201)
    const contest = bodyOf<{ id: string; subscribersOnly: boolean }>(created)
    expect(contest.subscribersOnly).toBe(true)
    const seen = await client(server.url).get(`/api/challenges/${contest.id}`)
    expect(seen.status).toBe(200)
    expect(bodyOf(seen)).toMatchObject({ subscribersOnly: true })

    const free = await signedInMember(server)
    const refused = await free.browser.post("/api/submissions", {
      file_path: await storeEntryImage(server),
      challenge_id: contest.id,
    })
    expect(refused.status, refused.text).toBe(403)
    expect(refused.body).toMatchObject({ code: "SUBSCRIBERS_ONLY", upgradeUrl: "/pricing" })
    const after = await free.browser.get("/api/subscription")
    expect(bodyOf<{ subscription: { remaining_submissions: number } }>(after)).toMatchObject({
      subscription: { remaining_submissions: 2 },
    })

    const lite = await signedInMember(server)
    await onTier(lite.member.id, "lite")
    const entered = await lite.browser.post("/api/submissions", {
      file_path: await storeEntryImage(server),
      challenge_id: contest.id,
    })
    expect(entered.status, entered.text).toBe(201)
    const entries = await client(server.url).get(
      `/api/submissions/by-challenge/search?challenge_id=${contest.id}`,
    )
    expect(entries.status, entries.text).toBe(200)
    expect(bodyOf<Array<{ user_id: string }>>(entries).map((e) => e.user_id)).toEqual([
      lite.member.id,
    ])

    // The admin can open it to everyone again.
    const opened = await admin.put(`/api/admin/contests/${contest.id}`, { subscribersOnly: false })
    expect(opened.status, opened.text).toBe(200)
    expect(bodyOf(opened)).toMatchObject({ subscribersOnly: false })
    const now = await free.browser.post("/api/submissions", {
      file_path: await storeEntryImage(server),
      challenge_id: contest.id,
    })
    expect(now.status, now.text).toBe(201)
  })
})
