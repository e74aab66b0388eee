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

/** An entry's page, which is also the lightbox's address. */
export const entryPath = (entryId: string): string => `/entries/${encodeURIComponent(entryId)}`

/** The shared link of an entry (§9): its page, absolute on `origin`. */
export const entryLink = (origin: string, entryId: string): string =>
  `${origin}${entryPath(entryId)}`

/** The username an artist link goes to: artistUsername, else the entry's username. */
export const artistUsernameOf = (
  entry: Pick<Entry, "username"> & Partial<Pick<Entry, "artistUsername">>,
): string => (entry.artistUsername ?? entry.username).trim()

/** An artist's page. */
export const artistPath = (username: string): string => `/artists/${encodeURIComponent(username)}`
