/**
 * Every page's title and description, in one table the server (which renders them into the HTML
 * a crawler or a first load gets) and the web app (which sets them on each navigation) both read,
 * so the two never disagree. Plain data and string functions: apps/ and adapters/ may import it.
 */

export const SITE_NAME = "Colorday"
export const SITE_TITLE = "Colorday — the daily coloring contest"
export const SITE_DESCRIPTION =
  "Colorday: a daily coloring contest. Download today's line art, color it, upload a photo, vote and win."

/** What a page is called in the browser's tab and in a shared link's preview. */
export interface PageText {
  readonly title: string
  readonly description: string
}

/** A page's title: "Leaderboard · Colorday". */
export const pageTitle = (name: string): string => `${name} · ${SITE_NAME}`

const page = (name: string, description: string): PageText => ({
  title: pageTitle(name),
  description,
})

/** The site's pages whose text does not depend on what they show, by path. */
export const STATIC_PAGES: Readonly<Record<string, PageText>> = {
  "/": { title: SITE_TITLE, description: SITE_DESCRIPTION },
  "/gallery": page(
    "Gallery",
    "Every colored page of today's contest and the ones before it: browse, open an entry and vote for your favourites.",
  ),
  "/leaderboard": page(
    "Leaderboard",
    "Colorday's top artists by wins and weighted votes, this week, this month and of all time.",
  ),
  "/contests": page(
    "Past contests",
    "Every Colorday contest that has ended: its line art, its winner, the podium and the people's choice.",
  ),
  "/pricing": page(
    "Pricing",
    "Colorday's plans: free to join and vote; a paid plan gives more entries a month, more weight to your votes and a monthly cash drawing.",
  ),
  "/rewards": page(
    "Rewards",
    "What Colorday's artists win: contests, badges for wins, entries and votes, and monthly cash drawings.",
  ),
  "/rewards/drawings": page(
    "Monthly drawings",
    "Colorday's monthly cash drawings: who is in them, the free way to enter, and every draw's seed, entrant list and winner to check for yourself.",
  ),
  "/about": page(
    "About",
    "What Colorday is: one new line drawing a day, colored by people everywhere, voted on by everyone.",
  ),
  "/faq": page(
    "FAQ",
    "Answers to common questions about Colorday: entering a contest, voting, plans, payments and your account.",
  ),
  "/terms": page("Terms of Service", "The terms of using Colorday, the daily coloring contest."),
  "/privacy": page(
    "Privacy Policy",
    "What Colorday keeps about you, why, for how long, and how to see or delete it.",
  ),
  "/contact": page("Contact", "Write to the Colorday team: questions, feedback or a problem."),
  "/profile": page(
    "Your profile",
    "Your Colorday profile: your entries, votes, badges, plan and settings.",
  ),
  "/judging": page(
    "Judging",
    "Color Champ members' entries awaiting professional feedback from Colorday's judges.",
  ),
  "/billing-history": page("Billing history", "Your Colorday payments, receipts and refunds."),
  "/forgot-password": page(
    "Forgot password",
    "Forgot your Colorday password? Get a link to set a new one by e-mail.",
  ),
  "/reset-password": page("Set a new password", "Choose a new password for your Colorday account."),
  "/verify-email": page(
    "Verify your e-mail",
    "Confirm the e-mail address of your Colorday account.",
  ),
  "/resend-verification": page(
    "Resend verification e-mail",
    "Get a new link to confirm the e-mail address of your Colorday account.",
  ),
  "/payment-success": page("Payment successful", "Your Colorday payment went through."),
  "/payment-cancel": page(
    "Payment cancelled",
    "Your Colorday payment was cancelled; nothing was charged.",
  ),
}

/** Any path the site does not have. */
export const NOT_FOUND_PAGE: PageText = page(
  "Page not found",
  "This page does not exist on Colorday, the daily coloring contest.",
)

/** A contest's page before its contest is known (the server could not find it, or it is loading). */
export const CONTEST_PAGE: PageText = page(
  "Contest",
  "A Colorday contest: its line art and entries.",
)
/** An artist's page before the artist is known. */
export const ARTIST_PAGE: PageText = page("Artist", "An artist's profile on Colorday.")
/** An entry's page before the entry is known. */
export const ENTRY_PAGE: PageText = page("Entry", "An entry in a Colorday contest.")

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
export const contestPageText = (contest: {
  readonly title: string
  readonly description: string
}): PageText => ({
  title: pageTitle(contest.title),
  description:
    contest.description.trim() === ""
      ? `The ${contest.title} contest on Colorday: its line art, its entries and how they placed.`
      : shortDescription(contest.description),
})

/** An artist's page: "<username> · Colorday". */
export const artistPageText = (username: string): PageText => ({
  title: pageTitle(username),
  description: `${username}'s colored pages, wins and badges on Colorday, the daily coloring contest.`,
})

/** An entry's page: "<artist> — <contest> · Colorday". */
export const entryPageTitle = (artistName: string, contestTitle: string | null): string =>
  pageTitle(contestTitle === null ? artistName : `${artistName} — ${contestTitle}`)

/** An entry's page as the web app titles it once loaded (the server's tags also invite a vote). */
export const entryPageText = (artistName: string, contestTitle: string): PageText => ({
  title: entryPageTitle(artistName, contestTitle),
  description: `${artistName}'s artwork in the ${contestTitle} contest on Colorday, the daily coloring contest.`,
})

/** Which page a path of the site is (its route, as apps/web/src/routes.tsx declares them). */
export type SitePage =
  | { readonly kind: "static"; readonly path: string; readonly text: PageText }
  | { readonly kind: "contest"; readonly contestId: string; readonly text: PageText }
  | { readonly kind: "artist"; readonly username: string; readonly text: PageText }
  | { readonly kind: "entry"; readonly entryId: string; readonly text: PageText }
  | { readonly kind: "not-found"; readonly text: PageText }

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
  alt: "Colorday, the daily coloring contest: a fan of colored pencils beside the name",
} as const
