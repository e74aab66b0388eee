import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  ArchiveBody,
  ContestResultsBody,
  PastContestBody,
} from "../../adapters/http/contest-results.schema.ts"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import { Database } from "../../adapters/persistence/database.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { castVote } from "../../domain/voting/cast-vote.use-case.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addMember,
  addVote,
  type Browser,
  bodyOf,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * Published results (issue 14): GET /api/challenges/:id/results, /archive and /latest-winner,
 * and the results mail an announcement sends. Scores are checked against a recount of the vote
 * rows in the database, not against the counters the server keeps.
 */

const HOUR = 3_600_000

interface ResultRow {
  readonly rank: number
  readonly entryId: string
  readonly artistName: string
  readonly username: string
  readonly thumbnailUrl: string | null
  readonly imageUrl: string | null
  readonly rawVotes: number
  readonly score: number
  readonly createdAt: string
}

interface Counts {
  readonly entries: number
  readonly voters: number
  readonly votes: number
}

interface Results {
  readonly contest: { readonly id: string; readonly status: string }
  readonly status: "provisional" | "announced"
  readonly announcedAt: string | null
  readonly winner: ResultRow | null
  readonly peoplesChoice: ResultRow | null
  readonly podium: ReadonlyArray<ResultRow>
  readonly ranking: ReadonlyArray<ResultRow>
  readonly nextCursor: string | null
  readonly counts: Counts
}

interface ArchiveItem {
  readonly contest: { readonly id: string }
  readonly status: "provisional" | "announced"
  readonly announcedAt: string | null
  readonly winner: ResultRow | null
  readonly counts: Counts
}

