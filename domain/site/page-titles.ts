/**
 * Every page's title and description, in one table the server (which renders them into the HTML
 * a crawler or a first load gets) and the web app (which sets them on each navigation) both read,
 * so the two never disagree. The texts are messages of the site catalog (locales/<language>/site.json,
 * issue 22): this table names them by id, and each side words them in the reader's language with
 * its own translate function (the server's t(language), the web app's useT()). Plain data and string
 * functions: apps/ and adapters/ may import it.
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
  "/": { name: "site.home.title", whole: true, description: "site.home.description" },
  "/gallery": { name: "site.gallery.name", description: "site.gallery.description" },
  "/leaderboard": { name: "site.leaderboard.name", description: "site.leaderboard.description" },
  "/contests": { name: "site.contests.name", description: "site.contests.description" },
  "/pricing": { name: "site.pricing.name", description: "site.pricing.description" },
  "/rewards": { name: "site.rewards.name", description: "site.rewards.description" },
  "/rewards/drawings": { name: "site.drawings.name", description: "site.drawings.description" },
  "/about": { name: "site.about.name", description: "site.about.description" },
  "/faq": { name: "site.faq.name", description: "site.faq.description" },
  "/terms": { name: "site.terms.name", description: "site.terms.description" },
  "/privacy": { name: "site.privacy.name", description: "site.privacy.description" },
  "/contact": { name: "site.contact.name", description: "site.contact.description" },
  "/profile": { name: "site.profile.name", description: "site.profile.description" },
  "/judging": { name: "site.judging.name", description: "site.judging.description" },
  "/billing-history": { name: "site.billing.name", description: "site.billing.description" },
  "/forgot-password": {
    name: "site.forgotPassword.name",
    description: "site.forgotPassword.description",
  },
  "/reset-password": {
    name: "site.resetPassword.name",
    description: "site.resetPassword.description",
  },
  "/verify-email": { name: "site.verifyEmail.name", description: "site.verifyEmail.description" },
  "/resend-verification": {
    name: "site.resendVerification.name",
    description: "site.resendVerification.description",
  },
  "/payment-success": {
    name: "site.paymentSuccess.name",
    description: "site.paymentSuccess.description",
  },
  "/payment-cancel": {
    name: "site.paymentCancel.name",
    description: "site.paymentCancel.description",
  },
}

/** Any path the site does not have. */
export const NOT_FOUND_PAGE: PageMessages = {
  name: "site.notFound.name",
  description: "site.notFound.description",
}

/** A contest's page before its contest is known (the server could not find it, or it is loading). */
export const CONTEST_PAGE: PageMessages = {
  name: "site.contest.name",
  description: "site.contest.description",
}
/** An artist's page before the artist is known. */
export const ARTIST_PAGE: PageMessages = {
  name: "site.artist.name",
  description: "site.artist.description",
}
/** An entry's page before the entry is known. */
export const ENTRY_PAGE: PageMessages = {
  name: "site.entry.name",
  description: "site.entry.description",
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
      ? t("site.contest.about", { title: contest.title })
      : shortDescription(contest.description),
})

/** An artist's page: "<username> · Colorday". */
export const artistPageText = (username: string, t: PageTranslate): PageText => ({
  title: pageTitle(username),
  description: t("site.artist.about", { username }),
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
  description: t("site.entry.about", { artist: artistName, contest: contestTitle }),
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
  alt: "site.shareCard.alt",
} as const
