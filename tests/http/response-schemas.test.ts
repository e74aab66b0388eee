import { Cause, Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { allRoutes } from "../../adapters/http/routes/index.ts"
import type { AnyRoute, Method } from "../../adapters/http/route.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { seedContestInProgress } from "./support/actors.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addVote,
  type Browser,
  linkToken,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * The response Schemas (okBody, the issue 17 API contract) say what the server really answers:
 * each main route is called on a seeded server and its answer decoded with its route's Schema,
 * unknown keys refused, so a presenter that adds, drops or renames a field without its Schema
 * fails here (and the apps' generated types, made from the same Schemas, stay true).
 */

/** The routes that answer no JSON an app reads: files, pages, streams, refusals, no content. */
const WITHOUT_BODY = [
  "POST /api/users/logout",
  "GET /api/users/:id/export",
  "DELETE /api/users/:id",
  "DELETE /api/users/:id/two-factor",
  "DELETE /api/admin/members/:id/two-factor",
  "DELETE /api/admin/spotlights/:id",
  "POST /api/subscription/deduct",
  "PUT /api/subscription",
  "POST /api/challenges/:id/analytics/:metric",
  "GET /api/challenges/:id/line-art.png",
  "GET /api/challenges/:id/line-art.pdf",
  "GET /api/premium-page.png",
  "GET /api/premium-page.pdf",
  "POST /api/stripe/webhook",
  "GET /checkout/offline/:sessionId",
  "POST /checkout/offline/:sessionId/pay",
  "POST /checkout/offline/:sessionId/cancel",
  "GET /checkout/offline/:sessionId/receipt",
  "GET /api/openapi.json",
  "GET /api/health",
  "GET /images/:kind/:file",
  // Pages a mail's link opens (a button that POSTs): HTML, since mail scanners follow links.
  "GET /api/unsubscribe/:token",
  "GET /api/users/secure-account/:token",
  // Web Push and the bell list (issue 24): 204s.
  "POST /api/push/subscriptions",
  "DELETE /api/push/subscriptions",
  "POST /api/notifications/read",
]

/** GET routes with a body this walk does not reach (each has its own suite). */
const NOT_WALKED = [
  // The editor's canvases: tests/http/canvases.test.ts decodes their answers.
  "/canvases/",
]

const HOUR = 3_600_000

const routeOf = (method: Method, template: string): AnyRoute => {
  const found = allRoutes.find((route) => route.method === method && route.path === template)
  if (!found) throw new Error(`No route ${method} ${template}`)
  return found
}

describe("every route that answers JSON declares its body Schema (okBody)", () => {
  it("leaves out only the routes that answer no JSON", () => {
    const without = allRoutes
      .filter((route) => route.okBody === undefined)
      .map((route) => `${route.method} ${route.path}`)
    expect(without.sort()).toEqual([...WITHOUT_BODY].sort())
  })
})

describe.each(httpBackends)("real answers decode with their response Schemas on %s", (backend) => {
  let server: TestServer
  const walked = new Set<string>()

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  /**
   * Calls `template` (with `path` filled in) as `browser`, expects the route's success status and
   * decodes the answer with its okBody, refusing keys the Schema does not name.
   */
  const answer = async (
    browser: Browser,
    method: Method,
    template: string,
    path: string,
    body?: unknown,
  ): Promise<unknown> => {
    const route = routeOf(method, template)
    const response =
      method === "GET"
        ? await browser.get(path)
        : method === "DELETE"
          ? await browser.delete(path)
          : method === "PUT"
            ? await browser.put(path, body)
            : await browser.post(path, body)
    expect(response.status, `${method} ${path}: ${response.text}`).toBe(route.okStatus ?? 200)
    const schema = route.okBody as Schema.Codec<unknown, unknown>
    // An NDJSON answer is a stream of lines, each one an okBody.
    const bodies: ReadonlyArray<unknown> =
      route.okMediaType === "application/x-ndjson"
        ? response.text
            .split("\n")
            .filter((line) => line !== "")
            .map((line) => JSON.parse(line) as unknown)
        : [response.body]
    expect(bodies.length, `${method} ${path} answered no body`).toBeGreaterThan(0)
    for (const body of bodies) {
      const decoded = Schema.decodeUnknownExit(schema)(body, { onExcessProperty: "error" })
      if (decoded._tag === "Failure") {
        expect.fail(
          `${method} ${template} answered what its okBody does not say:\n${Cause.pretty(decoded.cause)}`,
        )
      }
    }
    walked.add(`${method} ${template}`)
    return route.okMediaType === "application/x-ndjson" ? bodies : response.body
  }

  it("the site's and the dashboard's reads, and the writes they show", async () => {
    const { browser: admin } = await signedInMember(server, { admin: true })
    const { member: artist, browser: artistBrowser } = await signedInMember(server)
    const { member: voter, browser: voterBrowser } = await signedInMember(server)
    const visitor = client(server.url)

    // Today's contest, an entry in it and a vote for it.
    const today = await seedContestInProgress(server)
    const entry = await addEntry(server, artist, today)
    const taken = await addEntry(server, voter, today)
    await answer(
      voterBrowser,
      "POST",
      "/api/submissions/:id/vote",
      `/api/submissions/${entry.id}/vote`,
      {},
    )
    // A moderated entry: the admin's answer, and its reason on its owner's own list.
    await answer(
      admin,
      "POST",
      "/api/admin/entries/:id/moderation",
      `/api/admin/entries/${taken.id}/moderation`,
      { action: "hide", reason: "Not a colored page" },
    )

    // A contest that ended and is announced, for the results, the archive and the last winner.
    const past: Contest = await addContest(server, "open")
    const winner = await addEntry(server, artist, past)
    await addVote(server, voter, winner)
    await run(
      server,
      Effect.gen(function* () {
        const contests = yield* ContestRepository
        const stored = yield* contests.get(past.id)
        yield* contests.save({ ...stored, endsAt: Date.now() - HOUR })
      }),
    )
    await answer(
      admin,
      "POST",
      "/api/admin/contests/:id/close",
      `/api/admin/contests/${past.id}/close`,
    )
    await answer(
      admin,
      "POST",
      "/api/admin/contests/:id/announce",
      `/api/admin/contests/${past.id}/announce`,
    )

    // A checkout left open, and a message to the team.
    const checkout = (await answer(
      artistBrowser,
      "POST",
      "/api/stripe/subscription-session",
      "/api/stripe/subscription-session",
      { planTier: "pro", returnUrl: `${server.url}/pricing` },
    )) as { sessionId: string }
    await answer(
      artistBrowser,
      "GET",
      "/api/stripe/verify-session",
      `/api/stripe/verify-session?sessionId=${encodeURIComponent(checkout.sessionId)}`,
    )
    await answer(visitor, "POST", "/api/email/contact", "/api/email/contact", {
      name: "Ada",
      email: "ada@colorday.test",
      subject: "Printing",
      message: "The PDF prints too small on A4.",
    })

    const { member: newcomer } = await signedInMember(server)
    const token = await linkToken(server, newcomer, "verify")
    await answer(
      visitor,
      "GET",
      "/api/users/verify-email/:token",
      `/api/users/verify-email/${encodeURIComponent(token)}`,
    )

    const site: ReadonlyArray<readonly [Browser, string, string]> = [
      [visitor, "/api/config", "/api/config"],
      [artistBrowser, "/api/session", "/api/session"],
      [visitor, "/api/challenges", "/api/challenges"],
      [visitor, "/api/challenges/current-active", "/api/challenges/current-active"],
      [visitor, "/api/challenges/:id", `/api/challenges/${today.id}`],
      [visitor, "/api/challenges/archive", "/api/challenges/archive"],
      [visitor, "/api/challenges/latest-winner", "/api/challenges/latest-winner"],
      [visitor, "/api/challenges/:id/results", `/api/challenges/${past.id}/results`],
      [voterBrowser, "/api/gallery", "/api/gallery?sort=random"],
      [voterBrowser, "/api/gallery", "/api/gallery?tab=past&sort=top"],
      [visitor, "/api/submissions", `/api/submissions?user_id=${artist.id}`],
      [voterBrowser, "/api/submissions/user/:userId", `/api/submissions/user/${voter.id}`],
      [visitor, "/api/submissions/user/:userId", `/api/submissions/user/${artist.id}`],
      [
        visitor,
        "/api/submissions/by-challenge/search",
        `/api/submissions/by-challenge/search?challenge_id=${today.id}`,
      ],
      [voterBrowser, "/api/submissions/:id/vote", `/api/submissions/${entry.id}/vote`],
      [visitor, "/api/leaderboard", "/api/leaderboard?period=all"],
      [visitor, "/api/entries/:id", `/api/entries/${winner.id}`],
      [visitor, "/api/artists/:username", `/api/artists/${artist.username}`],
      [artistBrowser, "/api/artists/:username", `/api/artists/${artist.username}`],
      [visitor, "/api/artists/:username/entries", `/api/artists/${artist.username}/entries`],
      [artistBrowser, "/api/users/:id", `/api/users/${artist.id}`],
      [visitor, "/api/users/:id", `/api/users/${artist.id}`],
      [artistBrowser, "/api/users/:id/settings", `/api/users/${artist.id}/settings`],
      [artistBrowser, "/api/users/:id/two-factor", `/api/users/${artist.id}/two-factor`],
      [visitor, "/api/push/vapid-public-key", "/api/push/vapid-public-key"],
      [artistBrowser, "/api/notifications", "/api/notifications"],
      [artistBrowser, "/api/users/user-stats/user", "/api/users/user-stats/user"],
      [visitor, "/api/badges/user/:id", `/api/badges/user/${artist.id}`],
      [artistBrowser, "/api/subscription", "/api/subscription"],
      [artistBrowser, "/api/billing/history", "/api/billing/history"],
      [visitor, "/api/drawings", "/api/drawings"],
      [visitor, "/api/premium-page", "/api/premium-page"],
      [visitor, "/api/early-access", "/api/early-access"],
      [artistBrowser, "/api/line-art-requests", "/api/line-art-requests"],
      [admin, "/api/judging/entries", "/api/judging/entries"],
      [admin, "/api/entries/:id/feedback", `/api/entries/${entry.id}/feedback`],
      [visitor, "/api/spotlight", "/api/spotlight"],
      [admin, "/api/admin/spotlights", "/api/admin/spotlights"],
      [admin, "/api/admin/settings/default-prize", "/api/admin/settings/default-prize"],
      [admin, "/api/admin/premium-pages", "/api/admin/premium-pages"],
      [admin, "/api/admin/line-art-requests", "/api/admin/line-art-requests?include=all"],
      [admin, "/api/admin/overview", "/api/admin/overview?tz=UTC"],
      [admin, "/api/admin/contests", "/api/admin/contests"],
      [admin, "/api/admin/calendar", "/api/admin/calendar?days=7"],
      [admin, "/api/admin/contests/:id/entries", `/api/admin/contests/${today.id}/entries`],
      [admin, "/api/admin/contests/:id/ranking", `/api/admin/contests/${past.id}/ranking`],
      [admin, "/api/admin/members", "/api/admin/members"],
      [admin, "/api/admin/members/:id", `/api/admin/members/${artist.id}`],
      [admin, "/api/admin/members/:id/two-factor", `/api/admin/members/${artist.id}/two-factor`],
      [admin, "/api/admin/messages", "/api/admin/messages?status=all"],
      [admin, "/api/admin/audit", "/api/admin/audit"],
      [admin, "/api/admin/analytics/contests/:id", `/api/admin/analytics/contests/${today.id}`],
      [admin, "/api/admin/analytics", "/api/admin/analytics?from=2026-01-01&to=2026-01-07"],
    ]
    for (const [browser, template, path] of site) await answer(browser, "GET", template, path)

    // The badge backfill's progress stream: every line is a BackfillLine, the last one "done".
    const lines = (await answer(
      admin,
      "POST",
      "/api/admin/badges/backfill",
      "/api/admin/badges/backfill",
    )) as ReadonlyArray<{ type: string }>
    expect(lines.at(-1)?.type).toBe("done")

    // Each answer carried what the screens read, not merely an empty shape.
    const gallery = (await answer(visitor, "GET", "/api/gallery", "/api/gallery")) as {
      items: ReadonlyArray<unknown>
    }
    expect(gallery.items.length).toBeGreaterThan(0)
    const own = (await answer(
      voterBrowser,
      "GET",
      "/api/submissions/user/:userId",
      `/api/submissions/user/${voter.id}`,
    )) as ReadonlyArray<{ moderationReason?: string | null }>
    expect(own.map((item) => item.moderationReason)).toContain("Not a colored page")
  })

  it("walked every GET route that declares a body", () => {
    const unwalked = allRoutes
      .filter((route) => route.method === "GET" && route.okBody !== undefined)
      .map((route) => `${route.method} ${route.path}`)
      .filter((key) => !walked.has(key) && !NOT_WALKED.some((prefix) => key.includes(prefix)))
    expect(unwalked).toEqual([])
  })
})
