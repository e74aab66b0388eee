import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Member } from "../../domain/accounts/member.entity.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addMember,
  addVote,
  insertEntry,
  roomyRateLimits,
  signedInMember,
  uniqueName,
} from "./support/world.ts"

/**
 * A browser revalidating what its cache holds: If-None-Match, and max-age=0 as a reload sends
 * (fetch would otherwise add Cache-Control: no-cache, an end-to-end reload, which asks for the
 * whole answer again).
 */
const revalidating = (etag: string) => ({ "If-None-Match": etag, "Cache-Control": "max-age=0" })

/**
 * ETag / 304 on the API reads that allow it (issue 20): public GETs whose answer is the same for
 * every caller carry a weak ETag of the answer and answer 304 to a matching If-None-Match; the
 * gallery, whose items say hasVoted for a signed-in member, does so for visitors only, and says
 * Vary: Cookie to everyone.
 */
describe.each(httpBackends)("ETag and 304 on %s", (backend) => {
  let server: TestServer
  let contest: Contest
  let artist: Member
  let first: Entry
  const medium = uniqueName("etag").toLowerCase()

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    contest = await addContest(server)
    artist = await addMember(server)
    first = await insertEntry(server, artist, contest, { contestType: medium })
  })
  afterAll(() => server?.close())

  /** The answer's ETag, after checking it is a weak one with no-cache beside it. */
  const etagOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await client(server.url).get(path, headers)
    expect(response.status, response.text).toBe(200)
    const etag = response.headers.get("etag")
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    expect(response.headers.get("cache-control")).toBe("no-cache")
    return etag as string
  }

  const READS: ReadonlyArray<readonly [string, () => string]> = [
    ["the current contest", () => "/api/challenges/current-active"],
    ["a contest", () => `/api/challenges/${contest.id}`],
    ["the contests", () => "/api/challenges"],
    ["the archive", () => "/api/challenges/archive"],
    ["a gallery page, to a visitor", () => `/api/gallery?contestId=${contest.id}`],
    ["the leaderboard", () => `/api/leaderboard?contestType=${medium}`],
    ["the OpenAPI document", () => "/api/openapi.json"],
  ]

  it.each(READS)("%s: an ETag, then 304 with no body to If-None-Match", async (_, read) => {
    const path = read()
    // A running contest's answer carries its countdown to the second, so its ETag rightly
    // changes every second: a check that the clock crossed (the answer changed under it) is taken
    // again, never one where the answer stayed the same.
    for (let attempt = 1; ; attempt++) {
      const etag = await etagOf(path)
      try {
        await revalidatesWith(path, etag)
        return
      } catch (failure) {
        if (attempt >= 5 || (await etagOf(path)) === etag) throw failure
      }
    }
  })

  /** The checks of one ETag: 304 for it (alone, or in a list), 200 for another or a reload. */
  const revalidatesWith = async (path: string, etag: string) => {
    const again = await client(server.url).get(path, revalidating(etag))
    expect(again.status).toBe(304)
    expect(again.text).toBe("")
    expect(again.headers.get("etag")).toBe(etag)
    // Any tag of a list matches, the strong form too; another tag does not.
    const listed = await client(server.url).get(path, revalidating(`W/"other", ${etag.slice(2)}`))
    expect(listed.status).toBe(304)
    const other = await client(server.url).get(path, revalidating('W/"other"'))
    expect(other.status).toBe(200)
    expect(other.headers.get("etag")).toBe(etag)
    // An end-to-end reload (Cache-Control: no-cache) gets the whole answer.
    const reload = await client(server.url).get(path, {
      "If-None-Match": etag,
      "Cache-Control": "no-cache",
    })
    expect(reload.status).toBe(200)
  }

  it("a contest's results carry an ETag once it has one", async () => {
    const ended = await addContest(server, "ended")
    await insertEntry(server, artist, ended, { createdAt: ended.startsAt + 1 })
    const path = `/api/challenges/${ended.id}/results`
    const etag = await etagOf(path)
    expect((await client(server.url).get(path, revalidating(etag))).status).toBe(304)
  })

  it("a new entry changes the gallery's ETag, a vote the leaderboard's", async () => {
    const gallery = `/api/gallery?contestId=${contest.id}&sort=newest`
    const board = `/api/leaderboard?contestType=${medium}`
    const galleryBefore = await etagOf(gallery)
    const boardBefore = await etagOf(board)

    await insertEntry(server, artist, contest, { contestType: medium })
    const galleryAfter = await etagOf(gallery)
    expect(galleryAfter).not.toBe(galleryBefore)
    const stale = await client(server.url).get(gallery, revalidating(galleryBefore))
    expect(stale.status).toBe(200)
    expect(stale.body).toHaveProperty("items")

    await addVote(server, await addMember(server), first)
    const boardAfter = await etagOf(board)
    expect(boardAfter).not.toBe(boardBefore)
    expect((await client(server.url).get(board, revalidating(boardBefore))).status).toBe(200)
  })

  it("the gallery: Vary: Cookie always; no ETag for a signed-in member, whose items say hasVoted", async () => {
    const path = `/api/gallery?contestId=${contest.id}&sort=newest`
    const visitorTag = await etagOf(path)
    const visitor = await client(server.url).get(path)
    expect(visitor.headers.get("vary")).toMatch(/\bCookie\b/i)

    const { browser } = await signedInMember(server)
    const member = await browser.get(path, revalidating(visitorTag))
    expect(member.status).toBe(200)
    expect(member.headers.get("etag")).toBeNull()
    expect(member.headers.get("vary")).toMatch(/\bCookie\b/i)
    expect(member.body.items[0]).toHaveProperty("hasVoted")
  })

  it("answers that depend on the caller, or change state, carry none", async () => {
    const { browser } = await signedInMember(server)
    const me = await browser.get("/api/session")
    expect(me.status, me.text).toBe(200)
    expect(me.headers.get("etag")).toBeNull()
    const health = await client(server.url).get("/api/health")
    expect(health.headers.get("etag")).toBeNull()
  })
})
