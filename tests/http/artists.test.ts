import { Effect, Schema } from "effect"
import ExifReader from "exifreader"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  ArtistEntriesBody,
  PrivateArtistBody,
  PublicArtistBody,
  ArtistBody as ArtistBodySchema,
} from "../../adapters/http/entry-page.schema.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { DEFAULT_SETTINGS, type PrivacySettings } from "../../domain/accounts/member-settings.ts"
import { saveMemberSettings } from "../../domain/accounts/member-settings.use-case.ts"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  bodyOf,
  type Browser,
  insertEntry,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * Artists' pages over HTTP: GET /api/artists/:username and its entries under every privacy
 * switch, for visitors, other members, the owner and the owner's public preview; and avatars
 * (POST/DELETE /api/users/:id/avatar): a centred 256 px WebP square without metadata, the
 * member's own only, checked like entry photos.
 */

interface ArtistBody {
  readonly username: string
  readonly private: boolean
  readonly isOwner: boolean
  readonly avatarUrl?: string | null
  readonly bio?: string
  readonly memberSince?: string | null
  readonly badges?: ReadonlyArray<{ readonly id: string }> | null
  readonly stats?: {
    readonly wins: number
    readonly entries: number
    readonly votesReceived: number
    readonly score: number
  }
  readonly showsHistory?: boolean
}

const ALL_ON: PrivacySettings = {
  ...DEFAULT_SETTINGS.privacy,
  publicProfile: true,
  showSubmissionHistory: true,
  showAchievementBadges: true,
  showJoinDate: true,
}

/** A request as a visitor (a browser without a session) or in a member's browser. */
const get = (server: TestServer, browser: Browser | null, path: string) =>
  (browser ?? client(server.url)).get(path)

