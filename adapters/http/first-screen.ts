/**
 * The first screen's data in the page itself (issue 20): the calls a page makes before it can
 * draw anything (who is signed in; on home, the day's contest) are answered by the server while
 * it writes the HTML, into a JSON block the site's API client reads instead of asking again
 * (apps/web/src/api/first-screen.ts). A phone then draws the header and the contest card from the
 * first response, without a round trip after the scripts. Each answer is exactly what the API
 * route would send, status included, so the page behaves the same whether it read the block or
 * fetched: a visitor's /api/session is the route's own 401.
 */

import {
  GALLERY_DEFAULT_SORT,
  GALLERY_DEFAULT_TAB,
  GALLERY_PAGE_SIZE,
  GALLERY_SORTS,
  GALLERY_TABS,
} from "../../domain/submissions/gallery.ts"
import { RENDITION_SIZES } from "../images/process-image.ts"
import { escapeHtml } from "./page-meta.ts"

/** The element's id, shared with the client. */
export const FIRST_SCREEN_ID = "colorday-first-screen"

/** One answer: the route's status and JSON body (null for 204). */
export interface InPageAnswer {
  readonly status: number
  readonly body: unknown
}

/** A GET call a page makes before its first screen, and the key its answer is written under. */
export interface FirstScreenCall {
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  /** `path`, then `?` and the query with its names in order: the client compares by meaning. */
  readonly key: string
}

const call = (path: string, query: Readonly<Record<string, string>> = {}): FirstScreenCall => {
  const names = Object.keys(query).sort()
  const search = new URLSearchParams(names.map((name) => [name, query[name] ?? ""])).toString()
  return { path, query, key: search === "" ? path : `${path}?${search}` }
}

const safelyDecoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

type PageQuery = Readonly<Record<string, string | ReadonlyArray<string> | undefined>>

const first = (value: string | ReadonlyArray<string> | undefined) =>
  typeof value === "string" ? value : value?.[0]

/**
 * The gallery's first page as GalleryPage asks for it: the address's tab and order (the defaults
 * when it names none), one page. Only the All tab: Today and Past split at the browser's midnight,
 * and the server does not know the browser's time zone before it asks.
 */
const galleryFirstPage = (query: PageQuery): FirstScreenCall | undefined => {
  const tab = first(query.tab) ?? ""
  const sort = first(query.sort) ?? ""
  const shownTab = (GALLERY_TABS as ReadonlyArray<string>).includes(tab) ? tab : GALLERY_DEFAULT_TAB
  if (shownTab !== "all") return undefined
  return call("/api/gallery", {
    tab: shownTab,
    sort: (GALLERY_SORTS as ReadonlyArray<string>).includes(sort) ? sort : GALLERY_DEFAULT_SORT,
    limit: String(GALLERY_PAGE_SIZE),
  })
}

/** An entry's page: `/entries/ID`, one segment after the prefix (EntryPage's route). */
const ENTRY_PAGE = /^\/entries\/([^/]+)$/

/**
 * The GET calls a site page makes before its first screen: every page asks who is signed in;
 * home asks for the day's contest, the gallery for its first page, an entry's page for the entry
 * (its picture, placement and neighbours), as the client fills the route's path.
 */
export const firstScreenCalls = (
  path: string,
  query: PageQuery = {},
): ReadonlyArray<FirstScreenCall> => {
  const session = call("/api/session")
  if (path === "/") return [session, call("/api/challenges/current-active")]
  if (path === "/gallery") {
    const gallery = galleryFirstPage(query)
    return gallery ? [session, gallery] : [session]
  }
  const entryId = ENTRY_PAGE.exec(path)?.[1]
  // The page's path arrives decoded or not as the browser sent it; the client encodes the id.
  if (entryId !== undefined) {
    return [session, call(`/api/entries/${encodeURIComponent(safelyDecoded(entryId))}`)]
  }
  return [session]
}

/**
 * JSON inside a <script type="application/json">: never executed, so CSP has nothing to allow,
 * and `<` written as \u003c so no text in it (a contest title with "</script>") can end the block.
 */
const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")

/**
 * The `sizes` of the gallery grid's pictures (apps/web/src/screens/gallery/gallery-grid.ts, which
 * tests/http/web-app.test.ts holds to this): the preload must choose the rendition the grid will.
 */
export const GALLERY_PICTURE_SIZES =
  "(min-width: 1280px) 258px, (min-width: 1152px) 352px, (min-width: 1024px) calc(33.33vw - 32px), (min-width: 640px) calc(50vw - 36px), calc(50vw - 22px)"

/** The gallery's pictures preloaded from the head: a phone's first row (two columns). */
export const GALLERY_PRELOADED = 2

interface GalleryPicture {
  readonly thumbnailUrl?: unknown
  readonly imageUrl?: unknown
}

const urlOf = (value: unknown): string | null =>
  typeof value === "string" && value !== "" ? value : null

/**
 * A gallery picture's preload, with the candidates the grid's <img> has (EntryImage: the thumbnail
 * and the display size as `srcset` when both exist, else the one there is).
 */
const galleryPicturePreload = (entry: GalleryPicture): string | undefined => {
  const thumbnail = urlOf(entry.thumbnailUrl)
  const display = urlOf(entry.imageUrl)
  const src = thumbnail ?? display
  if (src === null) return undefined
  const candidates =
    thumbnail !== null && display !== null && thumbnail !== display
      ? ` imagesrcset="${escapeHtml(`${thumbnail} ${RENDITION_SIZES.thumbnail}w, ${display} ${RENDITION_SIZES.display}w`)}" imagesizes="${escapeHtml(GALLERY_PICTURE_SIZES)}"`
      : ""
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${candidates} fetchpriority="high" />`
}

/**
 * The gallery's first pictures, preloaded (issue 20): the grid's first picture is the page's
 * largest paint, and the browser would learn its address only when the grid renders, after the
 * scripts (~0.5 s of a phone's LCP).
 */
const galleryPreloads = (answers: Readonly<Record<string, InPageAnswer>>): Array<string> => {
  const gallery = Object.entries(answers).find(([key]) => key.startsWith("/api/gallery?"))?.[1]
  if (gallery?.status !== 200) return []
  const items = (gallery.body as { items?: unknown } | null)?.items
  if (!Array.isArray(items)) return []
  return (items as ReadonlyArray<GalleryPicture>)
    .slice(0, GALLERY_PRELOADED)
    .map(galleryPicturePreload)
    .filter((tag) => tag !== undefined)
}

/**
 * The tags for the page's head: the answers, and a high-priority preload of the first screen's
 * largest picture, so the browser fetches it with the scripts instead of after them: on home the
 * line art of a contest that has started (the card's picture), on the gallery its first row.
 */
export const firstScreenTags = (answers: Readonly<Record<string, InPageAnswer>>): string => {
  const tags = [
    `<script type="application/json" id="${FIRST_SCREEN_ID}">${jsonForScript(answers)}</script>`,
    ...galleryPreloads(answers),
  ]
  const answer = answers["/api/challenges/current-active"]
  const contest =
    answer?.status === 200
      ? (answer.body as { lineArt?: unknown; status?: unknown } | null)
      : undefined
  // A scheduled contest's card shows no line art yet (ContestPlaceholders).
  const lineArt = contest?.status === "scheduled" ? undefined : contest?.lineArt
  if (typeof lineArt === "string" && lineArt !== "") {
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(lineArt)}" fetchpriority="high" />`,
    )
  }
  return tags.join("\n    ")
}
