import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { encodeCursor, pageAfter } from "../shared/paging.ts"
import type { Entry } from "./entry.entity.ts"
import {
  GALLERY_SORTS,
  GALLERY_TABS,
  galleryCursor,
  type GalleryFilter,
  galleryOrder,
  galleryTabBounds,
  matchesGallery,
  readGalleryCursor,
  shuffleKey,
  shuffleLap,
  shuffleWalk,
} from "./gallery.ts"

const at = (iso: string) => Date.parse(iso)
const T0 = at("2026-11-23T12:00:00Z")

const entry = (id: string, overrides: Partial<Entry> = {}): Entry => ({
  id,
  contestId: "contest-1",
  memberId: "member-1",
  artistName: "Ada",
  image: `images/${id}.jpg`,
  ageGroup: "adult",
  contestType: "traditional",
  moderation: "visible",
  moderationReason: null,
  voteCount: 0,
  weightedScore: 0,
  createdAt: T0,
  ...overrides,
})

const ids = (entries: ReadonlyArray<{ readonly id: string }>) => entries.map((e) => e.id)

describe("galleryTabBounds", () => {
  it("has the tabs all, today and past, and the sorts top, newest and random", () => {
    expect(GALLERY_TABS).toEqual(["all", "today", "past"])
    expect(GALLERY_SORTS).toEqual(["top", "newest", "random"])
  })

  it("all has no bounds", () => {
    expect(galleryTabBounds("all", T0, "America/New_York")).toEqual({})
  })

  it("today starts at the viewer's local midnight", () => {
    // 03:00Z on the 24th is 22:00 EST on the 23rd in New York: today began at 05:00Z on the 23rd.
    expect(galleryTabBounds("today", at("2026-11-24T03:00:00Z"), "America/New_York")).toEqual({
      since: at("2026-11-23T05:00:00Z"),
    })
  })

  it("past ends (exclusively) at the viewer's local midnight", () => {
    expect(galleryTabBounds("past", at("2026-11-24T03:00:00Z"), "America/New_York")).toEqual({
      before: at("2026-11-23T05:00:00Z"),
    })
  })

  it("the same instant is a different local day in another zone", () => {
    expect(galleryTabBounds("today", at("2026-11-24T03:00:00Z"), "Asia/Tokyo")).toEqual({
      since: at("2026-11-23T15:00:00Z"),
    })
    expect(galleryTabBounds("today", at("2026-11-24T03:00:00Z"), "UTC")).toEqual({
      since: at("2026-11-24T00:00:00Z"),
    })
  })

  it("today and past split entries at local midnight, each entry in exactly one", () => {
    const now = at("2026-11-24T03:00:00Z")
    const zone = "America/New_York"
    const midnight = at("2026-11-23T05:00:00Z")
    const lastOfYesterday = entry("y", { createdAt: midnight - 1 })
    const firstOfToday = entry("t", { createdAt: midnight })
    const today = galleryTabBounds("today", now, zone)
    const past = galleryTabBounds("past", now, zone)
    expect(matchesGallery(lastOfYesterday, today)).toBe(false)
    expect(matchesGallery(lastOfYesterday, past)).toBe(true)
    expect(matchesGallery(firstOfToday, today)).toBe(true)
    expect(matchesGallery(firstOfToday, past)).toBe(false)
  })
})

describe("matchesGallery", () => {
  it("shows a visible entry with no filter", () => {
    expect(matchesGallery(entry("a"), {})).toBe(true)
  })

  it("never shows hidden or disqualified entries", () => {
    expect(matchesGallery(entry("a", { moderation: "hidden" }), {})).toBe(false)
    expect(matchesGallery(entry("a", { moderation: "disqualified" }), {})).toBe(false)
  })

  it("filters by contest and by member", () => {
    const e = entry("a", { contestId: "c1", memberId: "m1" })
    expect(matchesGallery(e, { contestId: "c1" })).toBe(true)
    expect(matchesGallery(e, { contestId: "c2" })).toBe(false)
    expect(matchesGallery(e, { memberId: "m1" })).toBe(true)
    expect(matchesGallery(e, { memberId: "m2" })).toBe(false)
  })

  it("since is inclusive and before is exclusive", () => {
    const e = entry("a", { createdAt: T0 })
    expect(matchesGallery(e, { since: T0 })).toBe(true)
    expect(matchesGallery(e, { since: T0 + 1 })).toBe(false)
    expect(matchesGallery(e, { before: T0 + 1 })).toBe(true)
    expect(matchesGallery(e, { before: T0 })).toBe(false)
  })

  it("filters by age group, all meaning every group", () => {
    const teen = entry("a", { ageGroup: "teen" })
    expect(matchesGallery(teen, { ageGroup: "teen" })).toBe(true)
    expect(matchesGallery(teen, { ageGroup: "adult" })).toBe(false)
    expect(matchesGallery(teen, { ageGroup: "all" })).toBe(true)
  })

  it("filters by contest type, all meaning every type", () => {
    const digital = entry("a", { contestType: "digital" })
    expect(matchesGallery(digital, { contestType: "digital" })).toBe(true)
    expect(matchesGallery(digital, { contestType: "traditional" })).toBe(false)
    expect(matchesGallery(digital, { contestType: "all" })).toBe(true)
  })

  it("requires every given filter to match", () => {
    const filter: GalleryFilter = {
      contestId: "contest-1",
      ageGroup: "adult",
      contestType: "digital",
    }
    expect(matchesGallery(entry("a", { contestType: "digital" }), filter)).toBe(true)
    expect(matchesGallery(entry("a", { contestType: "traditional" }), filter)).toBe(false)
  })
})

