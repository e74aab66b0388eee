import { startOfDay } from "../shared/calendar.ts"
import type { EntryId, Instant } from "../shared/ids.ts"
import { decodeCursor, encodeCursor } from "../shared/paging.ts"
import { type AgeGroup, type Entry, isVisible } from "./entry.entity.ts"

export const GALLERY_TABS = ["all", "today", "past"] as const
export type GalleryTab = (typeof GALLERY_TABS)[number]
export const GALLERY_SORTS = ["top", "newest", "random"] as const
export type GallerySort = (typeof GALLERY_SORTS)[number]

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
 * "Random" order is a seeded shuffle: entries sorted by CRC-32 of "seed:id". The same seed gives
 * the same order on every page (so keyset cursors work) and a new seed a new order; SQL databases
 * compute the same key (MySQL's CRC32, a registered function in SQLite), so every adapter agrees.
 */
export const randomRank = (seed: string, id: EntryId): number => crc32(`${seed}:${id}`)

type Sortable = Pick<Entry, "id" | "voteCount" | "createdAt">
const byId = (a: Sortable, b: Sortable) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/**
 * The total order of a gallery sort: top rated by vote count (ties to the earlier entry), newest
 * by date, random by the seeded rank; the id breaks any remaining tie so paging is stable.
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
    case "random":
      return (a, b) => randomRank(seed, a.id) - randomRank(seed, b.id) || byId(a, b)
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
