/**
 * Every page's title and description, in one table the server (which renders them into the HTML
 * a crawler or a first load gets) and the web app (which sets them on each navigation) both read,
 * so the two never disagree. The texts are messages of the pages catalog
 * (locales/<language>/pages.json, issue 22): this table names them by id, and each side words them
 * in the reader's language with its own translate function (the server's t(language), the web
 * app's useT()). Plain data and string functions: apps/ and adapters/ may import it.
 */

export const SITE_NAME = "Colorday"

/** Words a message id in the reader's language (the server's t(language), the apps' useT()). */
export type PageTranslate = (id: string, values?: Readonly<Record<string, unknown>>) => string

/** What a page is called in the browser's tab and in a shared link's preview. */
export interface PageText {
  readonly title: string
  readonly description: string
}

/**
 * A page's text as catalog ids: its name, titled "<name> · Colorday" (or, for the home page, its
 * whole title), and its description.
 */
export interface PageMessages {
  readonly name: string
  /** The name is the whole title (the home page), not "<name> · Colorday". */
  readonly whole?: boolean
  readonly description: string
}

/** A page's title: "Leaderboard · Colorday". */
export const pageTitle = (name: string): string => `${name} · ${SITE_NAME}`

/** A page's text in the reader's language. */
export const pageText = (page: PageMessages, t: PageTranslate): PageText => ({
  title: page.whole === true ? t(page.name) : pageTitle(t(page.name)),
  description: t(page.description),
})

/** The site's pages whose text does not depend on what they show, by path. */
export const STATIC_PAGES: Readonly<Record<string, PageMessages>> = {
  "/": { name: "pages.home.title", whole: true, description: "pages.home.description" },
  "/gallery": { name: "pages.gallery.name", description: "pages.gallery.description" },
  "/leaderboard": { name: "pages.leaderboard.name", description: "pages.leaderboard.description" },
  "/contests": { name: "pages.contests.name", description: "pages.contests.description" },
  "/pricing": { name: "pages.pricing.name", description: "pages.pricing.description" },
  "/rewards": { name: "pages.rewards.name", description: "pages.rewards.description" },
  "/rewards/drawings": { name: "pages.drawings.name", description: "pages.drawings.description" },
  "/about": { name: "pages.about.name", description: "pages.about.description" },
  "/faq": { name: "pages.faq.name", description: "pages.faq.description" },
  "/terms": { name: "pages.terms.name", description: "pages.terms.description" },
  "/privacy": { name: "pages.privacy.name", description: "pages.privacy.description" },
  "/contact": { name: "pages.contact.name", description: "pages.contact.description" },
  "/profile": { name: "pages.profile.name", description: "pages.profile.description" },
  "/judging": { name: "pages.judging.name", description: "pages.judging.description" },
  "/billing-history": { name: "pages.billing.name", description: "pages.billing.description" },
  "/forgot-password": {
    name: "pages.forgotPassword.name",
    description: "pages.forgotPassword.description",
  },
  "/reset-password": {
    name: "pages.resetPassword.name",
    description: "pages.resetPassword.description",
  },
  "/verify-email": { name: "pages.verifyEmail.name", description: "pages.verifyEmail.description" },
  "/resend-verification": {
    name: "pages.resendVerification.name",
    description: "pages.resendVerification.description",
  },
  "/payment-success": {
    name: "pages.paymentSuccess.name",
    description: "pages.paymentSuccess.description",
  },
  "/payment-cancel": {
    name: "pages.paymentCancel.name",
    description: "pages.paymentCancel.description",
  },
}

/** Any path the site does not have. */
export const NOT_FOUND_PAGE: PageMessages = {
  name: "pages.notFound.name",
  description: "pages.notFound.description",
}

/** A contest's page before its contest is known (the server could not find it, or it is loading). */
export const CONTEST_PAGE: PageMessages = {
  name: "pages.contest.name",
  description: "pages.contest.description",
}
/** An artist's page before the artist is known. */
export const ARTIST_PAGE: PageMessages = {
  name: "pages.artist.name",
  description: "pages.artist.description",
}
/** An entry's page before the entry is known. */
export const ENTRY_PAGE: PageMessages = {
  name: "pages.entry.name",
  description: "pages.entry.description",
}