/** A multipart avatar upload in the member's browser. */
const uploadAvatar = async (
  server: TestServer,
  browser: Browser,
  memberId: string,
  bytes: Uint8Array,
  type = "image/jpeg",
) => {
  const form = new FormData()
  form.append("image", new Blob([new Uint8Array(bytes)], { type }), "me.jpg")
  const response = await fetch(`${server.url}/api/users/${memberId}/avatar`, {
    method: "POST",
    body: form,
    headers: browser.cookie ? { Cookie: browser.cookie } : {},
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A landscape photo in three bands, red | green | blue, tagged with GPS and a camera's EXIF. */
const bandedPhoto = async () => {
  const band = (r: number, g: number, b: number) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer()
  return sharp({ create: { width: 600, height: 200, channels: 3, background: "#000" } })
    .composite([
      { input: await band(255, 0, 0), left: 0, top: 0 },
      { input: await band(0, 255, 0), left: 200, top: 0 },
      { input: await band(0, 0, 255), left: 400, top: 0 },
    ])
    .withExif({
      IFD0: { Make: "Colorday Camera", Artist: "Ada" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" },
    })
    .jpeg()
    .toBuffer()
}

describe.each(httpBackends)("artists' pages on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  const setPrivacy = (member: Member, privacy: Partial<PrivacySettings>) =>
    run(
      server,
      saveMemberSettings(member.id, { ...DEFAULT_SETTINGS, privacy: { ...ALL_ON, ...privacy } }),
    )

  /**
   * An artist with a bio, two visible entries (3 votes for 4.5 and 2 votes for 2) and a hidden
   * one, a badge and a won contest; and another signed-in member.
   */
  const artistWorld = async () => {
    const artist = await signedInMember(server)
    const other = await signedInMember(server)
    await artist.browser.put(`/api/users/${artist.member.id}`, { bio: "Ink and watercolor" })
    const contest = await addContest(server, "ended")
    const older = await insertEntry(server, artist.member, contest, {
      voteCount: 3,
      weightedScore: 4.5,
      createdAt: Date.now() - 60_000,
    })
    const newer = await insertEntry(server, artist.member, contest, {
      voteCount: 2,
      weightedScore: 2,
    })
    await insertEntry(server, artist.member, contest, {
      moderation: "hidden",
      moderationReason: "Blurry",
      voteCount: 5,
      weightedScore: 5,
    })
    await run(
      server,
      Effect.gen(function* () {
        yield* (yield* BadgeRepository).grant({
          memberId: artist.member.id,
          badgeId: "first-win",
          earnedAt: Date.now(),
        })
        const contests = yield* ContestRepository
        yield* contests.save({
          ...(yield* contests.get(contest.id)),
          storedStatus: "announced",
          announcedAt: Date.now(),
          result: {
            closedAt: Date.now(),
            winnerEntryId: older.id,
            winnerMemberId: artist.member.id,
            winnerRawVotes: 3,
            winnerWeightedScore: 4.5,
            peoplesChoiceEntryId: older.id,
            peoplesChoiceMemberId: artist.member.id,
            totalEntries: 2,
            totalVotes: 5,
            podiumEntryIds: [older.id, newer.id],
          },
        })
      }),
    )
    await setPrivacy(artist.member, {})
    const page = `/api/artists/${artist.member.username}`
    return { artist, other, older, newer, page }
  }

  // One artist for the privacy tests (each sets every switch first): sign-ups hash passwords.
  let shared: Awaited<ReturnType<typeof artistWorld>> | undefined
  const sharedWorld = async () => {
    shared ??= await artistWorld()
    await setPrivacy(shared.artist.member, {})
    return shared
  }

  it("shows everyone the profile, counters, badges, join date and history when all are on", async () => {
    const { artist, other, older, newer, page } = await sharedWorld()
    for (const browser of [null, other.browser]) {
      const response = await get(server, browser, page)
      expect(response.status).toBe(200)
      expect(response.body).toEqual({
        username: artist.member.username,
        private: false,
        isOwner: false,
        avatarUrl: null,
        bio: "Ink and watercolor",
        location: "",
        website: "",
        memberSince: new Date(artist.member.createdAt).toISOString(),
        badges: [expect.objectContaining({ id: "first-win", name: "First Win" })],
        // The hidden entry is not counted: 2 entries, 5 votes, a score of 6.5.
        stats: { wins: 1, entries: 2, votesReceived: 5, score: 6.5 },
        showsHistory: true,
      })
      Schema.decodeUnknownSync(ArtistBodySchema)(response.body)
      const entries = await get(server, browser, `${page}/entries`)
      expect(entries.status).toBe(200)
      Schema.decodeUnknownSync(ArtistEntriesBody)(entries.body)
      const { items, nextCursor } = entries.body as {
        items: ReadonlyArray<Record<string, unknown>>
        nextCursor: string | null
      }
      expect(items.map((item) => item.id)).toEqual([newer.id, older.id])
      expect(items[1]).toMatchObject({
        placement: 1,
        peoplesChoice: true,
        artistUsername: artist.member.username,
      })
      expect(items[0]).toMatchObject({ placement: 2, peoplesChoice: false })
      expect(nextCursor).toBeNull()
    }
    // Case does not matter in the address.
    expect(
      (await get(server, null, page.toUpperCase().replace("/API/ARTISTS", "/api/artists"))).status,
    ).toBe(200)
  })

  it("pages the history with limit and cursor", async () => {
    const { older, newer, page } = await sharedWorld()
    const first = await get(server, null, `${page}/entries?limit=1`)
    const body = first.body as { items: ReadonlyArray<{ id: string }>; nextCursor: string }
    expect(body.items.map((item) => item.id)).toEqual([newer.id])
    const second = await get(server, null, `${page}/entries?limit=1&cursor=${body.nextCursor}`)
    expect(
      (second.body as { items: ReadonlyArray<{ id: string }> }).items.map((i) => i.id),
    ).toEqual([older.id])
  })

  it("hides the join date from others when showJoinDate is off", async () => {
    const { artist, other, page } = await sharedWorld()
    await setPrivacy(artist.member, { showJoinDate: false })
    for (const browser of [null, other.browser]) {
      const body = bodyOf<ArtistBody>(await get(server, browser, page))
      expect(body.memberSince).toBeNull()
      expect(body.badges).toHaveLength(1)
      expect(body.showsHistory).toBe(true)
    }
    expect(bodyOf<ArtistBody>(await artist.browser.get(page)).memberSince).not.toBeNull()
  })

  it("hides the badges from others when showAchievementBadges is off", async () => {
    const { artist, other, page } = await sharedWorld()
    await setPrivacy(artist.member, { showAchievementBadges: false })
    for (const browser of [null, other.browser]) {
      const body = bodyOf<ArtistBody>(await get(server, browser, page))
      expect(body.badges).toBeNull()
      expect(body.memberSince).not.toBeNull()
    }
    expect(bodyOf<ArtistBody>(await artist.browser.get(page)).badges).toHaveLength(1)
  })

  it("hides the history from others when showSubmissionHistory is off", async () => {
    const { artist, other, page } = await sharedWorld()
    await setPrivacy(artist.member, { showSubmissionHistory: false })
    for (const browser of [null, other.browser]) {
      const body = bodyOf<ArtistBody>(await get(server, browser, page))
      expect(body.showsHistory).toBe(false)
      expect(body.stats).toMatchObject({ entries: 2 })
      const entries = await get(server, browser, `${page}/entries`)
      expect(entries.status).toBe(404)
      expect(entries.body).toMatchObject({ code: "NOT_FOUND" })
    }
    expect(bodyOf<ArtistBody>(await artist.browser.get(page)).showsHistory).toBe(true)
    expect((await artist.browser.get(`${page}/entries`)).status).toBe(200)
  })

  it("shows others only that the profile is private when publicProfile is off", async () => {
    const { artist, other, page } = await sharedWorld()
    await setPrivacy(artist.member, { publicProfile: false })
    for (const browser of [null, other.browser]) {
      const response = await get(server, browser, page)
      expect(response.status).toBe(200)
      expect(response.body).toEqual({
        username: artist.member.username,
        private: true,
        isOwner: false,
      })
      Schema.decodeUnknownSync(PrivateArtistBody)(response.body)
      expect((await get(server, browser, `${page}/entries`)).status).toBe(404)
    }
    // The owner sees their whole page, told that others see it private.
    const own = bodyOf<ArtistBody>(await artist.browser.get(page))
    Schema.decodeUnknownSync(PublicArtistBody)(own)
    expect(own).toMatchObject({
      private: true,
      isOwner: true,
      bio: "Ink and watercolor",
      showsHistory: true,
      stats: { wins: 1, entries: 2, votesReceived: 5, score: 6.5 },
    })
    expect(own.badges).toHaveLength(1)
    expect(own.memberSince).not.toBeNull()
    expect((await artist.browser.get(`${page}/entries`)).status).toBe(200)
  })

  it("previews for the owner, with ?view=public, exactly what others see", async () => {
    const { artist, page } = await sharedWorld()
    for (const privacy of [
      {},
      { showJoinDate: false, showAchievementBadges: false },
      { showSubmissionHistory: false },
      { publicProfile: false },
    ]) {
      await setPrivacy(artist.member, privacy)
      const visitor = await get(server, null, `${page}?view=public`)
      const preview = await artist.browser.get(`${page}?view=public`)
      expect(preview.status).toBe(200)
      expect(preview.body, JSON.stringify(privacy)).toEqual(visitor.body)
      expect((await artist.browser.get(`${page}/entries?view=public`)).status).toBe(
        (await get(server, null, `${page}/entries`)).status,
      )
    }
  })

  it("answers 404 for an unknown username", async () => {
    for (const path of ["/api/artists/nobody-here", "/api/artists/nobody-here/entries"]) {
      const response = await get(server, null, path)
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ code: "NOT_FOUND" })
    }
  })

  it("follows a username change: the old name is gone, entries carry the new one", async () => {
    const { artist, newer } = await artistWorld()
    const renamed = `r${artist.member.username}`.slice(0, 30)
    const saved = await artist.browser.put(`/api/users/${artist.member.id}`, { username: renamed })
    expect(saved.status).toBe(200)
    expect((await get(server, null, `/api/artists/${artist.member.username}`)).status).toBe(404)
    const entries = await get(server, null, `/api/artists/${renamed}/entries`)
    const items = (entries.body as { items: ReadonlyArray<Record<string, unknown>> }).items
    expect(items.find((item) => item.id === newer.id)).toMatchObject({
      artist_name: renamed,
      artistUsername: renamed,
    })
  })

  describe("avatars", () => {
    it("crops the upload to a centred 256 px WebP square without metadata, on the artist page", async () => {
      const { member, browser } = await signedInMember(server)
      const response = await uploadAvatar(server, browser, member.id, await bandedPhoto())
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      const avatarUrl = response.body.avatarUrl as string
      expect(avatarUrl).toMatch(/^\/images\/avatar\/[0-9a-f-]{36}\.webp$/)
      expect(response.body).toMatchObject({ id: member.id, avatar_url: avatarUrl })

      const served = await fetch(`${server.url}${avatarUrl}`)
      expect(served.status).toBe(200)
      expect(served.headers.get("content-type")).toBe("image/webp")
      expect(served.headers.get("cache-control")).toContain("immutable")
      const bytes = Buffer.from(await served.arrayBuffer())
      const metadata = await sharp(bytes).metadata()
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 256, 256])
      expect([metadata.exif, metadata.xmp, metadata.icc]).toEqual([undefined, undefined, undefined])
      expect(
        Object.keys(ExifReader.load(bytes, { expanded: true })).filter((g) => g !== "file"),
      ).toEqual([])
      // The centred square of red | green | blue is the green band, corner to corner.
      const { data, info } = await sharp(bytes)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
      for (const [x, y] of [
        [4, 4],
        [251, 4],
        [128, 128],
        [4, 251],
        [251, 251],
      ] as const) {
        const at = (y * info.width + x) * info.channels
        expect(
          [data[at], data[at + 1], data[at + 2]].map((v) => (v ?? 0) > 128),
          `${x},${y}`,
        ).toEqual([false, true, false])
      }

      const page = bodyOf<ArtistBody>(await get(server, null, `/api/artists/${member.username}`))
      expect(page.avatarUrl).toBe(avatarUrl)
    })

    it("deletes the replaced avatar's file, and the removed one's", async () => {
      const { member, browser } = await signedInMember(server)
      const photo = await bandedPhoto()
      const first = (await uploadAvatar(server, browser, member.id, photo)).body.avatarUrl as string
      const second = (await uploadAvatar(server, browser, member.id, photo)).body
        .avatarUrl as string
      expect(second).not.toBe(first)
      expect((await fetch(`${server.url}${first}`)).status).toBe(404)
      expect((await fetch(`${server.url}${second}`)).status).toBe(200)

      const removed = await browser.delete(`/api/users/${member.id}/avatar`)
      expect(removed.status).toBe(200)
      expect(removed.body).toMatchObject({ id: member.id, avatarUrl: null })
      expect((await fetch(`${server.url}${second}`)).status).toBe(404)
      expect(
        bodyOf<ArtistBody>(await get(server, null, `/api/artists/${member.username}`)).avatarUrl,
      ).toBeNull()
    })

    it("refuses another member's id, and a file that is not a picture", async () => {
      const { member, browser } = await signedInMember(server)
      const other = await signedInMember(server)
      const photo = await bandedPhoto()
      const theirs = await uploadAvatar(server, browser, other.member.id, photo)
      expect(theirs.status).toBe(403)
      expect(theirs.body).toMatchObject({ code: "FORBIDDEN" })
      expect((await browser.delete(`/api/users/${other.member.id}/avatar`)).status).toBe(403)

      const text = new TextEncoder().encode("just some text, named like a photo")
      const refused = await uploadAvatar(server, browser, member.id, text)
      expect(refused.status).toBe(415)
      expect(refused.body).toMatchObject({ code: "UNSUPPORTED_IMAGE" })
      const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\n")
      expect((await uploadAvatar(server, browser, member.id, pdf, "application/pdf")).status).toBe(
        415,
      )

      const none = await fetch(`${server.url}/api/users/${member.id}/avatar`, {
        method: "POST",
        body: new FormData(),
        headers: browser.cookie ? { Cookie: browser.cookie } : {},
      })
      expect(none.status).toBe(400)
      const visitor = await fetch(`${server.url}/api/users/${member.id}/avatar`, { method: "POST" })
      expect(visitor.status).toBe(401)
      expect(
        bodyOf<ArtistBody>(await get(server, null, `/api/artists/${member.username}`)).avatarUrl,
      ).toBeNull()
    })
  })
})
