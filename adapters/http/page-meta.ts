import { Clock, Effect, Option } from "effect"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { isOpen } from "../../domain/contests/contest-status.ts"
import { isVisible } from "../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { imageUrl } from "./presenters.ts"
import type { HeadTags, PageRequest } from "./web-app.ts"

/**
 * The head tags the server renders into the site's index.html: Open Graph and Twitter card tags,
 * so a link shared on a social site previews. `/entries/ID` (an entry's page) and the older
 * `/gallery?submission=ID` preview that entry (its artist, its contest and its picture as a JPEG
 * with its size, which crawlers that ignore WebP read); every other page, and an entry that is
 * unknown or not shown, the site.
 */

export const SITE_NAME = "Colorday"
export const SITE_TITLE = "Colorday — the daily coloring contest"
export const SITE_DESCRIPTION =
  "Colorday: a daily coloring contest. Download today's line art, color it, upload a photo, vote and win."

/** What a shared entry's preview shows. */
export interface EntryPreview {
  readonly entryId: string
  readonly artistName: string
  /** The image's storage key (its display rendition). */
  readonly image: string
  /** Its share image (a JPEG) and size; null when it could not be made (the display is used). */
  readonly share: {
    readonly key: string
    readonly width: number
    readonly height: number
  } | null
  readonly contestTitle: string | null
  /** Whether its contest still takes votes: a preview never invites a vote that is refused. */
  readonly votingOpen: boolean
}

/** Finds the preview of a shared entry (none when it is unknown or not shown in the gallery). */
export interface SharePreviews<R> {
  readonly entry: (entryId: string) => Effect.Effect<Option.Option<EntryPreview>, never, R>
}

/** The preview of a visible entry, through the repositories. */
export const sharePreviews = {
  entry: (entryId: string) =>
    Effect.gen(function* () {
      const found = yield* Effect.option((yield* EntryRepository).get(entryId))
      if (Option.isNone(found) || !isVisible(found.value)) return Option.none<EntryPreview>()
      const entry = found.value
      const contest = yield* Effect.option((yield* ContestRepository).get(entry.contestId))
      // Made from the display rendition the first time an entry is shared, then kept.
      const share = yield* (yield* ImageStore).shareImage(entry.image)
      const now = yield* Clock.currentTimeMillis
      return Option.some<EntryPreview>({
        entryId: entry.id,
        artistName: entry.artistName,
        image: entry.image,
        share: Option.getOrNull(share),
        contestTitle: Option.match(contest, {
          onNone: () => null,
          onSome: (found) => found.title,
        }),
        votingOpen: Option.isSome(contest) && isOpen(contest.value, now),
      })
    }),
} satisfies SharePreviews<EntryRepository | ContestRepository | ImageStore>

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
}

/** Text made safe for an HTML attribute or element. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c)

const property = (name: string, content: string) =>
  `<meta property="${name}" content="${escapeHtml(content)}" />`
const named = (name: string, content: string) =>
  `<meta name="${name}" content="${escapeHtml(content)}" />`

/**
 * The origin absolute URLs are built on: PUBLIC_URL when it is configured (as in mail links),
 * else the origin the request came to.
 */
export const siteOrigin = (publicUrl: string | undefined, requestOrigin: string): string => {
  if (publicUrl !== undefined && publicUrl.trim() !== "") {
    try {
      return new URL(publicUrl.trim()).origin
    } catch {
      // Not a URL: the request's origin.
    }
  }
  return requestOrigin
}

/** The tags of any page: the site's name and description. */
export const siteTags = (pageUrl: string): string =>
  [
    property("og:site_name", SITE_NAME),
    property("og:type", "website"),
    property("og:title", SITE_TITLE),
    property("og:description", SITE_DESCRIPTION),
    property("og:url", pageUrl),
    named("twitter:card", "summary"),
    named("twitter:title", SITE_TITLE),
    named("twitter:description", SITE_DESCRIPTION),
  ].join("\n    ")

/** The share title the spec gives an entry. */
export const entryShareTitle = (artistName: string) => `Vote for ${artistName}'s artwork!`

/** An entry page's title: "<artist> — <contest title> | Colorday". */
export const entryPageTitle = (artistName: string, contestTitle: string | null) =>
  contestTitle === null
    ? `${artistName} | ${SITE_NAME}`
    : `${artistName} — ${contestTitle} | ${SITE_NAME}`

