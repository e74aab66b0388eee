import type { Site } from "./site.ts"

/**
 * The site's pages as a visitor reaches them: the routes without an id, and issue 14's pages whose
 * ids the demo world's API names. The axe sweep (pages.test.ts) and Lighthouse (bench/web.ts) walk
 * the same list.
 */

export const ROUTES = [
  "/",
  "/gallery",
  "/leaderboard",
  "/rewards",
  "/rewards/drawings",
  "/pricing",
  "/about",
  "/faq",
  "/contact",
  "/terms",
  "/privacy",
  "/forgot-password",
  "/reset-password/x",
  // Verifies on load: a bogus token shows the error state.
  "/verify-email/x",
  "/resend-verification",
  "/payment-cancel",
  "/payment-success",
  "/billing-history",
  "/profile",
  // The judges' queue: for anyone else, the page that says it is for judges.
  "/judging",
  "/no-such-page",
] as const

/** The addresses of issue 14's pages that hold an id, as the site's own links make them. */
export interface ResultAddresses {
  readonly contest: string
  readonly entry: string
  readonly artist: string
}

/** The newest announced contest with a winner, its winning entry and its artist (the demo world). */
export const resultAddresses = async (site: Site): Promise<ResultAddresses> => {
  const answer = await fetch(`${site.url}/api/challenges/archive`)
  if (answer.status !== 200)
    throw new Error(`GET /api/challenges/archive answered ${answer.status}`)
  const { items } = (await answer.json()) as {
    items: Array<{
      contest: { id: string }
      status: string
      winner: { entryId: string; username: string } | null
    }>
  }
  const announced = items.find((item) => item.status === "announced" && item.winner !== null)
  if (!announced?.winner) throw new Error("the demo world has no announced contest with a winner")
  return {
    contest: `/contests/${encodeURIComponent(announced.contest.id)}`,
    entry: `/entries/${encodeURIComponent(announced.winner.entryId)}`,
    artist: `/artists/${encodeURIComponent(announced.winner.username)}`,
  }
}

/** Issue 14's pages: the archive, and the pages whose ids the API names at the test's start. */
export const RESULT_PAGES: ReadonlyArray<
  readonly [string, (addresses: ResultAddresses) => string]
> = [
  ["/contests", () => "/contests"],
  ["/contests/:id (the newest announced contest)", (addresses) => addresses.contest],
  ["/entries/:id (its winning entry)", (addresses) => addresses.entry],
  ["/artists/:username (its winner)", (addresses) => addresses.artist],
  // The demo member's own page: the owner's banner for the member, the public page for a visitor.
  ["/artists/member (the demo member)", () => "/artists/member"],
]