describe.each(httpBackends)("published results on %s", (backend) => {
  let server: TestServer
  let admin: Browser
  const visitor = () => client(server.url)

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    ;({ browser: admin } = await signedInMember(server, { admin: true }))
  })
  afterAll(async () => {
    await server?.close()
  })

  /** A member on a plan, so their votes weigh what the plan says. */
  const memberOn = async (tier: Tier) => {
    const member = await addMember(server)
    await run(
      server,
      Effect.gen(function* () {
        yield* (yield* SubscriptionRepository).save(startSubscription(member.id, Date.now(), tier))
      }),
    )
    return member
  }

  /** The contest ends (an hour ago); its entries and votes stay as they are. */
  const end = (contest: Contest) =>
    run(
      server,
      Effect.gen(function* () {
        const contests = yield* ContestRepository
        const stored = yield* contests.get(contest.id)
        yield* contests.save({ ...stored, endsAt: Date.now() - HOUR })
      }),
    )

  const votingResultsOff = (member: Member) =>
    run(
      server,
      Effect.gen(function* () {
        yield* (yield* MemberSettingsRepository).save(
          member.id,
          { ...DEFAULT_SETTINGS, email: { ...DEFAULT_SETTINGS.email, votingResults: false } },
          Date.now(),
        )
      }),
    )

  /** Raw count and weighted sum per entry, counted in SQL from the vote rows. */
  const recount = (contestId: string) =>
    run(
      server,
      Effect.gen(function* () {
        const database = yield* Database
        const rows: Array<{ entry_id: string; raw: number | string; weighted: number | string }> =
          yield* database.run((m) =>
            m.query(
              "SELECT entry_id, COUNT(*) AS raw, SUM(weight) AS weighted FROM votes WHERE contest_id = ? GROUP BY entry_id",
              [contestId],
            ),
          )
        return new Map(
          rows.map((row) => [
            row.entry_id,
            { raw: Number(row.raw), weighted: Number(row.weighted) },
          ]),
        )
      }),
    )

  const resultsMails = (contest: Contest) =>
    run(
      server,
      Effect.gen(function* () {
        return yield* (yield* OutboxRepository).latest(500)
      }),
    ).then((mails) =>
      mails.filter((mail) => mail.subject === `The results of "${contest.title}" are in`),
    )

  const results = async (contestId: string, query = "") => {
    const response = await visitor().get(`/api/challenges/${contestId}/results${query}`)
    expect(response.status, response.text).toBe(200)
    // Every answer is what the documented schema (the contract's shape) says.
    Schema.decodeUnknownSync(ContestResultsBody)(response.body)
    return bodyOf<Results>(response)
  }

  const hide = async (entry: Entry) => {
    const response = await admin.post(`/api/admin/entries/${entry.id}/moderation`, {
      action: "hide",
      reason: "Not a colored page",
    })
    expect(response.status, response.text).toBe(200)
  }

  /**
   * Four artists: bob's entry (one champ vote: score 3) and cid's (a pro and a free vote: 3, but
   * entered later) tie on score, bob's first; ann's (two free votes: 2, the most raw votes with
   * cid's, and earlier) is People's Choice; dan's is hidden, with votes that count nowhere.
   */
  const world = async () => {
    const contest = await addContest(server, "open")
    const [ann, bob, cid, dan] = [
      await addMember(server),
      await addMember(server),
      await addMember(server),
      await addMember(server),
    ]
    // A few milliseconds apart, so "the earlier entry" is decided by the date, not the id.
    const enter = async (member: Member) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return addEntry(server, member, contest)
    }
    const annEntry = await enter(ann)
    const bobEntry = await enter(bob)
    const cidEntry = await enter(cid)
    const danEntry = await enter(dan)
    const champ = await memberOn("champ")
    const pro = await memberOn("pro")
    const free = [await memberOn("free"), await memberOn("free")]
    const onlyHidden = await memberOn("free")
    for (const voter of free) await addVote(server, voter, annEntry)
    await addVote(server, champ, bobEntry)
    await addVote(server, pro, cidEntry)
    await addVote(server, free[0] as Member, cidEntry)
    await addVote(server, champ, danEntry)
    await addVote(server, onlyHidden, danEntry)
    await hide(danEntry)
    return { contest, ann, bob, cid, dan, annEntry, bobEntry, cidEntry, danEntry }
  }

  it("latest-winner answers 204 while no contest is announced", async () => {
    const response = await visitor().get("/api/challenges/latest-winner")
    expect(response.status).toBe(204)
  })

  it("a running, cancelled or unknown contest has no result", async () => {
    const running = await addContest(server, "open")
    expect((await visitor().get(`/api/challenges/${running.id}/results`)).body).toMatchObject({
      code: "NO_RESULT",
    })
    const cancelled = await addContest(server, "upcoming")
    const cancel = await admin.post(`/api/admin/contests/${cancelled.id}/cancel`, {
      reason: "The line art was the wrong page",
    })
    expect(cancel.status, cancel.text).toBe(200)
    await end(cancelled)
    const none = await visitor().get(`/api/challenges/${cancelled.id}/results`)
    expect(none.status).toBe(404)
    expect(none.body).toMatchObject({ code: "NO_RESULT" })
    const unknown = await visitor().get(`/api/challenges/${crypto.randomUUID()}/results`)
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: "NOT_FOUND" })
  })

  it("a provisional result while the ended contest awaits its announcement", async () => {
    const w = await world()
    await end(w.contest)
    const provisional = await results(w.contest.id)
    expect(provisional).toMatchObject({ status: "provisional", announcedAt: null })
    expect(provisional.ranking.map((row) => [row.rank, row.entryId])).toEqual([
      [1, w.bobEntry.id],
      [2, w.cidEntry.id],
      [3, w.annEntry.id],
    ])
    expect(provisional.winner?.entryId).toBe(w.bobEntry.id)
    const closed = await admin.post(`/api/admin/contests/${w.contest.id}/close`)
    expect(closed.status, closed.text).toBe(200)
    expect((await results(w.contest.id)).status).toBe("provisional")
    // Not announced: no results mail has gone.
    expect(await resultsMails(w.contest)).toEqual([])
  })

  it("an announced result equals a recount of the vote rows; each entrant is mailed once", async () => {
    const w = await world()
    await votingResultsOff(w.cid)
    await end(w.contest)
    expect((await admin.post(`/api/admin/contests/${w.contest.id}/close`)).status).toBe(200)
    const announce = await admin.post(`/api/admin/contests/${w.contest.id}/announce`)
    expect(announce.status, announce.text).toBe(200)

    const result = await results(w.contest.id)
    expect(result.status).toBe("announced")
    expect(result.contest).toMatchObject({ id: w.contest.id, status: "announced" })
    expect(Date.parse(result.announcedAt ?? "")).toBeGreaterThan(Date.now() - HOUR)
    expect(result.ranking.map((row) => [row.rank, row.entryId])).toEqual([
      [1, w.bobEntry.id],
      [2, w.cidEntry.id],
      [3, w.annEntry.id],
    ])
    expect(result.winner).toEqual(result.ranking[0])
    expect(result.peoplesChoice?.entryId).toBe(w.annEntry.id)
    expect(result.podium).toEqual(result.ranking)

    // Every published number is what the vote rows say; the hidden entry takes no part.
    const counted = await recount(w.contest.id)
    for (const row of result.ranking) {
      expect([row.rawVotes, row.score]).toEqual([
        counted.get(row.entryId)?.raw,
        counted.get(row.entryId)?.weighted,
      ])
    }
    expect(result.ranking.map((row) => [row.rawVotes, row.score])).toEqual([
      [1, 3],
      [2, 3],
      [2, 2],
    ])
    const visibleVotes = [w.annEntry, w.bobEntry, w.cidEntry]
      .map((entry) => counted.get(entry.id)?.raw ?? 0)
      .reduce((a, b) => a + b, 0)
    expect(result.counts).toEqual({ entries: 3, votes: visibleVotes, voters: 4 })

    const winner = result.winner as ResultRow
    expect(winner).toMatchObject({
      artistName: w.bob.username,
      username: w.bob.username,
      createdAt: new Date(w.bobEntry.createdAt).toISOString(),
    })
    expect(winner.thumbnailUrl).toMatch(/^\/images\//)
    expect(winner.imageUrl).toBe(`/images/${w.bobEntry.image}`)

    // ann and bob keep "voting results" on (the default); cid turned it off; dan's entry is hidden.
    const mails = await resultsMails(w.contest)
    expect(mails.map((mail) => mail.to).sort()).toEqual([w.ann.email, w.bob.email].sort())
    const annMail = mails.find((mail) => mail.to === w.ann.email)
    expect(annMail?.text).toContain("ranked 3rd of 3")
    expect(annMail?.text).toContain(`The winner is ${w.bob.username}.`)
    expect(annMail?.text).toContain("Votes: 2\nScore: 2")
    expect(annMail?.text).toContain(`/contests/${w.contest.id}`)

    // A second announce is refused, and mails nobody again.
    const again = await admin.post(`/api/admin/contests/${w.contest.id}/announce`)
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: "ALREADY_ANNOUNCED" })
    expect(await resultsMails(w.contest)).toHaveLength(2)

    // The archive and "Yesterday's winner" show it.
    const latest = await visitor().get("/api/challenges/latest-winner")
    expect(latest.status, latest.text).toBe(200)
    Schema.decodeUnknownSync(PastContestBody)(latest.body)
    expect(bodyOf<ArchiveItem>(latest)).toMatchObject({
      contest: { id: w.contest.id },
      status: "announced",
      winner: { entryId: w.bobEntry.id, rank: 1 },
      counts: result.counts,
    })
  })

  it("pages the ranking with a cursor; the podium stays the top 3 on every page", async () => {
    const contest = await addContest(server, "open")
    const entries: Array<Entry> = []
    for (let i = 0; i < 5; i++)
      entries.push(await addEntry(server, await addMember(server), contest))
    // Entry k gets one vote from each artist before it: 0..4 votes, so the last entry leads.
    for (const [index, entry] of entries.entries()) {
      for (const voter of entries.slice(0, index)) {
        await run(server, castVote({ voterId: voter.memberId, entryId: entry.id }))
      }
    }
    await end(contest)
    const seen: Array<ResultRow> = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2"
      const page: Results = await results(contest.id, query)
      expect(page.ranking.length).toBeLessThanOrEqual(2)
      expect(page.podium.map((row) => row.entryId)).toEqual(
        [...entries]
          .reverse()
          .slice(0, 3)
          .map((entry) => entry.id),
      )
      seen.push(...page.ranking)
      cursor = page.nextCursor
      pages += 1
    } while (cursor !== null)
    expect(pages).toBe(3)
    expect(seen.map((row) => [row.rank, row.entryId])).toEqual(
      [...entries].reverse().map((entry, index) => [index + 1, entry.id]),
    )
    for (const limit of ["0", "101", "two"]) {
      const bad = await visitor().get(`/api/challenges/${contest.id}/results?limit=${limit}`)
      expect(bad.status).toBe(400)
    }
  })

  it("the archive lists past contests newest first, the winner only once announced", async () => {
    const running = await addContest(server, "open")
    const items: Array<ArchiveItem> = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2"
      const response = await visitor().get(`/api/challenges/archive${query}`)
      expect(response.status, response.text).toBe(200)
      Schema.decodeUnknownSync(ArchiveBody)(response.body)
      const page = bodyOf<{ items: Array<ArchiveItem>; nextCursor: string | null }>(response)
      items.push(...page.items)
      cursor = page.nextCursor
    } while (cursor !== null)
    const ids = items.map((item) => item.contest.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).not.toContain(running.id)
    // The earlier tests left: a cancelled contest (absent), a provisional and an announced one.
    const statuses = new Set(items.map((item) => item.status))
    expect(statuses).toEqual(new Set(["provisional", "announced"]))
    for (const item of items) {
      if (item.status === "provisional")
        expect(item).toMatchObject({ winner: null, announcedAt: null })
      else expect(item.winner?.rank).toBe(1)
    }
    const ends = await run(
      server,
      Effect.gen(function* () {
        const contests = yield* ContestRepository
        return yield* Effect.forEach(ids, (id) => Effect.map(contests.get(id), (c) => c.endsAt))
      }),
    )
    expect(ends).toEqual([...ends].sort((a, b) => b - a))
    expect(
      await run(
        server,
        Effect.gen(function* () {
          const contests = yield* ContestRepository
          return yield* Effect.forEach(ids, (id) =>
            Effect.map(contests.get(id), (c) => c.storedStatus),
          )
        }),
      ),
    ).not.toContain("cancelled")
  })

  it("documents the three routes and their answers in the OpenAPI document", async () => {
    const document = bodyOf<{
      paths: Record<
        string,
        Record<
          string,
          {
            "x-access": string
            responses: Record<string, { content?: Record<string, { schema: unknown }> }>
          }
        >
      >
      components: { schemas: Record<string, unknown> }
    }>(await visitor().get("/api/openapi.json"))
    for (const path of [
      "/api/challenges/archive",
      "/api/challenges/latest-winner",
      "/api/challenges/{id}/results",
    ]) {
      const operation = document.paths[path]?.get
      expect(operation?.["x-access"], path).toBe("public")
      expect(operation?.responses["200"]?.content?.["application/json"]?.schema, path).toBeDefined()
    }
    // The answer is a named component (its $ref), and its rows and counts are components too.
    expect(
      document.paths["/api/challenges/{id}/results"]?.get?.responses["200"]?.content?.[
        "application/json"
      ]?.schema,
    ).toEqual({ $ref: "#/components/schemas/ContestResults" })
    const results = JSON.stringify(document.components.schemas)
    for (const field of ["rawVotes", "score", "podium", "peoplesChoice", "nextCursor", "voters"]) {
      expect(results).toContain(`"${field}"`)
    }
  })
})
