import { startOfDay } from "../shared/calendar.ts"
import type { EntryId, Instant } from "../shared/ids.ts"
import { decodeCursor, encodeCursor } from "../shared/paging.ts"
import { type AgeGroup, type Entry, isVisible } from "./entry.entity.ts"

export const GALLERY_TABS = ["all", "today", "past"] as const
export type GalleryTab = (typeof GALLERY_TABS)[number]
export const GALLERY_SORTS = ["top", "newest", "random"] as const
export type GallerySort = (typeof GALLERY_SORTS)[number]

/** What the gallery shows when the address names no tab or order, and its page size. */
export const GALLERY_DEFAULT_TAB: GalleryTab = "all"
export const GALLERY_DEFAULT_SORT: GallerySort = "newest"
export const GALLERY_PAGE_SIZE = 24

/** Which entries a gallery page may show; `undefined` / "all" means no restriction. */
export interface GalleryFilter {
  readonly contestId?: string | undefined
  readonly memberId?: string | undefined
  readonly ageGroup?: AgeGroup | "all" | undefined
  readonly contestType?: string | undefined
  /** Inclusive lower bound on the entry's date. */
  readonly since?: Instant | undefined
  /** Exclusive upper bound on the entry's date. */
  readonly before?: Instant | undefined
  /** Contests whose entries are left out (Today's Contest leaves out a cancelled one's). */
  readonly excludeContestIds?: ReadonlyArray<string> | undefined
}

/**
 * The tabs split by the viewer's local calendar day: Today is within the current local day,
 * Past is before its start, All is everything.
 */
export const galleryTabBounds = (
  tab: GalleryTab,
  now: Instant,
  timeZone: string,
): Pick<GalleryFilter, "since" | "before"> => {
  switch (tab) {
    case "all":
      return {}
    case "today":
      return { since: startOfDay(now, timeZone) }
    case "past":
      return { before: startOfDay(now, timeZone) }
  }
}

/** Filters first (moderation, contest, member, dates, age group, contest type), then sorting. */
export const matchesGallery = (entry: Entry, filter: GalleryFilter): boolean =>
  isVisible(entry) &&
  (filter.contestId === undefined || entry.contestId === filter.contestId) &&
  (filter.memberId === undefined || entry.memberId === filter.memberId) &&
  (filter.since === undefined || entry.createdAt >= filter.since) &&
  (filter.before === undefined || entry.createdAt < filter.before) &&
  !(filter.excludeContestIds ?? []).includes(entry.contestId) &&
  (filter.ageGroup === undefined ||
    filter.ageGroup === "all" ||
    entry.ageGroup === filter.ageGroup) &&
  (filter.contestType === undefined ||
    filter.contestType === "all" ||
    entry.contestType === filter.contestType)

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 (IEEE) of a string's UTF-8 bytes: the same number MySQL's CRC32() gives. */
export const crc32 = (text: string): number => {
  let crc = 0xffffffff
  for (const byte of new TextEncoder().encode(text)) {
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8)
  }
  return (crc ^ 0xffffffff) >>> 0
}

/**
 * "Random" order is a walk around a ring. Every entry has a fixed place on it, its shuffle key
 * (CRC-32 of its id, stored beside the entry with an index); the seed picks where the walk starts
 * and which way it goes, and the walk wraps once round. The same seed gives the same order on every
 * page and a new seed another (a different first page, the rest continuing from there); a page
 * after a cursor is an index seek from the cursor's place, so page 100 costs what page 1 does.
 */
export const shuffleKey = (id: EntryId): number => crc32(id)

/** Where a seed's walk starts on the ring of shuffle keys, and whether it walks downwards. */
export interface ShuffleWalk {
  /** Ascending: keys from `start` up, then from 0 to below `start`. Descending: the reverse. */
  readonly start: number
  readonly descending: boolean
}

export const shuffleWalk = (seed: string): ShuffleWalk => {
  const start = crc32(seed)
  return { start, descending: crc32(`${seed}:descending`) % 2 === 1 }
}

/**
 * Which lap of the walk a key is on: 0 for the part walked first, 1 for the part after the wrap.
 * Ascending walks start at `start` (inclusive); descending ones just below it.
 */
export const shuffleLap = (walk: ShuffleWalk, key: number): 0 | 1 =>
  walk.descending === key < walk.start ? 0 : 1

type Sortable = Pick<Entry, "id" | "voteCount" | "createdAt">
const byId = (a: Sortable, b: Sortable) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The total order of a gallery sort: top rated by vote count (ties to the earlier entry), newest
 * by date, random by the seed's walk round the shuffle keys; the id breaks any remaining tie so paging is stable.
 */
export const galleryOrder = (
  sort: GallerySort,
  seed: string,
): ((a: Sortable, b: Sortable) => number) => {
  switch (sort) {
    case "top":
      return (a, b) => b.voteCount - a.voteCount || a.createdAt - b.createdAt || byId(a, b)
    case "newest":
      return (a, b) => b.createdAt - a.createdAt || byId(b, a)
    case "random": {
      const walk = shuffleWalk(seed)
      const direction = walk.descending ? -1 : 1
      return (a, b) => {
        const keyA = shuffleKey(a.id)
        const keyB = shuffleKey(b.id)
        return (
          shuffleLap(walk, keyA) - shuffleLap(walk, keyB) || direction * (keyA - keyB || byId(a, b))
        )
      }
    }
  }
}

/** The cursor of the page after `last`: the fields the order compares. */
export const galleryCursor = (last: Sortable): string =>
  encodeCursor([last.id, last.voteCount, last.createdAt])

/** Reads a gallery cursor back, or undefined when it was not one of ours. */
export const readGalleryCursor = (cursor: string): Sortable | undefined => {
  const value = decodeCursor(cursor)
  if (!Array.isArray(value) || value.length !== 3) return undefined
  const [id, voteCount, createdAt] = value as Array<unknown>
  if (typeof id !== "string" || typeof voteCount !== "number" || typeof createdAt !== "number") {
    return undefined
  }
  return { id, voteCount, createdAt }
}
