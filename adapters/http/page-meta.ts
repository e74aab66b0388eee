import { Clock, Effect, Option } from "effect"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { memberSettings } from "../../domain/accounts/member-settings.use-case.ts"
import type { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { isOpen } from "../../domain/contests/contest-status.ts"
import { isVisible } from "../../domain/submissions/entry.entity.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import {
  artistPageText,
  contestPageText,
  entryPageTitle,
  pageText,
  SHARE_CARD,
  SITE_NAME,
  sitePage,
  type PageText,
} from "../../domain/site/page-titles.ts"
import { t as translations, type Translate } from "../i18n/server-i18n.ts"
import { imageUrl } from "./presenters.ts"
import { entryPicture } from "./routes/entry-page.routes.ts"
import type { HeadTags, PageRequest } from "./web-app.ts"

/**
 * The head tags the server renders into the site's index.html: the page's `<title>` and
 * description, and Open Graph and Twitter card tags, so a tab, a search result and a link shared
 * on a social site all name the page. `/entries/ID` (an entry's page) and the older
 * `/gallery?submission=ID` preview that entry (its artist, its contest and its picture as a JPEG
 * with its size, which crawlers that ignore WebP read); a contest's page is titled with its
 * contest, an artist's with their username; every other page takes its text from the table in
 * domain/site/page-titles.ts (which the web app reads too) and the site's branded share card. Every
 * text is in the page's language (issue 22), from the pages catalog (locales/<language>/pages.json).
 */

export { entryPageTitle, SITE_NAME } from "../../domain/site/page-titles.ts"

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
  /**
   * The picture its page shows, as GET /api/entries/:id gives it (the display rendition and the
   * srcset candidates): preloaded from the entry page's head.
   */
  readonly picture?: {
    readonly url: string
    readonly srcset: ReadonlyArray<{ readonly url: string; readonly width: number }>
  }
}

/** What a contest's page is titled with. */
export interface ContestPreview {
  readonly title: string
  readonly description: string
}

/** What an artist's page is titled with: the username as the artist wrote it. */
export interface ArtistPreview {
  readonly username: string
}

/**
 * Finds what a page shows: a shared entry (none when it is unknown or not shown in the gallery),
 * a contest, an artist (none when there is no such member).
 */
export interface SharePreviews<R> {
  readonly entry: (entryId: string) => Effect.Effect<Option.Option<EntryPreview>, never, R>
  readonly contest: (contestId: string) => Effect.Effect<Option.Option<ContestPreview>, never, R>
  readonly artist: (username: string) => Effect.Effect<Option.Option<ArtistPreview>, never, R>
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
      const picture = yield* entryPicture(entry.image)
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
        picture: { url: picture.url, srcset: picture.srcset },
      })
    }),
  contest: (contestId: string) =>
    Effect.gen(function* () {
      const found = yield* Effect.option((yield* ContestRepository).get(contestId))
      return Option.map(found, (contest) => ({
        title: contest.title,
        description: contest.description,
      }))
    }),
  artist: (username: string) =>
    Effect.gen(function* () {
      const found = yield* (yield* MemberRepository).findByUsername(username)
      if (Option.isNone(found)) return Option.none<ArtistPreview>()
      // A private profile's page says only that it is private: its title names no one.
      const settings = yield* Effect.option(memberSettings(found.value.id))
      if (Option.isNone(settings) || !settings.value.privacy.publicProfile) {
        return Option.none<ArtistPreview>()
      }
      return Option.some<ArtistPreview>({ username: found.value.username })
    }),
} satisfies SharePreviews<
  EntryRepository | ContestRepository | ImageStore | MemberRepository | MemberSettingsRepository
>

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

/** The page's own title and description, which the tab and search results show. */
const titleTags = (text: PageText) => [
  `<title>${escapeHtml(text.title)}</title>`,
  named("description", text.description),
]

/**
 * The tags of a page without a picture of its own: its title and description, and the site's
 * branded share card as a large card.
 */
export const pageTags = (
  text: PageText,
  pageUrl: string,
  origin: string,
  t: Translate = translations("en"),
): string => {
  const image = `${origin}${SHARE_CARD.path}`
  const alt = t(SHARE_CARD.alt)
  return [
    ...titleTags(text),
    property("og:site_name", SITE_NAME),
    property("og:type", "website"),
    property("og:title", text.title),
    property("og:description", text.description),
    property("og:url", pageUrl),
    property("og:image", image),
    property("og:image:type", SHARE_CARD.type),
    property("og:image:width", String(SHARE_CARD.width)),
    property("og:image:height", String(SHARE_CARD.height)),
    property("og:image:alt", alt),
    named("twitter:card", "summary_large_image"),
    named("twitter:title", text.title),
    named("twitter:description", text.description),
    named("twitter:image", image),
    named("twitter:image:alt", alt),
  ].join("\n    ")
}

