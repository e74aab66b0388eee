import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Member } from "../../domain/accounts/member.entity.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { startOfDay } from "../../domain/shared/calendar.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addMember,
  addVote,
  bodyOf,
  insertEntry,
  roomyRateLimits,
  signedInMember,
  type Browser,
} from "./support/world.ts"

/** GET /api/gallery: tabs, sorts (seeded random), filters, cursor paging and hasVoted. */

interface Item {
  readonly id: string
  readonly voteCount: number
  readonly hasVoted: boolean
  readonly [field: string]: unknown
}
interface GalleryPage {
  readonly items: ReadonlyArray<Item>
  readonly nextCursor: string | null
  readonly seed?: string
}

const HOUR = 3_600_000

describe.each(httpBackends)("gallery on %s", (backend) => {
  let server: TestServer
  let contest: Contest
  let artist: Member
  /** Entries of the contest, oldest first: [yesterday, today × 4]. */
  let entries: Array<Entry>

  const page = async (query: string, browser: Browser = client(server.url)) => {
    const response = await browser.get(`/api/gallery?contestId=${contest.id}&${query}`)
    expect(response.status, response.text).toBe(200)
    return bodyOf<GalleryPage>(response)
  }
  /** Every page of a query, following nextCursor. */
  const allPages = async (query: string) => {
    const seen: Array<string> = []
    let cursor: string | null = null
    let pages = 0
    do {
      const next: GalleryPage = await page(
        `${query}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      )
      seen.push(...next.items.map((item) => item.id))
      cursor = next.nextCursor
      pages++
    } while (cursor && pages < 20)
    return seen
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    artist = await addMember(server)
    contest = await addContest(server)
    const now = Date.now()
    const yesterday = startOfDay(now, "UTC") - HOUR
    entries = [
      await insertEntry(server, artist, contest, { createdAt: yesterday, voteCount: 3 }),
      await insertEntry(server, artist, contest, { createdAt: now - 4000, voteCount: 5 }),
      await insertEntry(server, artist, contest, {
        createdAt: now - 3000,
        voteCount: 1,
        ageGroup: "senior",
      }),
      await insertEntry(server, artist, contest, {
        createdAt: now - 2000,
        voteCount: 5,
        contestType: "digital",
      }),
      await insertEntry(server, artist, contest, { createdAt: now - 1000, voteCount: 0 }),
    ]
    await insertEntry(server, artist, contest, { moderation: "disqualified", createdAt: now })
  })
  afterAll(async () => {
    await server?.close()
  })

  const idsOf = (list: ReadonlyArray<Entry>) => list.map((entry) => entry.id)

  it("answers {items, nextCursor}: presented entries, newest first, hasVoted false for a visitor", async () => {
    const body = await page("")
    expect(Object.keys(body).sort()).toEqual(["items", "nextCursor"])
    expect(body.items.map((item) => item.id)).toEqual(idsOf([...entries].reverse()))
    expect(body.nextCursor).toBeNull()
    const newest = entries[4] as Entry
    expect(body.items[0]).toMatchObject({
      id: newest.id,
      user_id: artist.id,
      artist_name: artist.username,
      imageUrl: `/images/${newest.image}`,
      challenge_id: contest.id,
      ageGroup: "adult",
      contestType: "traditional",
      voteCount: 0,
      submissionDate: new Date(newest.createdAt).toISOString(),
      hasVoted: false,
    })
  })

  it("sorts top rated by votes, ties to the earlier entry", async () => {
    const body = await page("sort=top")
    const [yesterday, five, one, fiveLater, zero] = entries as [Entry, Entry, Entry, Entry, Entry]
    expect(body.items.map((item) => item.id)).toEqual(
      idsOf([five, fiveLater, yesterday, one, zero]),
    )
  })

  it("pages with the cursor, every entry once, in every sort", async () => {
    for (const sort of ["newest", "top", "random&seed=abc"]) {
      const seen = await allPages(`sort=${sort}`)
      expect(seen, sort).toHaveLength(5)
      expect(new Set(seen)).toEqual(new Set(idsOf(entries)))
    }
  })

  it("shuffles by seed: one seed, one order; a seed is chosen and returned when none is sent", async () => {
    const a = await page("sort=random&seed=first")
    const again = await page("sort=random&seed=first")
    expect(again.items.map((i) => i.id)).toEqual(a.items.map((i) => i.id))
    expect(a.seed).toBe("first")
    expect(await allPages("sort=random&seed=first")).toEqual(a.items.map((i) => i.id))

    const chosen = await page("sort=random&limit=2")
    expect(chosen.seed).toMatch(/^\S+$/)
    const rest = await page(
      `sort=random&limit=10&seed=${chosen.seed}&cursor=${encodeURIComponent(chosen.nextCursor ?? "")}`,
    )
    const all = [...chosen.items, ...rest.items].map((i) => i.id)
    expect(new Set(all)).toEqual(new Set(idsOf(entries)))
  })

  it("splits today and past at the viewer's local midnight", async () => {
    const [yesterday, ...today] = entries as [Entry, ...Array<Entry>]
    const todayPage = await page("tab=today&tz=UTC")
    expect(new Set(todayPage.items.map((i) => i.id))).toEqual(new Set(idsOf(today)))
    const past = await page("tab=past&tz=UTC")
    expect(past.items.map((i) => i.id)).toEqual([yesterday.id])
    const all = await page("tab=all&tz=Pacific/Kiritimati")
    expect(all.items).toHaveLength(5)
  })

  it("filters by age group and medium", async () => {
    const senior = await page("ageGroup=senior")
    expect(senior.items.map((i) => i.id)).toEqual([(entries[2] as Entry).id])
    const digital = await page("contestType=digital&ageGroup=all")
    expect(digital.items.map((i) => i.id)).toEqual([(entries[3] as Entry).id])
    const none = await client(server.url).get(`/api/gallery?contestId=nope`)
    expect(bodyOf<GalleryPage>(none).items).toEqual([])
  })

  it("marks hasVoted for the signed-in member", async () => {
    const open = await addContest(server)
    const target = await insertEntry(server, artist, open)
    const other = await insertEntry(server, artist, open)
    const { member, browser } = await signedInMember(server)
    await addVote(server, member, target)
    const response = await browser.get(`/api/gallery?contestId=${open.id}`)
    const items = bodyOf<GalleryPage>(response).items
    expect(items.find((i) => i.id === target.id)).toMatchObject({ hasVoted: true, voteCount: 1 })
    expect(items.find((i) => i.id === other.id)).toMatchObject({ hasVoted: false })
  })

  it("refuses bad tabs, sorts, time zones, cursors and limits with 400 naming the field", async () => {
    const cases: ReadonlyArray<[string, RegExp]> = [
      ["tab=yesterday", /tab/],
      ["sort=oldest", /sort/],
      ["ageGroup=baby", /ageGroup/],
      ["limit=1000", /limit/],
      ["contestType=%3Cscript%3E", /contestType/],
      ["tz=Mars%2FOlympus", /tz/],
      ["cursor=garbage", /cursor/],
      [`seed=${"s".repeat(65)}`, /seed/],
    ]
    for (const [query, field] of cases) {
      const response = await client(server.url).get(`/api/gallery?${query}`)
      expect(response.status, query).toBe(400)
      expect(bodyOf(response).message, query).toMatch(field)
    }
  })
})