describe("galleryOrder", () => {
  it("top rated: most votes first, ties to the earlier entry, then the smaller id", () => {
    const entries = [
      entry("few", { voteCount: 1 }),
      entry("many", { voteCount: 9 }),
      entry("tie-late", { voteCount: 5, createdAt: T0 + 10 }),
      entry("tie-b", { voteCount: 5 }),
      entry("tie-a", { voteCount: 5 }),
    ]
    expect(ids(entries.sort(galleryOrder("top", "")))).toEqual([
      "many",
      "tie-a",
      "tie-b",
      "tie-late",
      "few",
    ])
  })

  it("top rated sorts by raw vote count, not weighted score", () => {
    const entries = [
      entry("weighty", { voteCount: 1, weightedScore: 3 }),
      entry("popular", { voteCount: 2, weightedScore: 2 }),
    ]
    expect(ids(entries.sort(galleryOrder("top", "")))).toEqual(["popular", "weighty"])
  })

  it("newest: latest date first, whatever the votes", () => {
    const entries = [
      entry("old", { createdAt: T0 - 1000, voteCount: 99 }),
      entry("new", { createdAt: T0 + 1000 }),
      entry("mid", { createdAt: T0 }),
    ]
    expect(ids(entries.sort(galleryOrder("newest", "")))).toEqual(["new", "mid", "old"])
  })

  it("newest: entries at the same instant are in a fixed order by id", () => {
    const order = galleryOrder("newest", "")
    const a = entry("a")
    const b = entry("b")
    expect(ids([a, b].sort(order))).toEqual(ids([b, a].sort(order)))
    expect(order(a, a)).toBe(0)
  })

  const many = Array.from({ length: 40 }, (_, i) => entry(`entry-${i}`, { voteCount: i }))

  it("random: the same seed gives the same order every time", () => {
    const first = ids([...many].sort(galleryOrder("random", "seed-1")))
    const again = ids([...many].reverse().sort(galleryOrder("random", "seed-1")))
    expect(again).toEqual(first)
  })

  it("random: another seed gives another order", () => {
    const one = ids([...many].sort(galleryOrder("random", "seed-1")))
    const two = ids([...many].sort(galleryOrder("random", "seed-2")))
    expect(two).not.toEqual(one)
    expect([...two].sort()).toEqual([...one].sort())
  })

  it("random: is not simply the id, date or vote order", () => {
    const shuffled = ids([...many].sort(galleryOrder("random", "seed-1")))
    expect(shuffled).not.toEqual(ids(many))
    expect(shuffled).not.toEqual(ids([...many].sort(galleryOrder("top", ""))))
  })

  it("shuffleKey is the CRC-32 of the id: a fixed place on a 32-bit ring", () => {
    expect(shuffleKey("a")).toBe(shuffleKey("a"))
    expect(shuffleKey("a")).not.toBe(shuffleKey("b"))
    // The same number MySQL's CRC32('entry-1') gives, which the migration's backfill relies on.
    expect(shuffleKey("entry-1")).toBe(0x91acf504)
    fc.assert(
      fc.property(fc.string(), (id) => {
        const key = shuffleKey(id)
        expect(Number.isInteger(key)).toBe(true)
        expect(key).toBeGreaterThanOrEqual(0)
        expect(key).toBeLessThan(2 ** 32)
      }),
    )
  })

  it("random: a walk visits its first lap, then wraps to the rest, in one direction", () => {
    for (const seed of ["seed-1", "seed-2", "seed-3", "seed-4"]) {
      const walk = shuffleWalk(seed)
      const keys = [...many].sort(galleryOrder("random", seed)).map((e) => shuffleKey(e.id))
      const laps = keys.map((key) => shuffleLap(walk, key))
      // Every lap-0 key before every lap-1 key, and inside a lap the keys move one way.
      expect(laps).toEqual([...laps].sort())
      for (let i = 1; i < keys.length; i++) {
        if (laps[i] !== laps[i - 1]) continue
        const step = (keys[i] as number) - (keys[i - 1] as number)
        expect(walk.descending ? step <= 0 : step >= 0).toBe(true)
      }
    }
  })

  it("random: seeds walk both ways round the ring", () => {
    const ways = new Set(Array.from({ length: 20 }, (_, i) => shuffleWalk(`seed-${i}`).descending))
    expect(ways).toEqual(new Set([true, false]))
  })

  it("every sort is a total order: antisymmetric, and zero only for the same id (property)", () => {
    const sortable = fc.record({
      id: fc.string({ maxLength: 4 }),
      voteCount: fc.integer({ min: 0, max: 3 }),
      createdAt: fc.integer({ min: 0, max: 3 }),
    })
    fc.assert(
      fc.property(
        fc.constantFrom(...GALLERY_SORTS),
        fc.string(),
        sortable,
        sortable,
        (sort, seed, a, b) => {
          const order = galleryOrder(sort, seed)
          expect(Math.sign(order(a, b)) === -Math.sign(order(b, a))).toBe(true)
          if (a.id !== b.id) expect(order(a, b)).not.toBe(0)
        },
      ),
    )
  })
})

