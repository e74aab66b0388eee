/**
 * The first screen's data in the page itself (issue 20): the calls a page makes before it can
 * draw anything (who is signed in; on home, the day's contest) are answered by the server while
 * it writes the HTML, into a JSON block the site's API client reads instead of asking again
 * (apps/web/src/api/first-screen.ts). A phone then draws the header and the contest card from the
 * first response, without a round trip after the scripts. Each answer is exactly what the API
 * route would send, status included, so the page behaves the same whether it read the block or
 * fetched: a visitor's /api/session is the route's own 401.
 */

import { escapeHtml } from "./page-meta.ts"

/** The element's id, shared with the client. */
export const FIRST_SCREEN_ID = "colorday-first-screen"

/** One answer: the route's status and JSON body (null for 204). */
export interface InPageAnswer {
  readonly status: number
  readonly body: unknown
}

/** The GET calls (no query) a site page makes before its first screen: every page asks who is signed in. */
export const firstScreenCalls = (path: string): ReadonlyArray<string> =>
  path === "/" ? ["/api/session", "/api/challenges/current-active"] : ["/api/session"]

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
 * The tags for the page's head: the answers, and on home a high-priority preload of the line art
 * of a contest that has started (the card's picture is the page's largest paint), so the browser
 * fetches it with the scripts instead of after them.
 */
export const firstScreenTags = (answers: Readonly<Record<string, InPageAnswer>>): string => {
  const tags = [
    `<script type="application/json" id="${FIRST_SCREEN_ID}">${jsonForScript(answers)}</script>`,
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