/** A description is a sentence or two: longer text is cut at a word and marked. */
const MAX_DESCRIPTION = 200

export const shortDescription = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim()
  if (flat.length <= MAX_DESCRIPTION) return flat
  const cut = flat.slice(0, MAX_DESCRIPTION - 1)
  const atWord = cut.lastIndexOf(" ")
  return `${(atWord > MAX_DESCRIPTION / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`
}

/** A contest's page: "<title> · Colorday", described by its own description. */
export const contestPageText = (
  contest: { readonly title: string; readonly description: string },
  t: PageTranslate,
): PageText => ({
  title: pageTitle(contest.title),
  description:
    contest.description.trim() === ""
      ? t("pages.contest.about", { title: contest.title })
      : shortDescription(contest.description),
})

/** An artist's page: "<username> · Colorday". */
export const artistPageText = (username: string, t: PageTranslate): PageText => ({
  title: pageTitle(username),
  description: t("pages.artist.about", { username }),
})

/** An entry's page: "<artist> — <contest> · Colorday". */
export const entryPageTitle = (artistName: string, contestTitle: string | null): string =>
  pageTitle(contestTitle === null ? artistName : `${artistName} — ${contestTitle}`)

/** An entry's page as the web app titles it once loaded (the server's tags also invite a vote). */
export const entryPageText = (
  artistName: string,
  contestTitle: string,
  t: PageTranslate,
): PageText => ({
  title: entryPageTitle(artistName, contestTitle),
  description: t("pages.entry.about", { artist: artistName, contest: contestTitle }),
})

/** Which page a path of the site is (its route, as apps/web/src/routes.tsx declares them). */
export type SitePage =
  | { readonly kind: "static"; readonly path: string; readonly text: PageMessages }
  | { readonly kind: "contest"; readonly contestId: string; readonly text: PageMessages }
  | { readonly kind: "artist"; readonly username: string; readonly text: PageMessages }
  | { readonly kind: "entry"; readonly entryId: string; readonly text: PageMessages }
  | { readonly kind: "not-found"; readonly text: PageMessages }

const SEGMENT = "([^/]+)"
const CONTEST_PATH = new RegExp(`^/contests/${SEGMENT}$`)
const ARTIST_PATH = new RegExp(`^/artists/${SEGMENT}$`)
const ENTRY_PATH = new RegExp(`^/entries/${SEGMENT}$`)
/** Pages whose path may carry a token after them: /reset-password/TOKEN. */
const TOKEN_PATH = /^\/(reset-password|verify-email)\/[^/]+$/

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The page a path names (a trailing slash ignored); a path the site lacks is "not-found". */
export const sitePage = (path: string): SitePage => {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") || "/" : path
  const known = Object.hasOwn(STATIC_PAGES, clean) ? STATIC_PAGES[clean] : undefined
  if (known !== undefined) return { kind: "static", path: clean, text: known }
  const token = TOKEN_PATH.exec(clean)?.[1]
  const withToken = token === undefined ? undefined : STATIC_PAGES[`/${token}`]
  if (withToken !== undefined) return { kind: "static", path: `/${token}`, text: withToken }
  const contest = CONTEST_PATH.exec(clean)?.[1]
  if (contest !== undefined) {
    return { kind: "contest", contestId: decoded(contest), text: CONTEST_PAGE }
  }
  const artist = ARTIST_PATH.exec(clean)?.[1]
  if (artist !== undefined) return { kind: "artist", username: decoded(artist), text: ARTIST_PAGE }
  const entry = ENTRY_PATH.exec(clean)?.[1]
  if (entry !== undefined) return { kind: "entry", entryId: decoded(entry), text: ENTRY_PAGE }
  return { kind: "not-found", text: NOT_FOUND_PAGE }
}

/** The branded picture a page without one of its own previews with (scripts/make-share-card.ts). */
export const SHARE_CARD = {
  path: "/share/colorday-card.png",
  type: "image/png",
  width: 1200,
  height: 630,
  /** Its description for those who cannot see it (catalog id). */
  alt: "pages.shareCard.alt",
} as const
