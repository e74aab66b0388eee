import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS, type MemberSettings } from "../../domain/accounts/member-settings.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addVote,
  type Browser,
  bodyOf,
  PASSWORD,
  roomyRateLimits,
  run,
  signedInMember,
  signInBrowser,
  uniqueName,
} from "./support/world.ts"

/**
 * A member's own account over HTTP: settings (and what the privacy switches hide from others),
 * entries' thumbnails and contest names, "download my data", deleting the account, and
 * cancelling a plan (offline checkout; Stripe's side is in payments.test.ts).
 */

interface EntryItem {
  readonly id: string
  readonly imageUrl: string
  readonly thumbnailUrl: string
  readonly contestName?: string
  readonly voteCount: number
  readonly weightedScore: number
}

const PRIVATE: MemberSettings = {
  ...DEFAULT_SETTINGS,
  privacy: { ...DEFAULT_SETTINGS.privacy, publicProfile: false },
}

/** Buys a plan through the offline checkout's Pay button. */
const buyPlan = async (server: TestServer, browser: Browser, planTier: string) => {
  const opened = await browser.post("/api/stripe/subscription-session", { planTier })
  expect(opened.status, opened.text).toBe(200)
  const { sessionId } = bodyOf<{ sessionId: string }>(opened)
  const paid = await fetch(`${server.url}/checkout/offline/${sessionId}/pay`, {
    method: "POST",
    redirect: "manual",
  })
  expect(paid.status).toBe(303)
}

