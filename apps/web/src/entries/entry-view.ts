import type { Entry } from "../api/types.ts"

/** How an entry is shown wherever it appears (gallery, home page): names, images, links. */

/** The artist's name, "Anonymous" when the entry carries none (spec §3, gallery card view). */
export const artistOf = (entry: Pick<Entry, "username">): string =>
  entry.username.trim() || "Anonymous"

/** The image a grid shows: the 480 px thumbnail, else the display size, else none. */
export const thumbnailOf = (entry: Pick<Entry, "thumbnailUrl" | "imageUrl">): string | null =>
  entry.thumbnailUrl ?? entry.imageUrl

/** "1 vote", "12 votes". */
export const votesLabel = (count: number): string => `${count} ${count === 1 ? "vote" : "votes"}`

/** The link that opens the gallery on one entry (§9 share link), absolute on `origin`. */
export const entryLink = (origin: string, entryId: string): string =>
  `${origin}/gallery?submission=${encodeURIComponent(entryId)}`