describe("gallery cursors", () => {
  it("round-trip the fields the order compares", () => {
    const last = entry("entry-7", { voteCount: 12, createdAt: T0 })
    expect(readGalleryCursor(galleryCursor(last))).toEqual({
      id: "entry-7",
      voteCount: 12,
      createdAt: T0,
    })
  })

  it("round-trip any id, voteCount and date (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }),
        fc.nat(),
        fc.integer({ min: 0, max: 8_640_000_000_000 }),
        (id, voteCount, createdAt) => {
          expect(readGalleryCursor(galleryCursor({ id, voteCount, createdAt }))).toEqual({
            id,
            voteCount,
            createdAt,
          })
        },
      ),
    )
  })

  it("an invalid cursor reads as undefined", () => {
    expect(readGalleryCursor("not-a-cursor!")).toBeUndefined()
    expect(readGalleryCursor("")).toBeUndefined()
    expect(readGalleryCursor(encodeCursor({ id: "a", voteCount: 1, createdAt: 2 }))).toBeUndefined()
    expect(readGalleryCursor(encodeCursor(["a", 1]))).toBeUndefined()
    expect(readGalleryCursor(encodeCursor(["a", 1, 2, 3]))).toBeUndefined()
    expect(readGalleryCursor(encodeCursor([1, 1, 2]))).toBeUndefined()
    expect(readGalleryCursor(encodeCursor(["a", "1", 2]))).toBeUndefined()
    expect(readGalleryCursor(encodeCursor(["a", 1, null]))).toBeUndefined()
  })
})

describe("gallery paging", () => {
  const entryArb = fc.record({
    voteCount: fc.integer({ min: 0, max: 4 }),
    createdAt: fc.integer({ min: 0, max: 4 }),
  })

  it("paging with cursors gives every entry exactly once, for every sort (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 40 }),
        fc.array(entryArb, { minLength: 40, maxLength: 40 }),
        fc.constantFrom(...GALLERY_SORTS),
        fc.string(),
        fc.integer({ min: 1, max: 7 }),
        (entryIds, fields, sort, seed, limit) => {
          const order = galleryOrder(sort, seed)
          const sorted = entryIds
            .map((id, i) => entry(id, fields[i] ?? { voteCount: 0, createdAt: 0 }))
            .sort(order)
          const seen: Array<string> = []
          let cursor: string | undefined
          for (let guard = 0; guard <= sorted.length + 1; guard++) {
            const after = cursor === undefined ? undefined : readGalleryCursor(cursor)
            if (cursor !== undefined) expect(after).toBeDefined()
            const page = pageAfter(sorted, order, after, limit)
            seen.push(...ids(page.items))
            const last = page.items[page.items.length - 1]
            if (!page.hasMore || last === undefined) break
            cursor = galleryCursor(last)
          }
          expect(seen).toEqual(ids(sorted))
          expect(new Set(seen).size).toBe(entryIds.length)
        },
      ),
    )
  })
})
