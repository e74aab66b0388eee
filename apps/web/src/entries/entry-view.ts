import "./catalog.ts"
import type { Entry } from "../api/types.ts"
import type { Translate } from "../../../ui/src/i18n.tsx"
import { activeT } from "../session/active-t.ts"
import { entryPath } from "./entry-path.ts"

/** How an entry is shown wherever it appears (gallery, home page): names, images, links. */

/** The artist's name, "Anonymous" when the entry carries none (spec §3, gallery card view). */
export const artistOf = (entry: Pick<Entry, "username">, t: Translate = activeT): string =>
  entry.username.trim() || t("web.entry.anonymous")

/** The image a grid shows: the 480 px thumbnail, else the display size, else none. */
export const thumbnailOf = (entry: Pick<Entry, "thumbnailUrl" | "imageUrl">): string | null =>
  entry.thumbnailUrl ?? entry.imageUrl

/**
 * The widths a grid's `srcset` names for an entry photo's renditions: the longest side each is
 * stored at (adapters/images/process-image.ts, RENDITION_SIZES); a photo sent smaller keeps its
 * size. Lists carry the renditions' URLs, not their files' sizes (only the entry page reads those).
 */
export const RENDITION_WIDTHS = { thumbnail: 480, display: 1600 } as const

/**
 * The `srcset` of an entry's image in a grid: the thumbnail, and the display size for wide
 * columns and dense screens. None when there is only one rendition (an image of the first store
 * is its own thumbnail).
 */
export const gridSrcSetOf = (
  entry: Pick<Entry, "thumbnailUrl" | "imageUrl">,
): string | undefined =>
  entry.thumbnailUrl !== null && entry.imageUrl !== null && entry.thumbnailUrl !== entry.imageUrl
    ? // eslint-disable-next-line lingui/no-unlocalized-strings -- a srcset (addresses and widths), not text
      `${entry.thumbnailUrl} ${RENDITION_WIDTHS.thumbnail}w, ${entry.imageUrl} ${RENDITION_WIDTHS.display}w`
    : undefined

/** "1 vote", "12 votes". */
export const votesLabel = (count: number, t: Translate = activeT): string =>
  t("web.entry.voteCount", { count })

export { entryPath }

/** The shared link of an entry (§9): its page, absolute on `origin`. */
export const entryLink = (origin: string, entryId: string): string =>
  `${origin}${entryPath(entryId)}`

/** The username an artist link goes to: artistUsername, else the entry's username. */
export const artistUsernameOf = (
  entry: Pick<Entry, "username"> & Partial<Pick<Entry, "artistUsername">>,
): string => (entry.artistUsername ?? entry.username).trim()

/** An artist's page. */
export const artistPath = (username: string): string => `/artists/${encodeURIComponent(username)}`