/**
 * The `sizes` of the entry page's picture (apps/web/src/screens/entry/EntryPage.tsx, which
 * tests/http/entry-page.test.ts holds to this): the preload must choose the rendition the page will.
 */
export const ENTRY_PICTURE_SIZES = "(min-width: 1152px) 740px, (min-width: 1024px) 64vw, 100vw"

/**
 * The entry page's picture, preloaded at high priority (issue 20): it is the page's largest
 * paint, and the page's script learns its address only after its own chunk and the entry's API
 * answer (~0.5 s of a phone's LCP). The same candidates and sizes as the page's <img>, so the
 * browser fetches the rendition it will use, once.
 */
const picturePreload = (picture: NonNullable<EntryPreview["picture"]>): string => {
  if (picture.url === "") return ""
  const srcset = picture.srcset
    .map((candidate) => `${candidate.url} ${candidate.width}w`)
    .join(", ")
  const candidates =
    srcset === ""
      ? ""
      : ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(ENTRY_PICTURE_SIZES)}"`
  return `<link rel="preload" as="image" href="${escapeHtml(picture.url)}"${candidates} fetchpriority="high" />`
}

/** The share title the spec gives an entry ("Vote for Ada's artwork!" in English). */
export const entryShareTitle = (artistName: string, t: Translate = translations("en")) =>
  t("pages.entry.share.title", { artist: artistName })

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
  t: Translate = translations("en"),
): string => {
  const title =
    from === "entry-page"
      ? entryPageTitle(preview.artistName, preview.contestTitle)
      : entryShareTitle(preview.artistName, t)
  const values = { artist: preview.artistName, contest: preview.contestTitle }
  const description =
    preview.contestTitle === null
      ? t(preview.votingOpen ? "pages.entry.share.vote" : "pages.entry.share.seen", values)
      : t(preview.votingOpen ? "pages.entry.share.voteIn" : "pages.entry.about", values)
  const image = `${origin}${imageUrl(preview.share?.key ?? preview.image) ?? ""}`
  const alt = t("pages.entry.share.alt", { artist: preview.artistName })
  const id = encodeURIComponent(preview.entryId)
  const url =
    from === "entry-page" ? `${origin}/entries/${id}` : `${origin}/gallery?submission=${id}`
  return [
    ...titleTags({ title, description }),
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
    ...(from === "entry-page" && preview.picture ? [picturePreload(preview.picture)] : []),
  ]
    .filter((tag) => tag !== "")
    .join("\n    ")
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

/** Looks up what a page shows, outside Effect (the web app's middleware awaits it). */
export interface PageLookups {
  readonly entry: (entryId: string) => Promise<Option.Option<EntryPreview>>
  readonly contest: (contestId: string) => Promise<Option.Option<ContestPreview>>
  readonly artist: (username: string) => Promise<Option.Option<ArtistPreview>>
}

/**
 * The head tags of the site's pages (other apps get none). `find` looks up what a page shows;
 * without it, or when a look-up fails, the page still goes out, with its route's generic text.
 */
export const makeHeadTags = (options: {
  readonly publicUrl: string | undefined
  readonly find?: PageLookups | undefined
  readonly log: (line: string) => void
}): HeadTags => {
  const { find, log } = options
  const lookUp = async <A>(what: string, run: () => Promise<Option.Option<A>>) => {
    try {
      return await run()
    } catch (error) {
      log(
        `page tags: looking up ${what} failed (the page went out with its route's tags): ${(error as Error)?.stack ?? String(error)}`,
      )
      return Option.none<A>()
    }
  }
  return async (page) => {
    if (page.app !== "/") return ""
    const origin = siteOrigin(options.publicUrl, page.origin)
    const t = translations(page.language)
    const url = `${origin}${page.path}`
    const shared = sharedEntry(page)
    if (shared !== undefined && find) {
      const preview = await lookUp(`entry ${shared.entryId}`, () => find.entry(shared.entryId))
      if (Option.isSome(preview)) return entryTags(preview.value, origin, shared.from, t)
    }
    const route = sitePage(page.path)
    if (route.kind === "contest" && find && ENTRY_ID.test(route.contestId)) {
      const contest = await lookUp(`contest ${route.contestId}`, () =>
        find.contest(route.contestId),
      )
      if (Option.isSome(contest)) {
        return pageTags(contestPageText(contest.value, t), url, origin, t)
      }
    }
    if (route.kind === "artist" && find && route.username.length <= 64) {
      const artist = await lookUp(`artist ${route.username}`, () => find.artist(route.username))
      if (Option.isSome(artist)) {
        return pageTags(artistPageText(artist.value.username, t), url, origin, t)
      }
    }
    return pageTags(pageText(route.text, t), url, origin, t)
  }
}
