import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addMember,
  addVote,
  bodyOf,
  insertEntry,
  roomyRateLimits,
  run,
  signedInMember,
  storeEntryImage,
} from "./support/world.ts"

/** Entries (the spec's "submissions") and votes over HTTP. */

interface Submission {
  readonly id: string
  readonly user_id: string
  readonly challenge_id: string
  readonly created_at: string
  readonly [field: string]: unknown
}

const ids = (response: { body: unknown }) => (response.body as Array<Submission>).map((s) => s.id)

describe.each(httpBackends)("entries on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("POST /api/submissions", () => {
    it("enters a stored photo in the spec's shape, spending a credit: 201 {submission, subscription}", async () => {
      const { member, browser } = await signedInMember(server)
      const contest = await addContest(server)
      const key = await storeEntryImage(server)
      const response = await browser.post("/api/submissions", {
        user_id: member.id,
        file_path: key,
        public_url: "https://elsewhere.example/x.jpg",
        age_group: "adult",
        contest_type: "traditional",
        status: "winner",
        votes: [1, 2, 3],
        created_at: "1999-01-01T00:00:00Z",
        challenge_id: contest.id,
        profiles: { username: "someone else", avatar_url: null },
      })
      expect(response.status, response.text).toBe(201)
      expect(response.body).toEqual({
        submission: expect.objectContaining({
          user_id: member.id,
          userId: member.id,
          challenge_id: contest.id,
          contest_id: contest.id,
          file_path: key,
          imageUrl: `/images/${key}`,
          public_url: `/images/${key}`,
          age_group: "adult",
          contest_type: "traditional",
          status: "submitted",
          voteCount: 0,
          vote_count: 0,
          artist_name: member.username,
          profiles: { username: member.username, avatar_url: null },
          hasVoted: false,
        }),
        subscription: expect.objectContaining({ tier: "free", remaining_submissions: 1 }),
      })
      const submission = bodyOf<{ submission: Submission }>(response).submission
      expect(Date.parse(submission.created_at)).toBeGreaterThan(Date.now() - 60_000)
      expect(submission._id).toBe(submission.id)
    })

    it("takes the /images/ URL it hands out, another age group and medium", async () => {
      const { browser } = await signedInMember(server)
      const contest = await addContest(server)
      const key = await storeEntryImage(server)
      const response = await browser.post("/api/submissions", {
        file_path: `/images/${key}`,
        challenge_id: contest.id,
        age_group: "senior",
        contest_type: "Digital",
      })
      expect(response.status, response.text).toBe(201)
      expect(response.body).toMatchObject({
        submission: { file_path: key, age_group: "senior", contest_type: "digital" },
      })
    })

    it("refuses another member's already entered photo, spending nothing", async () => {
      const owner = await signedInMember(server)
      const copier = await signedInMember(server)
      const contest = await addContest(server)
      const key = await storeEntryImage(server)
      const first = await owner.browser.post("/api/submissions", {
        file_path: key,
        challenge_id: contest.id,
      })
      expect(first.status).toBe(201)
      const copy = await copier.browser.post("/api/submissions", {
        file_path: key,
        challenge_id: contest.id,
      })
      expect(copy.status).toBe(400)
      expect(copy.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/^file_path: this photo is already entered/),
      })
      const subscription = await copier.browser.get("/api/subscription")
      expect(subscription.body.subscription.remaining_submissions).toBe(2)
    })

    it("answers 402 OUT_OF_SUBMISSIONS with the spec's message when no credit is left", async () => {
      const { member, browser } = await signedInMember(server)
      const contest = await addContest(server)
      await addEntry(server, member, contest)
      await addEntry(server, member, contest)
      const response = await browser.post("/api/submissions", {
        file_path: await storeEntryImage(server),
        challenge_id: contest.id,
      })
      expect(response.status).toBe(402)
      expect(response.body).toEqual({
        code: "OUT_OF_SUBMISSIONS",
        message: "You've run out of submissions, upgrade for more",
      })
    })

    it("refuses a file_path that is not an uploaded entry photo, spending nothing", async () => {
      const { browser } = await signedInMember(server)
      const contest = await addContest(server)
      const lineArt = await storeEntryImage(server, "line-art")
      for (const filePath of [
        `entry/${crypto.randomUUID()}.jpg`,
        lineArt,
        "../../../etc/passwd",
        "https://res.cloudinary.com/demo/image/upload/sample.jpg",
        "",
      ]) {
        const response = await browser.post("/api/submissions", {
          file_path: filePath,
          challenge_id: contest.id,
        })
        expect(response.status, filePath).toBe(400)
        expect(response.body).toMatchObject({
          code: "BAD_REQUEST",
          message: expect.stringMatching(/^file_path: /),
        })
      }
      const subscription = await browser.get("/api/subscription")
      expect(subscription.body).toMatchObject({ subscription: { remaining_submissions: 2 } })
    })

    it("refuses another member's user_id (403) and visitors (401)", async () => {
      const { browser } = await signedInMember(server)
      const other = await addMember(server)
      const contest = await addContest(server)
      const body = {
        user_id: other.id,
        file_path: await storeEntryImage(server),
        challenge_id: contest.id,
      }
      const response = await browser.post("/api/submissions", body)
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringMatching(/user_id/),
      })
      const visitor = await client(server.url).post("/api/submissions", body)
      expect(visitor.status).toBe(401)
      expect(visitor.body).toMatchObject({ code: "AUTHENTICATION_REQUIRED" })
    })

    it("refuses a contest that is not open (403 CONTEST_CLOSED) or unknown (404)", async () => {
      const { browser } = await signedInMember(server)
      for (const when of ["ended", "upcoming"] as const) {
        const contest = await addContest(server, when)
        const response = await browser.post("/api/submissions", {
          file_path: await storeEntryImage(server),
          challenge_id: contest.id,
        })
        expect(response.status, when).toBe(403)
        expect(response.body).toMatchObject({ code: "CONTEST_CLOSED" })
      }
      const unknown = await browser.post("/api/submissions", {
        file_path: await storeEntryImage(server),
        challenge_id: "no-such-contest",
      })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toMatchObject({ code: "NOT_FOUND" })
    })

    it("refuses a missing challenge_id or an unknown age group with 400 naming the field", async () => {
      const { browser } = await signedInMember(server)
      const missing = await browser.post("/api/submissions", {
        file_path: await storeEntryImage(server),
      })
      expect(missing.status).toBe(400)
      expect(missing.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/challenge_id/),
      })
      const age = await browser.post("/api/submissions", {
        file_path: await storeEntryImage(server),
        challenge_id: (await addContest(server)).id,
        age_group: "toddler",
      })
      expect(age.status).toBe(400)
      expect(age.body).toMatchObject({ message: expect.stringMatching(/age_group/) })
    })
  })

  describe("the lists", () => {
    let artist: Member
    let contestId: string
    let entries: Array<string>

    beforeAll(async () => {
      artist = await addMember(server)
      const contest = await addContest(server)
      contestId = contest.id
      const base = Date.now() - 60_000
      entries = []
      for (let i = 0; i < 5; i++) {
        entries.push((await insertEntry(server, artist, contest, { createdAt: base + i })).id)
      }
      // Hidden entries are never listed; another member's entry is in the contest, not theirs.
      await insertEntry(server, artist, contest, { moderation: "hidden", createdAt: base + 10 })
      entries.push((await insertEntry(server, await addMember(server), contest)).id)
    })

    it("GET /api/submissions?user_id= pages a member's visible entries newest first", async () => {
      const visitor = client(server.url)
      const first = await visitor.get(`/api/submissions?user_id=${artist.id}&limit=3`)
      expect(first.status).toBe(200)
      expect(Array.isArray(first.body)).toBe(true)
      expect(ids(first)).toEqual([entries[4], entries[3], entries[2]])
      const cursor = first.headers.get("x-next-cursor")
      expect(cursor).toBeTruthy()
      const second = await visitor.get(
        `/api/submissions?user_id=${artist.id}&limit=3&cursor=${cursor}`,
      )
      expect(ids(second)).toEqual([entries[1], entries[0]])
      expect(second.headers.get("x-next-cursor")).toBeNull()
      for (const submission of first.body as Array<Submission>) {
        expect(submission).toMatchObject({ user_id: artist.id, status: "submitted" })
      }
    })

    it("GET /api/submissions lists every visible entry newest first, at most 100 a page", async () => {
      const response = await client(server.url).get("/api/submissions")
      expect(response.status).toBe(200)
      const list = response.body as Array<Submission>
      expect(list.length).toBeGreaterThan(0)
      expect(list.length).toBeLessThanOrEqual(24)
      const dates = list.map((s) => Date.parse(s.created_at))
      expect([...dates].sort((a, b) => b - a)).toEqual(dates)
      expect(list.every((s) => s.status === "submitted")).toBe(true)
      for (const limit of ["0", "101", "ten", "1.5"]) {
        const bad = await client(server.url).get(`/api/submissions?limit=${limit}`)
        expect(bad.status, limit).toBe(400)
        expect(bad.body).toMatchObject({
          code: "BAD_REQUEST",
          message: expect.stringMatching(/limit/),
        })
      }
      const cursor = await client(server.url).get("/api/submissions?cursor=not-a-cursor")
      expect(cursor.status).toBe(400)
      expect(cursor.body).toMatchObject({ issues: [{ field: "cursor" }] })
    })

    it("GET /api/submissions/user/:userId lists a member's entries; 404 for an unknown member", async () => {
      const response = await client(server.url).get(`/api/submissions/user/${artist.id}`)
      expect(response.status).toBe(200)
      expect(ids(response)).toEqual([...entries.slice(0, 5)].reverse())
      const unknown = await client(server.url).get("/api/submissions/user/nobody")
      expect(unknown.status).toBe(404)
    })

    it("GET /api/submissions/by-challenge/search lists a contest's entries with X-Total-Count", async () => {
      const response = await client(server.url).get(
        `/api/submissions/by-challenge/search?challenge_id=${contestId}&limit=2`,
      )
      expect(response.status).toBe(200)
      expect(ids(response)).toHaveLength(2)
      expect(response.headers.get("x-total-count")).toBe("6")
      expect(response.headers.get("x-next-cursor")).toBeTruthy()
      const all = await client(server.url).get(
        `/api/submissions/by-challenge/search?challenge_id=${contestId}`,
      )
      expect(new Set(ids(all))).toEqual(new Set(entries))

      const missing = await client(server.url).get("/api/submissions/by-challenge/search")
      expect(missing.status).toBe(400)
      expect(missing.body).toMatchObject({ message: expect.stringMatching(/challenge_id/) })
      const unknown = await client(server.url).get(
        "/api/submissions/by-challenge/search?challenge_id=nope",
      )
      expect(unknown.status).toBe(404)
    })
  })

  describe("votes", () => {
    it("casts a permanent, weighted vote: 200 {voteCount, vote_count, votes, contest_id, weightedScore}", async () => {
      const artist = await addMember(server)
      const contest = await addContest(server)
      const entry = await addEntry(server, artist, contest)
      const { member: voter, browser } = await signedInMember(server)

      const before = await browser.get(`/api/submissions/${entry.id}/vote?user_id=${voter.id}`)
      expect(before.status).toBe(200)
      expect(before.body).toEqual({ hasVoted: false })

      const response = await browser.post(`/api/submissions/${entry.id}/vote`, {
        user_id: voter.id,
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({
        voteCount: 1,
        vote_count: 1,
        votes: 1,
        contest_id: contest.id,
        weightedScore: 1,
      })
      expect((await browser.get(`/api/submissions/${entry.id}/vote`)).body).toEqual({
        hasVoted: true,
      })

      // A Pro voter's vote weighs 2.
      const { member: pro, browser: proBrowser } = await signedInMember(server)
      await run(
        server,
        Effect.gen(function* () {
          yield* (yield* SubscriptionRepository).save(startSubscription(pro.id, Date.now(), "pro"))
        }),
      )
      const weighted = await proBrowser.post(`/api/submissions/${entry.id}/vote`)
      expect(weighted.body).toMatchObject({ voteCount: 2, weightedScore: 3 })
    })

    it("refuses a second vote (VOTE_PERMANENT), your own entry (SELF_VOTE) and a closed contest (VOTING_CLOSED) with 403 and code", async () => {
      const { member: artist, browser: artistBrowser } = await signedInMember(server)
      const contest = await addContest(server)
      const entry = await addEntry(server, artist, contest)
      const { member: voter, browser } = await signedInMember(server)
      await addVote(server, voter, entry)

      const again = await browser.post(`/api/submissions/${entry.id}/vote`, {})
      expect(again.status).toBe(403)
      expect(again.body).toEqual({
        code: "VOTE_PERMANENT",
        message: "You have already voted for this submission. Votes cannot be removed once cast.",
      })

      const own = await artistBrowser.post(`/api/submissions/${entry.id}/vote`, {})
      expect(own.status).toBe(403)
      expect(own.body).toMatchObject({ code: "SELF_VOTE" })

      const ended = await addContest(server, "ended")
      const old = await insertEntry(server, artist, ended)
      const closed = await browser.post(`/api/submissions/${old.id}/vote`, {})
      expect(closed.status).toBe(403)
      expect(closed.body).toEqual({
        code: "VOTING_CLOSED",
        message: "This contest has ended. Voting is no longer permitted.",
      })
    })

    it("counts one vote of many sent at once", async () => {
      const contest = await addContest(server)
      const entry = await addEntry(server, await addMember(server), contest)
      const { browser } = await signedInMember(server)
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => browser.post(`/api/submissions/${entry.id}/vote`, {})),
      )
      const statuses = responses.map((r) => r.status).sort()
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s === 403)).toHaveLength(19)
      const listed = await client(server.url).get(
        `/api/submissions/by-challenge/search?challenge_id=${contest.id}`,
      )
      expect(listed.body).toMatchObject([{ id: entry.id, voteCount: 1 }])
    })

    it("refuses visitors (401), another member's user_id (403) and unknown or hidden entries (404)", async () => {
      const contest = await addContest(server)
      const artist = await addMember(server)
      const entry = await addEntry(server, artist, contest)
      const hidden = await insertEntry(server, artist, contest, { moderation: "hidden" })
      const { browser } = await signedInMember(server)
      const other = await addMember(server)

      const visitor = await client(server.url).post(`/api/submissions/${entry.id}/vote`, {})
      expect(visitor.status).toBe(401)
      expect(visitor.body).toMatchObject({ code: "AUTHENTICATION_REQUIRED" })

      const foreign = await browser.post(`/api/submissions/${entry.id}/vote`, { user_id: other.id })
      expect(foreign.status).toBe(403)
      expect(foreign.body).toMatchObject({ code: "FORBIDDEN" })
      const peek = await browser.get(`/api/submissions/${entry.id}/vote?user_id=${other.id}`)
      expect(peek.status).toBe(403)

      for (const id of ["no-such-entry", hidden.id]) {
        expect((await browser.post(`/api/submissions/${id}/vote`, {})).status).toBe(404)
        expect((await browser.get(`/api/submissions/${id}/vote`)).status).toBe(404)
      }
      const typed = await browser.post(`/api/submissions/${entry.id}/vote`, { user_id: 42 })
      expect(typed.status).toBe(400)
      expect(typed.body).toMatchObject({ message: expect.stringMatching(/user_id/) })
    })

    it("GET /api/submissions/:id/vote answers false to a visitor, whatever user_id says", async () => {
      const contest = await addContest(server)
      const entry = await addEntry(server, await addMember(server), contest)
      const voter = await addMember(server)
      await addVote(server, voter, entry)
      const response = await client(server.url).get(
        `/api/submissions/${entry.id}/vote?user_id=${voter.id}`,
      )
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ hasVoted: false })
    })
  })
})