describe.each(httpBackends)("a member's account on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("settings", () => {
    it("are the defaults until saved; PUT saves the whole object and answers it", async () => {
      const { member, browser } = await signedInMember(server)
      const first = await browser.get(`/api/users/${member.id}/settings`)
      expect(first.status).toBe(200)
      expect(first.body).toEqual(DEFAULT_SETTINGS)

      const changed: MemberSettings = {
        ...DEFAULT_SETTINGS,
        language: "fr",
        timeZone: "America/New_York",
        push: { ...DEFAULT_SETTINGS.push, newVotes: true },
      }
      const saved = await browser.put(`/api/users/${member.id}/settings`, changed)
      expect(saved.status, saved.text).toBe(200)
      expect(saved.body).toEqual(changed)
      expect((await browser.get(`/api/users/${member.id}/settings`)).body).toEqual(changed)

      // A profile save leaves them be.
      await browser.put(`/api/users/${member.id}`, { bio: "Colors every evening" })
      expect((await browser.get(`/api/users/${member.id}/settings`)).body).toEqual(changed)
    })

    it.each([
      ["language", { ...DEFAULT_SETTINGS, language: "xx" }],
      ["timeZone", { ...DEFAULT_SETTINGS, timeZone: 42 }],
      ["privacy.publicProfile", { ...DEFAULT_SETTINGS, privacy: { publicProfile: "no" } }],
      ["email", { ...DEFAULT_SETTINGS, email: undefined }],
    ])("refuse a bad %s with 400 naming it, saving nothing", async (field, body) => {
      const { member, browser } = await signedInMember(server)
      const response = await browser.put(`/api/users/${member.id}/settings`, body)
      expect(response.status).toBe(400)
      expect(bodyOf(response)).toMatchObject({ code: "BAD_REQUEST" })
      expect(bodyOf<{ message: string }>(response).message.startsWith(`${field}: `)).toBe(true)
      expect((await browser.get(`/api/users/${member.id}/settings`)).body).toEqual(DEFAULT_SETTINGS)
    })

    it("are only the member's own: another member gets 403, a visitor 401", async () => {
      const { member } = await signedInMember(server)
      const other = await signedInMember(server)
      expect((await other.browser.get(`/api/users/${member.id}/settings`)).status).toBe(403)
      expect(
        (await other.browser.put(`/api/users/${member.id}/settings`, DEFAULT_SETTINGS)).status,
      ).toBe(403)
      expect((await client(server.url).get(`/api/users/${member.id}/settings`)).status).toBe(401)
    })
  })

  describe("privacy", () => {
    it("a private profile is 404 to others, with its entries and badges; the member sees it all", async () => {
      const { member, browser } = await signedInMember(server)
      await addEntry(server, member, await addContest(server))
      expect((await browser.put(`/api/users/${member.id}/settings`, PRIVATE)).status).toBe(200)
      const other = await signedInMember(server)
      for (const viewer of [other.browser, client(server.url)]) {
        for (const path of [
          `/api/users/${member.id}`,
          `/api/submissions/user/${member.id}`,
          `/api/badges/user/${member.id}`,
        ]) {
          const response = await viewer.get(path)
          expect(response.status, path).toBe(404)
          expect(bodyOf(response), path).toMatchObject({ code: "NOT_FOUND" })
        }
        expect((await viewer.get(`/api/submissions?user_id=${member.id}`)).body).toEqual([])
      }
      expect((await browser.get(`/api/users/${member.id}`)).status).toBe(200)
      expect(
        bodyOf<ReadonlyArray<unknown>>(await browser.get(`/api/submissions/user/${member.id}`)),
      ).toHaveLength(1)
      // The gallery still shows the entry: it is a contest entry.
      const gallery = bodyOf<{ items: ReadonlyArray<{ userId: string }> }>(
        await client(server.url).get("/api/gallery?limit=100"),
      )
      expect(gallery.items.some((item) => item.userId === member.id)).toBe(true)
    })

    it("a hidden submission history is an empty list to others, not to the member", async () => {
      const { member, browser } = await signedInMember(server)
      await addEntry(server, member, await addContest(server))
      await browser.put(`/api/users/${member.id}/settings`, {
        ...DEFAULT_SETTINGS,
        privacy: { ...DEFAULT_SETTINGS.privacy, showSubmissionHistory: false },
      })
      const other = await signedInMember(server)
      const theirs = await other.browser.get(`/api/submissions/user/${member.id}`)
      expect(theirs.status).toBe(200)
      expect(theirs.body).toEqual([])
      expect(theirs.headers.get("x-next-cursor")).toBeNull()
      expect((await other.browser.get(`/api/submissions?user_id=${member.id}`)).body).toEqual([])
      expect((await other.browser.get(`/api/users/${member.id}`)).status).toBe(200)
      expect(
        bodyOf<ReadonlyArray<unknown>>(await browser.get(`/api/submissions/user/${member.id}`)),
      ).toHaveLength(1)
      expect(
        bodyOf<ReadonlyArray<unknown>>(await browser.get(`/api/submissions?user_id=${member.id}`)),
      ).toHaveLength(1)
    })

    it("hidden badges are an empty list to others", async () => {
      const { member, browser } = await signedInMember(server)
      await browser.put(`/api/users/${member.id}/settings`, {
        ...DEFAULT_SETTINGS,
        privacy: { ...DEFAULT_SETTINGS.privacy, showAchievementBadges: false },
      })
      const response = await client(server.url).get(`/api/badges/user/${member.id}`)
      expect(response.status).toBe(200)
      expect(response.body).toEqual([])
    })

    it("the join date shows to others only when the member shows it (hidden by default)", async () => {
      const { member, browser } = await signedInMember(server)
      const visitor = client(server.url)
      const hidden = bodyOf<Record<string, unknown>>(await visitor.get(`/api/users/${member.id}`))
      expect(hidden).toMatchObject({ createdDate: null, created_at: null })
      const own = bodyOf<Record<string, unknown>>(await browser.get(`/api/users/${member.id}`))
      expect(own.createdDate).toEqual(expect.any(String))
      await browser.put(`/api/users/${member.id}/settings`, {
        ...DEFAULT_SETTINGS,
        privacy: { ...DEFAULT_SETTINGS.privacy, showJoinDate: true },
      })
      const shown = bodyOf<Record<string, unknown>>(await visitor.get(`/api/users/${member.id}`))
      expect(shown.createdDate).toBe(own.createdDate)
    })
  })

  describe("entries' thumbnails and contest names", () => {
    it("every entry list gives the 480 px thumbnail's URL, which serves the thumbnail", async () => {
      const { member } = await signedInMember(server)
      const medium = uniqueName("medium")
      const contest = await addContest(server)
      const entry = await addEntry(server, member, contest, { contestType: medium })
      const expected = `/images/${entry.image.replace(/\.webp$/, ".thumb.webp")}`

      const mine = bodyOf<ReadonlyArray<EntryItem>>(
        await client(server.url).get(`/api/submissions/user/${member.id}`),
      )
      expect(mine[0]).toMatchObject({
        id: entry.id,
        imageUrl: `/images/${entry.image}`,
        thumbnailUrl: expected,
        contestName: contest.title,
      })
      const gallery = bodyOf<{ items: ReadonlyArray<EntryItem> }>(
        await client(server.url).get(`/api/gallery?contestId=${contest.id}`),
      )
      expect(gallery.items[0]?.thumbnailUrl).toBe(expected)
      const board = bodyOf<{ rows: ReadonlyArray<{ thumbnailUrl: string }> }>(
        await client(server.url).get(`/api/leaderboard?contestType=${medium}`),
      )
      expect(board.rows[0]?.thumbnailUrl).toBe(expected)

      const thumbnail = await fetch(`${server.url}${expected}`)
      expect(thumbnail.status).toBe(200)
      expect(thumbnail.headers.get("content-type")).toBe("image/webp")
      const display = await fetch(`${server.url}/images/${entry.image}`)
      expect(Number(thumbnail.headers.get("content-length"))).toBeLessThan(
        Number(display.headers.get("content-length")),
      )
    })
  })

  describe("download my data", () => {
    it("is a JSON attachment of everything held on the member, never a secret", async () => {
      const { member, browser } = await signedInMember(server)
      const other = await signedInMember(server)
      const contest = await addContest(server)
      const own = await addEntry(server, member, contest)
      const theirs = await addEntry(server, other.member, contest)
      await addVote(server, member, theirs)
      await browser.post("/api/email/contact", {
        name: "Ada",
        email: member.email,
        subject: "Hello",
        message: "A question about plans.",
      })
      await browser.put(`/api/users/${member.id}/settings`, { ...DEFAULT_SETTINGS, language: "de" })
      const freeEntry = await browser.post("/api/drawings/free-entry")
      expect(freeEntry.status, freeEntry.text).toBe(200)
      const { month } = bodyOf<{ month: string }>(freeEntry)
      // On Color Lite for a while, then back to free: the plan period stays in the export.
      await run(
        server,
        Effect.gen(function* () {
          const subscriptions = yield* SubscriptionRepository
          const plan = Option.getOrThrow(yield* subscriptions.find(member.id))
          yield* subscriptions.save({ ...plan, tier: "lite" })
          yield* subscriptions.save(plan)
        }),
      )

      const response = await browser.get(`/api/users/${member.id}/export`)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8")
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="colorday-data-${member.username}.json"`,
      )
      expect(response.headers.get("cache-control")).toBe("no-store")
      const data = bodyOf<{
        profile: Record<string, unknown>
        settings: MemberSettings
        subscription: { tier: string }
        planPeriods: ReadonlyArray<unknown>
        entries: ReadonlyArray<{ id: string; imageUrl: string; contestName: string }>
        votes: ReadonlyArray<{ entryId: string; contestId: string; weight: number; date: string }>
        badges: ReadonlyArray<unknown>
        downloads: ReadonlyArray<unknown>
        payments: ReadonlyArray<unknown>
        contactMessages: ReadonlyArray<{ subject: string }>
        freeDrawingEntries: ReadonlyArray<{ month: string; requestedAt: string }>
        sessions: ReadonlyArray<Record<string, unknown>>
      }>(response)
      expect(data.profile).toMatchObject({ id: member.id, email: member.email })
      expect(data.settings.language).toBe("de")
      expect(data.subscription.tier).toBe("free")
      expect(data.planPeriods).toEqual([
        { tier: "lite", plan: "Color Lite", from: expect.any(String), until: expect.any(String) },
      ])
      expect(data.entries).toEqual([
        expect.objectContaining({
          id: own.id,
          imageUrl: `${server.url}/images/${own.image}`,
          contestName: contest.title,
        }),
      ])
      expect(data.votes).toEqual([
        { entryId: theirs.id, contestId: contest.id, weight: 1, date: expect.any(String) },
      ])
      expect(data.contactMessages.map((message) => message.subject)).toEqual(["Hello"])
      expect(data.freeDrawingEntries).toEqual([{ month, requestedAt: expect.any(String) }])
      expect(data.sessions.length).toBeGreaterThanOrEqual(1)
      for (const session of data.sessions) {
        expect(Object.keys(session).sort()).toEqual(["createdAt", "expiresAt", "lastSeenAt"])
      }
      expect(response.text).not.toMatch(/passwordHash|password_hash|scrypt\$/)
      const cookieToken = browser.cookie?.split("=")[1] ?? "no cookie"
      expect(response.text).not.toContain(cookieToken)
    })

    it("is only the member's own", async () => {
      const { member } = await signedInMember(server)
      const other = await signedInMember(server)
      expect((await other.browser.get(`/api/users/${member.id}/export`)).status).toBe(403)
      expect((await client(server.url).get(`/api/users/${member.id}/export`)).status).toBe(401)
    })
  })

  describe("deleting the account", () => {
    it("refuses a wrong password with 400 on the password field, and another member's account", async () => {
      const { member, browser } = await signedInMember(server)
      const wrong = await browser.request("DELETE", `/api/users/${member.id}`, {
        password: "not my password",
      })
      expect(wrong.status).toBe(400)
      expect(bodyOf(wrong)).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: [{ field: "password", message: "Your password is incorrect" }],
      })
      const missing = await browser.request("DELETE", `/api/users/${member.id}`)
      expect(missing.status).toBe(400)
      expect(bodyOf<{ message: string }>(missing).message).toBe("password: Missing key")
      const other = await signedInMember(server)
      const theirs = await other.browser.request("DELETE", `/api/users/${member.id}`, {
        password: PASSWORD,
      })
      expect(theirs.status).toBe(403)
      expect((await browser.get("/api/session")).status).toBe(200)
    })

    it("ends the account: 204, signed out, no sign-in; the e-mail signs up again; votes stay", async () => {
      const { member, browser } = await signedInMember(server)
      const second = await signInBrowser(server, member)
      const other = await signedInMember(server)
      const contest = await addContest(server)
      const own = await addEntry(server, member, contest)
      const theirs = await addEntry(server, other.member, contest)
      await addVote(server, member, theirs)
      await addVote(server, other.member, own)

      const deleted = await browser.request("DELETE", `/api/users/${member.id}`, {
        password: PASSWORD,
      })
      expect(deleted.status, deleted.text).toBe(204)
      expect(deleted.headers.get("set-cookie")).toMatch(/colorday_session=;/)
      expect(browser.cookie).toBeNull()
      // Every session ended, this browser's and the other one's.
      expect((await second.get("/api/session")).status).toBe(401)

      const signIn = await client(server.url).post("/api/users/login", {
        email: member.email,
        password: PASSWORD,
      })
      expect(signIn.status).toBe(401)
      expect((await client(server.url).get(`/api/users/${member.id}`)).status).toBe(404)

      // Their entry has left the gallery and its picture is gone; the vote they cast still counts.
      const gallery = bodyOf<{ items: ReadonlyArray<EntryItem> }>(
        await client(server.url).get(`/api/gallery?contestId=${contest.id}`),
      )
      expect(gallery.items.map((item) => item.id)).toEqual([theirs.id])
      expect(gallery.items[0]).toMatchObject({ voteCount: 1, weightedScore: 1 })
      expect((await fetch(`${server.url}/images/${own.image}`)).status).toBe(404)
      expect((await fetch(`${server.url}/images/${theirs.image}`)).status).toBe(200)

      const again = await client(server.url).post("/api/users", {
        email: member.email,
        password: PASSWORD,
        firstName: "Ada",
        lastName: "Again",
        username: member.username,
        dateOfBirth: "1990-05-17",
      })
      expect(again.status, again.text).toBe(201)
    })
  })

  describe("cancelling a plan", () => {
    it("goes back to free with at most the free allowance; the free plan is 409 NO_PAID_PLAN", async () => {
      const { browser } = await signedInMember(server)
      const free = await browser.post("/api/subscription/cancel")
      expect(free.status).toBe(409)
      expect(bodyOf(free)).toMatchObject({ code: "NO_PAID_PLAN" })

      await buyPlan(server, browser, "pro")
      const before = bodyOf<{ subscription: { tier: string } }>(
        await browser.get("/api/subscription"),
      )
      expect(before.subscription.tier).toBe("pro")
      const cancelled = await browser.post("/api/subscription/cancel")
      expect(cancelled.status, cancelled.text).toBe(200)
      expect(bodyOf(cancelled)).toEqual({
        subscription: expect.objectContaining({
          tier: "free",
          remaining_submissions: 2,
          unlimited: false,
        }),
      })
      expect(bodyOf(await browser.get("/api/subscription"))).toEqual(bodyOf(cancelled))
      // The payment stays in billing history.
      const history = bodyOf<{ records: ReadonlyArray<unknown> }>(
        await browser.get("/api/billing/history"),
      )
      expect(history.records).toHaveLength(1)
    })
  })
})
