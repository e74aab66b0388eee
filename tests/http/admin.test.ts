import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import { SUSPENDED_REASON } from "../../domain/accounts/member-admin.use-case.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import { MAX_CALENDAR_DAYS } from "../../domain/contests/contest-calendar.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { createContest } from "../../domain/contests/create-contest.use-case.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addMember,
  addVote,
  type Browser,
  bodyOf,
  insertEntry,
  PASSWORD,
  roomyRateLimits,
  run,
  signedInMember,
  signInBrowser,
  uniqueName,
} from "./support/world.ts"

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The admin API's behaviour (apps/admin/README.md); who may call it is the authorization
 * matrix's business. Every change must leave one audit row naming the admin, with before/after.
 */

interface AuditRow {
  readonly actor: { readonly id: string; readonly username: string } | null
  readonly action: string
  readonly targetType: string
  readonly targetId: string
  readonly before: Record<string, unknown> | null
  readonly after: Record<string, unknown> | null
}

describe.each(httpBackends)("the admin API on %s", (backend) => {
  let server: TestServer
  let admin: Member
  let browser: Browser

  const auditOf = async (targetId: string): Promise<ReadonlyArray<AuditRow>> => {
    const response = await browser.get(`/api/admin/audit?targetId=${encodeURIComponent(targetId)}`)
    expect(response.status, response.text).toBe(200)
    return bodyOf<{ items: ReadonlyArray<AuditRow> }>(response).items
  }

  const outbox = () =>
    run(
      server,
      Effect.gen(function* () {
        return yield* (yield* OutboxRepository).latest(50)
      }),
    )

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    ;({ member: admin, browser } = await signedInMember(server, { admin: true }))
  })
  afterAll(async () => {
    await server?.close()
  })

  it("creates a contest, names a clash, and edits only what may still change", async () => {
    const contestType = uniqueName("weekly").toLowerCase()
    const body = {
      title: "Botanical week",
      description: "Leaves and flowers",
      contestType,
      artStyle: "botanical",
      startsAt: "2032-03-07T00:00:00Z",
      endsAt: "2032-03-14T00:00:00Z",
    }
    const createdResponse = await browser.post("/api/admin/contests", body)
    expect(createdResponse.status, createdResponse.text).toBe(201)
    const contest = bodyOf<{ id: string; status: string; startsAt: string }>(createdResponse)
    expect(contest).toMatchObject({ status: "scheduled", startsAt: "2032-03-07T00:00:00.000Z" })

    const clash = await browser.post("/api/admin/contests", { ...body, title: "Another" })
    expect(clash.status).toBe(409)
    expect(clash.body).toMatchObject({ code: "CONTEST_OVERLAP" })

    const bad = await browser.post("/api/admin/contests", { ...body, startsAt: "next tuesday" })
    expect(bad.status).toBe(400)
    expect(bodyOf<{ message: string }>(bad).message).toContain("startsAt")

    const moved = await browser.put(`/api/admin/contests/${contest.id}`, {
      title: "Botanical fortnight",
      endsAt: "2032-03-21T00:00:00Z",
    })
    expect(moved.status, moved.text).toBe(200)
    expect(moved.body).toMatchObject({
      title: "Botanical fortnight",
      endsAt: "2032-03-21T00:00:00.000Z",
    })

    const open = await addContest(server, "open")
    const late = await browser.put(`/api/admin/contests/${open.id}`, {
      endsAt: "2032-03-21T00:00:00Z",
    })
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ code: "CONTEST_LOCKED" })
    const retitled = await browser.put(`/api/admin/contests/${open.id}`, { title: "Renamed" })
    expect(retitled.status, retitled.text).toBe(200)

    const rows = await auditOf(contest.id)
    expect(rows.map((row) => row.action)).toEqual(["contest.update", "contest.create"])
    expect(rows[0]).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      targetType: "contest",
      before: { title: "Botanical week", endsAt: "2032-03-14T00:00:00.000Z" },
      after: { title: "Botanical fortnight", endsAt: "2032-03-21T00:00:00.000Z" },
    })
    expect(rows[1]?.before).toBeNull()
  })

  it("schedules a local day's daily contest and shows it on the calendar, other days free", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString("en-CA", {
      timeZone: "Pacific/Auckland",
    })
    const response = await browser.post("/api/admin/contests/schedule", {
      date: tomorrow,
      timeZone: "Pacific/Auckland",
      title: "Tomorrow's page",
      description: "Koi",
    })
    expect(response.status, response.text).toBe(201)
    const contest = bodyOf<{ id: string; startsAt: string; endsAt: string }>(response)
    // Midnight in Auckland is 11:00 or 12:00 UTC the day before.
    expect(contest.startsAt).toMatch(/T1[12]:00:00\.000Z$/)

    const again = await browser.post("/api/admin/contests/schedule", {
      date: tomorrow,
      timeZone: "Pacific/Auckland",
      title: "Twice",
      description: "",
    })
    expect(again.status).toBe(409)

    const calendar = await browser.get("/api/admin/calendar?days=30&tz=Pacific%2FAuckland")
    expect(calendar.status, calendar.text).toBe(200)
    const days = bodyOf<{ days: Array<{ date: string; contests: Array<{ id: string }> }> }>(
      calendar,
    ).days
    expect(days).toHaveLength(30)
    expect(days[1]?.date).toBe(tomorrow)
    expect(days[1]?.contests.map((c) => c.id)).toContain(contest.id)
    expect(days.some((day) => day.contests.length === 0)).toBe(true)
    expect((await auditOf(contest.id)).map((row) => row.action)).toEqual(["contest.schedule"])

    const cancelled = await browser.post(`/api/admin/contests/${contest.id}/cancel`, {
      reason: "no",
    })
    expect(cancelled.status).toBe(400)
    expect(bodyOf<{ message: string }>(cancelled).message).toContain("reason")
    const done = await browser.post(`/api/admin/contests/${contest.id}/cancel`, {
      reason: "The artist withdrew the page",
    })
    expect(done.status, done.text).toBe(200)
    expect(done.body).toMatchObject({ status: "cancelled" })
    const freed = bodyOf<{ days: Array<{ date: string; contests: Array<{ id: string }> }> }>(
      await browser.get("/api/admin/calendar?days=3&tz=Pacific%2FAuckland"),
    ).days
    expect(freed[1]?.contests.map((c) => c.id)).not.toContain(contest.id)
  })

  it("cancelling a running contest gives every entry's credit back and mails each entrant once", async () => {
    const contest = await addContest(server)
    const ann = await addMember(server)
    const ben = await addMember(server)
    // The free plan's two credits, both spent on this contest; ben spends one of his.
    await addEntry(server, ann, contest)
    await addEntry(server, ann, contest)
    await addEntry(server, ben, contest)
    const creditsOf = (member: Member) =>
      run(
        server,
        Effect.gen(function* () {
          const found = yield* (yield* SubscriptionRepository).find(member.id)
          return found._tag === "Some" ? found.value.remaining : null
        }),
      )
    expect([await creditsOf(ann), await creditsOf(ben)]).toEqual([0, 1])
    const galleryTab = async (tab: string) => {
      const answer = await client(server.url).get(
        `/api/gallery?contestId=${contest.id}&tab=${tab}&tz=UTC`,
      )
      expect(answer.status, answer.text).toBe(200)
      return bodyOf<{ items: Array<{ id: string }> }>(answer).items.length
    }
    expect(await galleryTab("today")).toBe(3)

    const done = await browser.post(`/api/admin/contests/${contest.id}/cancel`, {
      reason: "The line art was printed upside down",
    })
    expect(done.status, done.text).toBe(200)
    expect([await creditsOf(ann), await creditsOf(ben)]).toEqual([2, 2])
    // Out of Today's Contest; still in All (and on the members' profiles).
    expect(await galleryTab("today")).toBe(0)
    expect(await galleryTab("all")).toBe(3)
    const annsList = await client(server.url).get(`/api/submissions/user/${ann.id}`)
    expect(annsList.status, annsList.text).toBe(200)
    expect(bodyOf<Array<{ contestCancelled?: boolean }>>(annsList)).toEqual([
      expect.objectContaining({ contestName: contest.title, contestCancelled: true }),
      expect.objectContaining({ contestName: contest.title, contestCancelled: true }),
    ])
    const mails = (await outbox()).filter(
      (mail) => mail.kind === "contest-cancelled" && mail.subject.includes(contest.title),
    )
    expect(mails.map((mail) => mail.to).sort()).toEqual([ann.email, ben.email].sort())
    expect(mails.every((mail) => mail.text.includes("The line art was printed upside down"))).toBe(
      true,
    )
    expect((await auditOf(contest.id)).at(-1)?.after).toMatchObject({
      entrants: 2,
      creditsReturned: 3,
    })
    // A second cancel is refused, so nothing comes back twice.
    const again = await browser.post(`/api/admin/contests/${contest.id}/cancel`, {
      reason: "Once more",
    })
    expect(again.status).toBe(409)
    expect([await creditsOf(ann), await creditsOf(ben)]).toEqual([2, 2])
  })

  it("hides an entry with a reason its member sees, out of the gallery, and restores it", async () => {
    const artist = await signedInMember(server)
    const contest = await addContest(server, "open")
    const entry = await addEntry(server, artist.member, contest)

    const noReason = await browser.post(`/api/admin/entries/${entry.id}/moderation`, {
      action: "hide",
    })
    expect(noReason.status).toBe(400)
    expect(bodyOf<{ message: string }>(noReason).message).toContain("reason")

    const hidden = await browser.post(`/api/admin/entries/${entry.id}/moderation`, {
      action: "hide",
      reason: "The photo shows a different page",
    })
    expect(hidden.status, hidden.text).toBe(200)
    expect(hidden.body).toMatchObject({
      moderation: "hidden",
      moderationReason: "The photo shows a different page",
      artistEmail: artist.member.email,
    })

    const gallery = await client(server.url).get(
      `/api/submissions/by-challenge/search?challenge_id=${contest.id}`,
    )
    expect(bodyOf<Array<{ id: string }>>(gallery).map((e) => e.id)).not.toContain(entry.id)

    const own = await artist.browser.get(`/api/submissions/user/${artist.member.id}`)
    expect(own.status, own.text).toBe(200)
    expect(bodyOf<Array<Record<string, unknown>>>(own)).toContainEqual(
      expect.objectContaining({
        id: entry.id,
        status: "hidden",
        moderationReason: "The photo shows a different page",
      }),
    )
    const seenByOthers = await client(server.url).get(`/api/submissions/user/${artist.member.id}`)
    expect(bodyOf<Array<{ id: string }>>(seenByOthers).map((e) => e.id)).not.toContain(entry.id)

    const listed = await browser.get(`/api/admin/contests/${contest.id}/entries`)
    expect(bodyOf<{ items: Array<{ id: string; moderation: string }> }>(listed).items).toEqual([
      expect.objectContaining({ id: entry.id, moderation: "hidden" }),
    ])

    const restored = await browser.post(`/api/admin/entries/${entry.id}/moderation`, {
      action: "restore",
    })
    expect(restored.body).toMatchObject({ moderation: "visible", moderationReason: null })
    const rows = await auditOf(entry.id)
    expect(rows.map((row) => row.action)).toEqual(["entry.restore", "entry.hide"])
    expect(rows[1]).toMatchObject({
      targetType: "entry",
      before: { moderation: "visible" },
      after: { moderation: "hidden", moderationReason: "The photo shows a different page" },
    })
  })

  it("closes an ended contest, ranks it, announces the winner by mail, and refuses twice", async () => {
    const contest = await addContest(server, "open")
    const winner = await addMember(server)
    const runnerUp = await addMember(server)
    const voters = [await addMember(server), await addMember(server)]
    const first = await addEntry(server, winner, contest)
    const second = await addEntry(server, runnerUp, contest)
    for (const voter of voters) await addVote(server, voter, first)
    await addVote(server, voters[0] as Member, second)

    const early = await browser.post(`/api/admin/contests/${contest.id}/close`)
    expect(early.status).toBe(409)
    const notClosed = await browser.post(`/api/admin/contests/${contest.id}/announce`)
    expect(notClosed.body).toMatchObject({ code: "CONTEST_NOT_CLOSED" })

    // The contest ends (an hour ago).
    await run(
      server,
      Effect.gen(function* () {
        const contests = yield* ContestRepository
        const stored = yield* contests.get(contest.id)
        yield* contests.save({ ...stored, endsAt: Date.now() - 3_600_000 })
      }),
    )
    const closed = await browser.post(`/api/admin/contests/${contest.id}/close`)
    expect(closed.status, closed.text).toBe(200)
    expect(closed.body).toMatchObject({
      status: "ended",
      result: { winnerEntryId: first.id, winnerRawVotes: 2, totalEntries: 2, totalVotes: 3 },
    })

    const ranking = bodyOf<{ rows: Array<{ rank: number; entryId: string; rawVotes: number }> }>(
      await browser.get(`/api/admin/contests/${contest.id}/ranking`),
    )
    expect(ranking.rows.map((row) => [row.rank, row.entryId, row.rawVotes])).toEqual([
      [1, first.id, 2],
      [2, second.id, 1],
    ])

    const announced = await browser.post(`/api/admin/contests/${contest.id}/announce`)
    expect(announced.status, announced.text).toBe(200)
    expect(announced.body).toMatchObject({ status: "announced" })
    // The winner's mail (the results mail to each entrant is results.test.ts's business).
    const mail = (await outbox()).find(
      (m) => m.to === winner.email && m.subject.startsWith("You won"),
    )
    expect(mail?.subject).toBe(`You won "${contest.title}"!`)
    expect(mail?.text).toContain("2 votes")

    const twice = await browser.post(`/api/admin/contests/${contest.id}/announce`)
    expect(twice.status).toBe(409)
    expect(twice.body).toMatchObject({ code: "ALREADY_ANNOUNCED" })
    expect((await auditOf(contest.id)).map((row) => row.action)).toEqual([
      "contest.announce",
      "contest.close",
    ])
  })

  it("suspends a member: sessions end, sign-in refused, entries hidden; lifting shows them again", async () => {
    const target = await signedInMember(server)
    const contest = await addContest(server, "open")
    const kept = await addEntry(server, target.member, contest)
    const other = await insertEntry(server, target.member, contest, {
      moderation: "disqualified",
      moderationReason: "Traced from a photo",
    })

    const own = await browser.post(`/api/admin/members/${admin.id}/suspension`, {
      suspended: true,
    })
    expect(own.body).toMatchObject({ code: "SELF_SUSPENSION" })

    const suspended = await browser.post(`/api/admin/members/${target.member.id}/suspension`, {
      suspended: true,
      reason: "Spam entries",
    })
    expect(suspended.status, suspended.text).toBe(200)
    expect(bodyOf<{ suspendedAt: string | null }>(suspended).suspendedAt).not.toBeNull()
    expect((await target.browser.get("/api/session")).status).toBe(401)
    const signIn = await client(server.url).post("/api/users/login", {
      email: target.member.email,
      password: PASSWORD,
    })
    expect(signIn.body).toMatchObject({ code: "ACCOUNT_SUSPENDED" })

    const detail = bodyOf<{
      entries: Array<{ id: string; moderation: string; moderationReason: string | null }>
    }>(await browser.get(`/api/admin/members/${target.member.id}`))
    expect(detail.entries.find((e) => e.id === kept.id)).toMatchObject({
      moderation: "hidden",
      moderationReason: SUSPENDED_REASON,
    })

    const lifted = await browser.post(`/api/admin/members/${target.member.id}/suspension`, {
      suspended: false,
    })
    expect(bodyOf<{ suspendedAt: string | null }>(lifted).suspendedAt).toBeNull()
    const after = bodyOf<{ entries: Array<{ id: string; moderation: string }> }>(
      await browser.get(`/api/admin/members/${target.member.id}`),
    ).entries
    expect(after.find((e) => e.id === kept.id)?.moderation).toBe("visible")
    // An entry an admin took out on its own stays out.
    expect(after.find((e) => e.id === other.id)?.moderation).toBe("disqualified")
    expect((await auditOf(target.member.id)).map((row) => row.action)).toEqual([
      "member.unsuspend",
      "member.suspend",
    ])
  })

  it("finds members, makes admins, and never lets an admin demote themself", async () => {
    const found = await addMember(server)
    const search = await browser.get(
      `/api/admin/members?q=${encodeURIComponent(found.email.toUpperCase())}`,
    )
    expect(bodyOf<{ items: Array<{ id: string; tier: string }> }>(search).items).toEqual([
      expect.objectContaining({ id: found.id, tier: "free", emailVerified: true }),
    ])
    const promoted = await browser.post(`/api/admin/members/${found.id}/admin`, { isAdmin: true })
    expect(promoted.body).toMatchObject({ isAdmin: true })
    const self = await browser.post(`/api/admin/members/${admin.id}/admin`, { isAdmin: false })
    expect(self.status).toBe(409)
    expect(self.body).toMatchObject({ code: "SELF_DEMOTION" })
    const wildcard = await browser.get("/api/admin/members?q=%25")
    expect(bodyOf<{ items: unknown[] }>(wildcard).items).toEqual([])
  })

  it("grants a badge once, and streams the backfill's progress as NDJSON", async () => {
    const member = await addMember(server)
    const grant = () =>
      browser.post("/api/admin/badges/grant", { memberId: member.id, badgeId: "hat-trick" })
    const first = await grant()
    expect(first.status, first.text).toBe(200)
    expect(first.body).toMatchObject({ id: "hat-trick" })
    expect((await grant()).body).toMatchObject({
      earnedAt: bodyOf<{ earnedAt: string }>(first).earnedAt,
    })
    expect((await auditOf(member.id)).filter((row) => row.action === "badge.grant")).toHaveLength(1)

    const backfill = await browser.post("/api/admin/badges/backfill")
    expect(backfill.status).toBe(200)
    expect(backfill.headers.get("content-type")).toContain("application/x-ndjson")
    const lines = backfill.text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; done?: number; total?: number })
    expect(lines[0]).toMatchObject({ type: "progress", done: 0 })
    expect(lines.at(-2)).toMatchObject({ type: "progress" })
    expect(lines.at(-2)?.done).toBe(lines.at(-2)?.total)
    expect(lines.at(-1)).toMatchObject({ type: "done" })
  })

  it("answers a contact message by mail from the support address and marks it handled", async () => {
    const email = `${uniqueName("asker")}@example.test`
    const sent = await client(server.url).post("/api/email/contact", {
      name: "Ada",
      email,
      subject: "Credits",
      message: "Do credits carry over?",
    })
    expect(sent.status, sent.text).toBe(200)
    const unhandled = bodyOf<{ items: Array<{ id: string; email: string }> }>(
      await browser.get("/api/admin/messages?status=unhandled"),
    ).items
    const message = unhandled.find((m) => m.email === email)
    expect(message).toBeDefined()
    const overview = bodyOf<{ unreadMessages: number }>(await browser.get("/api/admin/overview"))
    expect(overview.unreadMessages).toBeGreaterThan(0)

    const reply = await browser.post(`/api/admin/messages/${message?.id}/reply`, {
      subject: "Re: Credits",
      body: "They renew on the 1st.",
    })
    expect(reply.status, reply.text).toBe(200)
    expect(bodyOf<{ handledAt: string | null }>(reply).handledAt).not.toBeNull()
    const mail = (await outbox()).find((m) => m.to === email && m.subject === "Re: Credits")
    expect(mail?.text).toContain("They renew on the 1st.")
    expect(mail?.text).toContain("> Do credits carry over?")
    const still = bodyOf<{ items: Array<{ id: string }> }>(
      await browser.get("/api/admin/messages?status=unhandled"),
    ).items
    expect(still.map((m) => m.id)).not.toContain(message?.id)
    const reopened = await browser.post(`/api/admin/messages/${message?.id}/handled`, {
      handled: false,
    })
    expect(bodyOf<{ handledAt: string | null }>(reopened).handledAt).toBeNull()
    expect(
      await run(
        server,
        Effect.gen(function* () {
          return (yield* (yield* ContactMessageRepository).get(message?.id ?? "")).handledAt
        }),
      ),
    ).toBeNull()
  })

  it("counts a contest's views, downloads, entries and votes, and the site's days", async () => {
    const contest = await addContest(server, "open")
    const artist = await addMember(server)
    const voter = await addMember(server)
    const entry = await addEntry(server, artist, contest)
    await addVote(server, voter, entry)
    const visitor = client(server.url)
    // Three visitors (an address, the admin, the artist), each counted once a day however often.
    const viewers = [visitor, browser, await signInBrowser(server, artist)]
    for (let i = 0; i < 3; i += 1) {
      for (const viewer of viewers) {
        const view = await viewer.post(`/api/challenges/${contest.id}/analytics/views`)
        expect(view.status).toBe(204)
      }
    }
    expect((await visitor.put(`/api/challenges/${contest.id}`, { download: [] })).status).toBe(200)

    const figures = await browser.get(`/api/admin/analytics/contests/${contest.id}`)
    expect(figures.status, figures.text).toBe(200)
    const body = bodyOf<{
      totals: Record<string, number>
      series: Array<{ hour: string; views: number }>
    }>(figures)
    expect(body.totals).toEqual({ views: 3, downloads: 1, entries: 1, votes: 1 })
    expect(body.series.reduce((sum, slot) => sum + slot.views, 0)).toBe(3)

    const today = new Date().toISOString().slice(0, 10)
    const site = await browser.get(`/api/admin/analytics?from=${today}&to=${today}&tz=UTC`)
    expect(site.status, site.text).toBe(200)
    const days = bodyOf<{
      days: Array<Record<string, number | string>>
      conversionRate: number
    }>(site)
    expect(days.days).toHaveLength(1)
    expect(days.days[0]?.views).toBeGreaterThanOrEqual(3)
    expect(days.days[0]?.signUps).toBeGreaterThanOrEqual(2)
    expect(days.conversionRate).toBeGreaterThanOrEqual(0)

    const backwards = await browser.get("/api/admin/analytics?from=2026-02-01&to=2026-01-01")
    expect(backwards.status).toBe(400)
    expect(bodyOf<{ message: string }>(backwards).message).toContain("to")
  })

  it("shows today's contest with its live counts, the next contests and the newest sign-ups", async () => {
    const now = Date.now()
    const contestAt = (startsAt: number, endsAt: number) =>
      run(
        server,
        createContest({
          title: `Contest ${uniqueName("c")}`,
          description: "A test contest",
          contestType: uniqueName("type"),
          artStyle: "mandala",
          startsAt,
          endsAt,
        }),
      )
    // Running since before any other contest of this suite, so it is today's.
    const today = await contestAt(now - 20 * HOUR, now + 4 * HOUR)
    const next = await addContest(server, "upcoming")
    // The overview looks as far ahead as the calendar can show, and no further.
    const beyondTheCalendar = await contestAt(
      now + (MAX_CALENDAR_DAYS + 2) * DAY,
      now + (MAX_CALENDAR_DAYS + 3) * DAY,
    )
    const artists = [await addMember(server), await addMember(server)] as const
    const voters = [await addMember(server), await addMember(server)] as const
    const entries = [
      await addEntry(server, artists[0], today),
      await addEntry(server, artists[1], today),
    ] as const
    await addVote(server, voters[0], entries[0])
    await addVote(server, voters[1], entries[0])
    await addVote(server, voters[0], entries[1])
    const visitor = client(server.url)
    // Two visitors (an address and the admin), each counted once a day however often.
    for (let i = 0; i < 2; i += 1) {
      for (const viewer of [visitor, browser]) {
        expect((await viewer.post(`/api/challenges/${today.id}/analytics/views`)).status).toBe(204)
      }
    }
    expect((await visitor.put(`/api/challenges/${today.id}`, { download: [] })).status).toBe(200)

    const response = await browser.get("/api/admin/overview")
    expect(response.status, response.text).toBe(200)
    const overview = bodyOf<{
      today: { contest: { id: string } | null; counts: Record<string, number> }
      upcoming: Array<{ id: string; status: string; startsAt: string }>
      recentSignUps: Array<{ id: string; email: string; tier: string }>
    }>(response)
    expect(overview.today.contest?.id).toBe(today.id)
    expect(overview.today.counts).toEqual({ views: 2, downloads: 1, entries: 2, votes: 3 })

    const upcoming = overview.upcoming.map((contest) => contest.id)
    expect(upcoming).toContain(next.id)
    expect(upcoming).not.toContain(today.id)
    expect(upcoming).not.toContain(beyondTheCalendar.id)
    expect(overview.upcoming.every((contest) => contest.status === "scheduled")).toBe(true)
    const starts = overview.upcoming.map((contest) => Date.parse(contest.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))

    // Newest first: the four members this test signed up lead the list (in any order within
    // it, as two sign-ups may share a millisecond).
    const mine = [...artists, ...voters]
    expect(overview.recentSignUps).toHaveLength(5)
    expect(new Set(overview.recentSignUps.slice(0, 4).map((member) => member.id))).toEqual(
      new Set(mine.map((member) => member.id)),
    )
    expect(overview.recentSignUps.find((member) => member.id === voters[1].id)).toMatchObject({
      email: voters[1].email,
      tier: "free",
    })
  })

  it("filters the audit log by action prefix and actor, newest first, paged", async () => {
    const page = await browser.get(`/api/admin/audit?action=contest.&actor=${admin.id}&limit=2`)
    expect(page.status, page.text).toBe(200)
    const body = bodyOf<{ items: AuditRow[]; nextCursor: string | null }>(page)
    expect(body.items).toHaveLength(2)
    expect(body.items.every((row) => row.action.startsWith("contest."))).toBe(true)
    expect(body.nextCursor).not.toBeNull()
    const next = bodyOf<{ items: AuditRow[] }>(
      await browser.get(
        `/api/admin/audit?action=contest.&actor=${admin.id}&limit=2&cursor=${body.nextCursor}`,
      ),
    )
    expect(next.items.length).toBeGreaterThan(0)
  })
})
