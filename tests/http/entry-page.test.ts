import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Schema } from "effect"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { SHARE_CARD } from "../../domain/site/page-titles.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { EntryPageBody as EntryPageBodySchema } from "../../adapters/http/entry-page.schema.ts"
import { ENTRY_PICTURE_SIZES } from "../../adapters/http/page-meta.ts"
import { META_PLACEHOLDER } from "../../adapters/http/web-app.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addMember,
  addVote,
  bodyOf,
  type Browser,
  insertEntry,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * An entry's page over HTTP: GET /api/entries/:id (the entry with its placement, its contest,
 * its picture's renditions, the entries before and after it), who may see a hidden entry, the
 * placements lists carry once a contest is announced, and the share tags of /entries/:id with
 * their JPEG share image.
 */

interface SrcsetItem {
  readonly url: string
  readonly width: number
}
interface EntryPageBody {
  readonly entry: Record<string, unknown> & { readonly id: string }
  readonly contest: { readonly id: string; readonly title: string }
  readonly image: {
    readonly url: string
    readonly width: number | null
    readonly height: number | null
    readonly srcset: ReadonlyArray<SrcsetItem>
  }
  readonly previousEntryId: string | null
  readonly nextEntryId: string | null
}

const MINUTE = 60_000

/** The site's build, as far as the server reads it: index.html with the head tags' place. */
const makeBuild = () => {
  const dir = mkdtempSync(join(tmpdir(), "colorday-entry-page-"))
  mkdirSync(join(dir, "assets"), { recursive: true })
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html><html><head>${META_PLACEHOLDER}</head><body><div id="root"></div></body></html>`,
  )
  return dir
}

/** The content of a <meta property|name="…"> tag. */
const meta = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`)
    .exec(html)?.[1]
    ?.replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")

/** The contest, announced with this podium (in order) and People's Choice. */
const announce = (
  server: TestServer,
  contest: Contest,
  podium: ReadonlyArray<Entry>,
  peoplesChoice: Entry,
  storedStatus = "announced",
) =>
  run(
    server,
    Effect.gen(function* () {
      const contests = yield* ContestRepository
      const current = yield* contests.get(contest.id)
      const winner = podium[0] as Entry
      yield* contests.save({
        ...current,
        storedStatus,
        announcedAt: storedStatus === "announced" ? Date.now() : null,
        result: {
          closedAt: Date.now(),
          winnerEntryId: winner.id,
          winnerMemberId: winner.memberId,
          winnerRawVotes: winner.voteCount,
          winnerWeightedScore: winner.weightedScore,
          peoplesChoiceEntryId: peoplesChoice.id,
          peoplesChoiceMemberId: peoplesChoice.memberId,
          totalEntries: podium.length,
          totalVotes: 0,
          podiumEntryIds: podium.map((entry) => entry.id),
        },
      })
    }),
  )