/** Where a shared entry's tags are rendered: its own page, or the gallery's older link. */
export type SharedFrom = "entry-page" | "gallery"

/**
 * The tags of a shared entry: its artist, its contest and its picture, as a large card. On the
 * entry's page it is an article titled "<artist> — <contest> | Colorday" at /entries/ID; the
 * gallery's link keeps the spec's "Vote for …" title and its own URL.
 */
export const entryTags = (
  preview: EntryPreview,
  origin: string,
  from: SharedFrom = "gallery",
): string => {
  const title =
    from === "entry-page"
      ? entryPageTitle(preview.artistName, preview.contestTitle)
      : entryShareTitle(preview.artistName)
  const contest = preview.contestTitle ? ` in the ${preview.contestTitle} contest` : ""
  const description = preview.votingOpen
    ? `You can vote for ${preview.artistName}'s artwork${contest} on Colorday, the daily coloring contest.`
    : `${preview.artistName}'s artwork${contest} on Colorday, the daily coloring contest.`
  const image = `${origin}${imageUrl(preview.share?.key ?? preview.image) ?? ""}`
  const alt = `${preview.artistName}'s colored page`
  const id = encodeURIComponent(preview.entryId)
  const url =
    from === "entry-page" ? `${origin}/entries/${id}` : `${origin}/gallery?submission=${id}`
  return [
    property("og:site_name", SITE_NAME),
    property("og:type", from === "entry-page" ? "article" : "website"),
    property("og:title", title),
    property("og:description", description),
    property("og:url", url),
    property("og:image", image),
    ...(preview.share
      ? [
          property("og:image:type", "image/jpeg"),
          property("og:image:width", String(preview.share.width)),
          property("og:image:height", String(preview.share.height)),
        ]
      : []),
    property("og:image:alt", alt),
    named("twitter:card", "summary_large_image"),
    named("twitter:title", title),
    named("twitter:description", description),
    named("twitter:image", image),
    named("twitter:image:alt", alt),
  ].join("\n    ")
}

/** An entry id as ids are written (what the API's Id schema accepts). */
const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/

/** An entry page's path: /entries/ID. */
const ENTRY_PAGE = /^\/entries\/([A-Za-z0-9_-]{1,64})\/?$/

/** The entry a page shares: /gallery?submission=ID with one well-formed id. */
export const sharedEntryId = (page: Pick<PageRequest, "path" | "query">): string | undefined => {
  if (page.path !== "/gallery" && page.path !== "/gallery/") return undefined
  const id = page.query.submission
  return typeof id === "string" && ENTRY_ID.test(id) ? id : undefined
}

/** The entry a page shows and where: /entries/ID, or the gallery's /gallery?submission=ID. */
export const sharedEntry = (
  page: Pick<PageRequest, "path" | "query">,
): { readonly entryId: string; readonly from: SharedFrom } | undefined => {
  const own = ENTRY_PAGE.exec(page.path)?.[1]
  if (own !== undefined) return { entryId: own, from: "entry-page" }
  const shared = sharedEntryId(page)
  return shared === undefined ? undefined : { entryId: shared, from: "gallery" }
}

/**
 * The head tags of the site's pages (other apps get none). `findEntry` looks a shared entry up;
 * when it fails, the page still goes out, with the site's tags.
 */
export const makeHeadTags = (options: {
  readonly publicUrl: string | undefined
  readonly findEntry?: ((entryId: string) => Promise<Option.Option<EntryPreview>>) | undefined
  readonly log: (line: string) => void
}): HeadTags => {
  return async (page) => {
    if (page.app !== "/") return ""
    const origin = siteOrigin(options.publicUrl, page.origin)
    const shared = sharedEntry(page)
    if (shared !== undefined && options.findEntry) {
      try {
        const preview = await options.findEntry(shared.entryId)
        if (Option.isSome(preview)) return entryTags(preview.value, origin, shared.from)
      } catch (error) {
        options.log(
          `share preview of entry ${shared.entryId} failed (the page went out with the site's tags): ${(error as Error)?.stack ?? String(error)}`,
        )
      }
    }
    return siteTags(`${origin}${page.path}`)
  }
}
