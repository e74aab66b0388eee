import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { startOfDay } from "../../domain/shared/calendar.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addMember,
  bodyOf,
  insertEntry,
  roomyRateLimits,
  run,
  signedInMember,
  uniqueName,
} from "./support/world.ts"

/** GET /api/leaderboard: periods in the viewer's zone, ranks, ties, podium, filters. */

interface Row {
  readonly rank: number
  readonly submissionId: string
  readonly score: number
  readonly [field: string]: unknown
}
interface Board {
  readonly period: string
  readonly rows: ReadonlyArray<Row>
  readonly podium: ReadonlyArray<Row>
}

const DAY = 24 * 3_600_000

describe.each(httpBackends)("leaderboard on %s", (backend) => {
  let server: TestServer
  /** A medium of this suite's own, so other rows never mix in. */
  const medium = uniqueName("lb").toLowerCase()
  let alice: Member
  let bob: Member
  let entries: {
    today: Array<Entry>
    yesterday: Entry
    lastMonth: Entry
    hidden: Entry
  }

  const board = async (query: string) => {
    const response = await client(server.url).get(`/api/leaderboard?contestType=${medium}&${query}`)
    expect(response.status, response.text).toBe(200)
    return bodyOf<Board>(response)
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    alice = await addMember(server)
    bob = await addMember(server)
    // Bob has an avatar on his profile; the board shows it.
    await run(
      server,
      Effect.gen(function* () {
        const members = yield* MemberRepository
        yield* members.save({ ...bob, profile: { ...bob.profile, avatarUrl: "/images/bob.png" } })
      }),
    )
    const contest = await addContest(server)
    const now = Date.now()
    const entry = (member: Member, createdAt: number, weightedScore: number, voteCount: number) =>
      insertEntry(server, member, contest, {
        contestType: medium,
        createdAt,
        weightedScore,
        voteCount,
      })
    entries = {
      today: [
        await entry(alice, now - 5000, 6, 3),
        await entry(bob, now - 4000, 6, 2), // ties with the first: later, so ranked after
        await entry(bob, now - 3000, 9, 3),
        await entry(alice, now - 2000, 1.5, 1),
      ],
      yesterday: await entry(bob, startOfDay(now, "UTC") - 3_600_000, 20, 10),
      lastMonth: await entry(alice, now - 40 * DAY, 50, 25),
      hidden: await insertEntry(server, alice, contest, {
        contestType: medium,
        moderation: "hidden",
        weightedScore: 100,
        voteCount: 50,
      }),
    }
  })
  afterAll(async () => {
    await server?.close()
  })

  it("ranks today's entries by weighted score, ties to the earlier, in the spec's row shape", async () => {
    const result = await board("period=today&tz=UTC")
    expect(result.period).toBe("today")
    const [a6, b6, b9, a15] = entries.today as [Entry, Entry, Entry, Entry]
    expect(result.rows.map((row) => row.submissionId)).toEqual([b9.id, a6.id, b6.id, a15.id])
    expect(result.rows.map((row) => row.rank)).toEqual([1, 2, 3, 4])
    expect(result.rows[0]).toEqual({
      rank: 1,
      userId: bob.id,
      username: bob.username,
      avatarUrl: "/images/bob.png",
      score: 9,
      rawVotes: 3,
      submissionId: b9.id,
      submissionUrl: `/images/${b9.image}`,
      thumbnailUrl: `/images/${b9.image.replace(/\.webp$/, ".thumb.webp")}`,
      contestType: medium,
      ageGroup: "adult",
      date: new Date(b9.createdAt).toISOString(),
    })
    expect(result.rows[1]).toMatchObject({ userId: alice.id, avatarUrl: null, score: 6 })
    expect(result.podium).toEqual(result.rows.slice(0, 3))
  })

  it("widens with the period: this week and month, then all time; hidden entries never count", async () => {
    const week = await board("period=week&tz=UTC")
    const ids = week.rows.map((row) => row.submissionId)
    expect(ids).not.toContain(entries.lastMonth.id)
    expect(ids).not.toContain(entries.hidden.id)
    const all = await board("period=all")
    expect(all.rows.map((row) => row.submissionId)).toEqual([
      entries.lastMonth.id,
      entries.yesterday.id,
      ...[2, 0, 1, 3].map((i) => (entries.today[i] as Entry).id),
    ])
    const byDefault = await board("")
    expect(byDefault.period).toBe("all")
    expect(byDefault.rows).toEqual(all.rows)
  })

  it("cuts at limit and filters by age group", async () => {
    const top = await board("period=all&limit=2")
    expect(top.rows).toHaveLength(2)
    expect(top.podium).toHaveLength(2)
    const seniors = await board("period=all&ageGroup=senior")
    expect(seniors.rows).toEqual([])
    expect(seniors.podium).toEqual([])
  })

  it("answers a write through this server at once, though a board is kept a second", async () => {
    // A medium of its own: this test adds and hides entries.
    const fresh = uniqueName("lbw").toLowerCase()
    const contest = await addContest(server)
    const visitor = client(server.url)
    const ids = async () => {
      const response = await visitor.get(`/api/leaderboard?contestType=${fresh}`)
      expect(response.status, response.text).toBe(200)
      return bodyOf<Board>(response).rows.map((row) => row.submissionId)
    }
    const low = await insertEntry(server, alice, contest, { contestType: fresh, weightedScore: 2 })
    expect(await ids()).toEqual([low.id])
    expect(await ids()).toEqual([low.id])
    const high = await insertEntry(server, bob, contest, { contestType: fresh, weightedScore: 7 })
    expect(await ids()).toEqual([high.id, low.id])
    await run(
      server,
      Effect.gen(function* () {
        const entries = yield* EntryRepository
        yield* entries.saveModeration({ ...high, moderation: "hidden", moderationReason: "test" })
      }),
    )
    expect(await ids()).toEqual([low.id])
  })

  it("shows a member's new avatar at once, to them and to a visitor", async () => {
    const fresh = uniqueName("lba").toLowerCase()
    const contest = await addContest(server)
    const { member, browser } = await signedInMember(server)
    const visitor = client(server.url)
    await insertEntry(server, member, contest, { contestType: fresh })
    const avatar = async (asWho: typeof browser = browser) => {
      const response = await asWho.get(`/api/leaderboard?contestType=${fresh}`)
      expect(response.status, response.text).toBe(200)
      const { rows, podium } = bodyOf<Board>(response)
      return [rows[0]?.avatarUrl, podium[0]?.avatarUrl]
    }
    expect(await avatar()).toEqual([null, null])
    expect(await avatar(visitor)).toEqual([null, null])
    await run(
      server,
      Effect.gen(function* () {
        const members = yield* MemberRepository
        const saved = yield* members.get(member.id)
        yield* members.save({
          ...saved,
          profile: { ...saved.profile, avatarUrl: "/images/me.png" },
        })
      }),
    )
    // Saving a profile drops the kept boards (member-repository.ts), and the member's own rows
    // take the avatar of the profile read for their request.
    expect(await avatar()).toEqual(["/images/me.png", "/images/me.png"])
    expect(await avatar(visitor)).toEqual(["/images/me.png", "/images/me.png"])
  })

  it("refuses bad periods, time zones, filters and limits with 400 naming the field", async () => {
    const cases: ReadonlyArray<[string, RegExp]> = [
      ["period=year", /period/],
      ["tz=Nowhere%2FCity", /tz/],
      ["limit=0", /limit/],
      ["limit=101", /limit/],
      ["ageGroup=toddlers", /ageGroup/],
      [`contestType=${"x".repeat(41)}`, /contestType/],
    ]
    for (const [query, field] of cases) {
      const response = await client(server.url).get(`/api/leaderboard?${query}`)
      expect(response.status, query).toBe(400)
      expect(bodyOf(response).message, query).toMatch(field)
    }
  })
})