describe.each(httpBackends)("entry pages on %s", (backend) => {
  let server: TestServer
  let build: string

  beforeAll(async () => {
    build = makeBuild()
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits(),
      config: { webApps: [{ prefix: "/", dir: build }] },
    })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(build, { recursive: true, force: true })
  })

  /** A contest with four entries a minute apart, the third hidden by an admin. */
  const contestWithEntries = async () => {
    const artist = await signedInMember(server)
    const contest = await addContest(server, "open")
    const start = Date.now() - 10 * MINUTE
    const entries: Array<Entry> = []
    for (let i = 0; i < 4; i++) {
      entries.push(
        await insertEntry(server, artist.member, contest, {
          createdAt: start + i * MINUTE,
          ...(i === 2 ? { moderation: "hidden", moderationReason: "Not a colored page" } : {}),
        }),
      )
    }
    return { artist, contest, entries: entries as [Entry, Entry, Entry, Entry] }
  }

  const entryPage = (browser: Browser | null, id: string) =>
    (browser ?? client(server.url)).get(`/api/entries/${id}`)

  it("answers the entry, its contest, its picture's renditions and its neighbours", async () => {
    const { artist, contest, entries } = await contestWithEntries()
    const [first, second, , fourth] = entries
    const response = await entryPage(null, second.id)
    expect(response.status).toBe(200)
    // The answer is what the OpenAPI document says it is.
    Schema.decodeUnknownSync(EntryPageBodySchema)(response.body)
    const body = response.body as EntryPageBody
    expect(body.entry).toMatchObject({
      id: second.id,
      challenge_id: contest.id,
      artist_name: artist.member.username,
      artistUsername: artist.member.username,
      placement: null,
      peoplesChoice: false,
      hasVoted: false,
      status: "submitted",
    })
    expect(body.entry).not.toHaveProperty("moderationReason")
    expect(body.contest).toMatchObject({ id: contest.id, title: contest.title })
    // Gallery order, newest first: previous is the newer fourth (the hidden third is skipped),
    // next the older first.
    expect([body.previousEntryId, body.nextEntryId]).toEqual([fourth.id, first.id])
    expect(bodyOf<EntryPageBody>(await entryPage(null, first.id)).nextEntryId).toBeNull()
    expect(bodyOf<EntryPageBody>(await entryPage(null, fourth.id)).previousEntryId).toBeNull()

    // The display rendition with its size, and every rendition small to large for srcset.
    const display = `/images/${second.image}`
    expect(body.image.url).toBe(display)
    const served = Buffer.from(await (await fetch(`${server.url}${display}`)).arrayBuffer())
    const size = await sharp(served).metadata()
    expect([body.image.width, body.image.height]).toEqual([size.width, size.height])
    expect(body.image.srcset.map((item) => item.url)).toEqual([
      display.replace(/\.webp$/, ".thumb.webp"),
      display,
    ])
    expect(body.image.srcset[0]?.width).toBeLessThanOrEqual(480)
    expect(body.image.srcset[1]?.width).toBe(size.width)
    for (const item of body.image.srcset) {
      const file = await fetch(`${server.url}${item.url}`)
      const bytes = Buffer.from(await file.arrayBuffer())
      expect((await sharp(bytes).metadata()).width, item.url).toBe(item.width)
    }
  })

  it("tells the signed-in member whether they voted for it", async () => {
    const { entries } = await contestWithEntries()
    const voter = await signedInMember(server)
    expect(
      bodyOf<EntryPageBody>(await voter.browser.get(`/api/entries/${entries[0].id}`)).entry,
    ).toMatchObject({ hasVoted: false })
    await addVote(server, voter.member, entries[0])
    expect(
      bodyOf<EntryPageBody>(await voter.browser.get(`/api/entries/${entries[0].id}`)).entry,
    ).toMatchObject({ hasVoted: true, voteCount: 1 })
  })

  it("shows a hidden entry to its owner and admins only; to others it does not exist", async () => {
    const { artist, entries } = await contestWithEntries()
    const hidden = entries[2]
    const other = await signedInMember(server)
    const admin = await signedInMember(server, { admin: true })
    for (const browser of [null, other.browser]) {
      const response = await entryPage(browser, hidden.id)
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ code: "NOT_FOUND" })
    }
    for (const browser of [artist.browser, admin.browser]) {
      const response = await browser.get(`/api/entries/${hidden.id}`)
      expect(response.status).toBe(200)
      const body = bodyOf<EntryPageBody>(response)
      Schema.decodeUnknownSync(EntryPageBodySchema)(body)
      expect(body.entry).toMatchObject({
        id: hidden.id,
        status: "hidden",
        moderationReason: "Not a colored page",
      })
      // Its neighbours are the visible entries around it (newer first).
      expect([body.previousEntryId, body.nextEntryId]).toEqual([entries[3].id, entries[1].id])
    }
  })

  it("answers 404 for an unknown id", async () => {
    const response = await entryPage(null, "no-such-entry")
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ code: "NOT_FOUND" })
  })

  it("carries the placements of an announced contest, in the gallery and on the page", async () => {
    const { contest, entries } = await contestWithEntries()
    const [first, second, , fourth] = entries
    const galleryOf = async () => {
      const response = await fetch(`${server.url}/api/gallery?contestId=${contest.id}`)
      const body = (await response.json()) as { items: ReadonlyArray<Record<string, unknown>> }
      return new Map(body.items.map((item) => [item.id, item]))
    }

    // Closed but not announced: a provisional standing shows no ribbon.
    await announce(server, contest, [fourth, first, second], first, "ended")
    for (const item of (await galleryOf()).values()) {
      expect(item).toMatchObject({ placement: null, peoplesChoice: false })
    }

    await announce(server, contest, [fourth, first, second], first)
    const gallery = await galleryOf()
    expect(gallery.get(fourth.id)).toMatchObject({ placement: 1, peoplesChoice: false })
    expect(gallery.get(first.id)).toMatchObject({ placement: 2, peoplesChoice: true })
    expect(gallery.get(second.id)).toMatchObject({ placement: 3, peoplesChoice: false })
    expect(bodyOf<EntryPageBody>(await entryPage(null, fourth.id)).entry).toMatchObject({
      placement: 1,
    })
    // The contest's other lists say the same.
    const listed = await fetch(
      `${server.url}/api/submissions/by-challenge/search?challenge_id=${contest.id}`,
    )
    const items = (await listed.json()) as ReadonlyArray<Record<string, unknown>>
    expect(items.find((item) => item.id === first.id)).toMatchObject({
      placement: 2,
      peoplesChoice: true,
    })
  })

  it("renders /entries/:id with the entry's share tags and a JPEG share image", async () => {
    const { artist, contest, entries } = await contestWithEntries()
    const entry = entries[1]
    const response = await fetch(`${server.url}/entries/${entry.id}`, {
      headers: { Accept: "text/html" },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    const title = `${artist.member.username} — ${contest.title} · Colorday`
    expect(meta(html, "og:title")).toBe(title)
    expect(meta(html, "twitter:title")).toBe(title)
    expect(meta(html, "og:type")).toBe("article")
    expect(meta(html, "og:url")).toBe(`${server.url}/entries/${entry.id}`)
    expect(meta(html, "twitter:card")).toBe("summary_large_image")
    const image = meta(html, "og:image") ?? ""
    expect(image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/entry\/[0-9a-f-]{36}\.share\.jpg$/)
    expect(meta(html, "twitter:image")).toBe(image)
    expect(meta(html, "og:image:type")).toBe("image/jpeg")

    const served = await fetch(image)
    expect(served.status).toBe(200)
    expect(served.headers.get("content-type")).toBe("image/jpeg")
    expect(served.headers.get("cache-control")).toContain("immutable")
    const jpeg = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(jpeg.format).toBe("jpeg")
    expect([meta(html, "og:image:width"), meta(html, "og:image:height")]).toEqual([
      String(jpeg.width),
      String(jpeg.height),
    ])
    expect(jpeg.exif).toBeUndefined()
  })

  it("preloads /entries/:id's picture from the page's head, as the page's <img> will ask for it", async () => {
    const { entries } = await contestWithEntries()
    const entry = entries[1]
    const { image } = bodyOf<EntryPageBody>(await entryPage(null, entry.id))
    const html = await (
      await fetch(`${server.url}/entries/${entry.id}`, { headers: { Accept: "text/html" } })
    ).text()
    const preload = /<link rel="preload" as="image" ([^>]*)\/>/.exec(html)?.[1] ?? ""
    const attribute = (name: string) =>
      new RegExp(`${name}="([^"]*)"`).exec(preload)?.[1]?.replaceAll("&quot;", '"')
    expect(attribute("href")).toBe(image.url)
    expect(attribute("imagesrcset")).toBe(
      image.srcset.map((candidate) => `${candidate.url} ${candidate.width}w`).join(", "),
    )
    expect(attribute("imagesizes")).toBe(ENTRY_PICTURE_SIZES)
    expect(attribute("fetchpriority")).toBe("high")
    // The page's <img> uses the same sizes, so the browser fetches the preloaded rendition.
    const page = readFileSync(
      join(import.meta.dirname, "../../apps/web/src/screens/entry/EntryPage.tsx"),
      "utf8",
    )
    expect(page).toContain(`sizes="${ENTRY_PICTURE_SIZES}"`)
  })

  it("makes an entry's share image when a crawler asks for it before any page did", async () => {
    const member = await addMember(server)
    const contest = await addContest(server, "open")
    const entry = await insertEntry(server, member, contest)
    const url = `${server.url}/images/${entry.image.replace(/\.webp$/, ".share.jpg")}`
    const first = await fetch(url)
    expect(first.status).toBe(200)
    expect(first.headers.get("content-type")).toBe("image/jpeg")
    const again = await fetch(url)
    expect(Buffer.from(await again.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()))
    // No share image for a photo that does not exist.
    const missing = await fetch(`${server.url}/images/entry/${crypto.randomUUID()}.share.jpg`)
    expect(missing.status).toBe(404)
  })

  it("documents the new routes in the OpenAPI document", async () => {
    const response = await fetch(`${server.url}/api/openapi.json`)
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>
    }
    for (const [path, method] of [
      ["/api/entries/{id}", "get"],
      ["/api/artists/{username}", "get"],
      ["/api/artists/{username}/entries", "get"],
      ["/api/users/{id}/avatar", "post"],
      ["/api/users/{id}/avatar", "delete"],
    ] as const) {
      expect(document.paths[path], path).toHaveProperty(method)
    }
    // The pages' answers are described, not only named.
    for (const path of [
      "/api/entries/{id}",
      "/api/artists/{username}",
      "/api/artists/{username}/entries",
    ]) {
      expect(document.paths[path]?.get?.responses["200"]?.content, path).toBeDefined()
    }
  })

  it("gives a hidden entry's page and an unknown one the entry route's tags and the share card", async () => {
    const { entries } = await contestWithEntries()
    for (const id of [entries[2].id, "no-such-entry"]) {
      const html = await (
        await fetch(`${server.url}/entries/${id}`, { headers: { Accept: "text/html" } })
      ).text()
      expect(meta(html, "og:type")).toBe("website")
      expect(meta(html, "og:title")).toBe("Entry · Colorday")
      expect(meta(html, "og:image")).toBe(`${server.url}${SHARE_CARD.path}`)
      expect(html).not.toContain(entries[2].image)
    }
  })
})
