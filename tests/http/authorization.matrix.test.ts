import { cp, mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Clock, Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { issueToken } from "../../domain/accounts/account-tokens.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import { startTwoFactorEnrolment } from "../../domain/accounts/two-factor.use-case.ts"
import { issueUnsubscribeToken } from "../../domain/accounts/unsubscribe.use-case.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { allRoutes } from "../../adapters/http/routes/index.ts"
import { codebaseIdOf } from "../../adapters/source/codebase-id.ts"
import { SAMPLE_APP } from "../../adapters/source/test-support.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import { createContest } from "../../domain/contests/create-contest.use-case.ts"
import {
  type Actor,
  type Client,
  PASSWORD,
  seedActor,
  seedContestInProgress,
  seedEntry,
  lineArtPage,
  seedMember,
  signIn,
  storeEntryPhoto,
  uniqueName,
} from "./support/actors.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"

/**
 * The authorization matrix: every route × {visitor, member, another member, admin}, and what
 * each gets. "member" owns the rows the requests name (their id, their entry); "other" is another
 * signed-in member; "admin" is an admin who is neither. A route without a row (or a row without a
 * route) fails the first test, so the matrix grows with the API.
 *
 * Runs on SQLite and, with MYSQL_URL, on MariaDB/MySQL: the checks are about the HTTP layer and
 * the use cases' identity rules, which must not depend on the database.
 */

const CALLERS = ["visitor", "member", "other", "admin"] as const
type Caller = (typeof CALLERS)[number]

/** "ok" is any 2xx; a number is that status; with a code, the body's `code` too. */
type Outcome = "ok" | number | { readonly status: number; readonly code: string }

interface World {
  readonly server: TestServer
  readonly member: Actor
  readonly other: Actor
  readonly admin: Actor
  /** A member none of the callers is: target of links (verify, reset) the rows open. */
  readonly spare: Member
  readonly contest: Contest
  /** An entry by `member` in `contest` (open for votes). */
  readonly entry: Entry
  /** A stored entry photo no entry uses yet, for POST /api/submissions. */
  readonly photoKey: string
  /** A contact message in the admin inbox. */
  readonly messageId: string
  /** Offline checkout sessions of `member`, one per row that opens one (`receipt` is paid). */
  readonly checkouts: Readonly<
    Record<"verify" | "page" | "pay" | "cancel" | "receipt" | "abandonedPayment", string>
  >
  /** A copy of the sample app, registered as the editor's canvas "matrix". */
  readonly canvasRoot: string
}

interface Request {
  readonly path: string
  /** A JSON body. */
  readonly body?: unknown
  /** A multipart/form-data body instead. */
  readonly form?: FormData
}

interface Row {
  readonly expect: Readonly<Record<Caller, Outcome>>
  readonly request: (world: World, caller: Caller) => Request | Promise<Request>
  /**
   * The request changes the caller's sessions (sign-in, sign-out, a password change): it runs in
   * a browser signed in just for it, and the callers' browsers sign in again afterwards.
   */
  readonly fresh?: boolean
  /** More to check on a response, beyond its status. */
  readonly check?: (
    response: Awaited<ReturnType<Client["request"]>>,
    caller: Caller,
    world: World,
    browser: Client,
  ) => void | Promise<void>
}

const everyone: Record<Caller, Outcome> = { visitor: "ok", member: "ok", other: "ok", admin: "ok" }
const all = (outcome: Outcome): Record<Caller, Outcome> => ({
  visitor: outcome,
  member: outcome,
  other: outcome,
  admin: outcome,
})
const adminOnly: Record<Caller, Outcome> = { visitor: 401, member: 403, other: 403, admin: "ok" }
const signedIn: Record<Caller, Outcome> = { visitor: 401, member: "ok", other: "ok", admin: "ok" }
/** A perk the free plan does not grant: every signed-in caller is refused, naming the plan. */
const perkRefused = {
  member: { status: 403, code: "PERK_REQUIRED" },
  other: { status: 403, code: "PERK_REQUIRED" },
  admin: { status: 403, code: "PERK_REQUIRED" },
} as const
/** The member's own data: others are refused, admins too (they act on others only through admin routes). */
const ownerOnly: Record<Caller, Outcome> = { visitor: 401, member: "ok", other: 403, admin: 403 }

const actorOf = (world: World, caller: Exclude<Caller, "visitor">): Actor => world[caller]

/** A link token for the spare member, issued just before the request that opens it. */
const linkToken = (world: World, purpose: "verify" | "reset") =>
  world.server.run(
    Effect.gen(function* () {
      const unitOfWork = yield* UnitOfWork
      const now = yield* Clock.currentTimeMillis
      return yield* unitOfWork.transaction(issueToken(world.spare.id, purpose, now))
    }),
  )

/** A one-click unsubscribe token (weekly summary) for the spare member. */
const unsubscribeToken = (world: World) =>
  world.server.run(
    Effect.gen(function* () {
      const unitOfWork = yield* UnitOfWork
      const now = yield* Clock.currentTimeMillis
      return yield* unitOfWork.transaction(
        issueUnsubscribeToken(world.spare.id, "weeklySummary", now),
      )
    }),
  )

const GET = (path: (world: World) => string) => (world: World) => ({ path: path(world) })

const DAY = 24 * 3_600_000

/** A contest of its own type from now + startOffset to now + endOffset (an admin row's target). */
const contestAt = (world: World, startOffset: number, endOffset: number) =>
  world.server.run(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      return yield* createContest({
        title: `Target ${uniqueName("")}`,
        description: "",
        contestType: `matrix${uniqueName("").slice(-8)}`,
        artStyle: "",
        startsAt: now + startOffset,
        endsAt: now + endOffset,
      })
    }),
  )

/** A day far ahead that no other request schedules (one daily contest a day). */
let scheduledDays = 0
const futureDay = () => {
  scheduledDays += 1
  return new Date(Date.UTC(2040, 0, 1) + Math.floor(Math.random() * 3000 + scheduledDays) * DAY)
    .toISOString()
    .slice(0, 10)
}

/** The canvas element whose source starts at the first `snippet` of the file as it is now. */
const canvasElement = async (world: World, path: string, snippet: string) => {
  const text = await readFile(join(world.canvasRoot, path), "utf8")
  const index = text.indexOf(snippet)
  if (index === -1) throw new Error(`${snippet} not found in ${path}`)
  return { codebaseId: codebaseIdOf(path, index) }
}

/** A row of the editor's API: admins (or the editor token, see canvases.test.ts) only. */
const canvasRow = (
  suffix: string,
  body: (world: World) => Promise<unknown>,
  prepare?: (world: World) => Promise<void>,
): Row => ({
  expect: adminOnly,
  request: async (world, caller) => {
    if (caller === "admin") await prepare?.(world)
    return { path: `/canvases/matrix/parseAndMutate/${suffix}`, body: await body(world) }
  },
})

const APP_FILE = "src/App.tsx"
const FOOTER_FILE = "src/components/Footer.tsx"

/** A change made just before an undo row (and undone before a redo row), so each stands alone. */
const editCanvas = async (world: World) => {
  const response = await world.admin.browser.post(
    "/canvases/matrix/parseAndMutate/mutate/addClass",
    { reactElement: await canvasElement(world, FOOTER_FILE, "<footer"), className: "italic" },
  )
  expect(response.status, response.text).toBe(200)
}

const MATRIX: Readonly<Record<string, Row>> = {
  // ---- accounts
  "POST /api/users": {
    expect: everyone,
    request: (_world, caller) => {
      const name = uniqueName(`signup${caller}`)
      return {
        path: "/api/users",
        body: {
          email: `${name}@colorday.test`,
          password: PASSWORD,
          firstName: "New",
          lastName: "Member",
          username: name,
          dateOfBirth: "1991-02-03",
        },
      }
    },
    check: (response) => expect(response.status).toBe(201),
  },
  "POST /api/users/login": {
    expect: everyone,
    fresh: true,
    request: (world, caller) => {
      const actor = caller === "visitor" ? world.member : actorOf(world, caller)
      return { path: "/api/users/login", body: { email: actor.email, password: PASSWORD } }
    },
    check: (response, caller, world) => {
      const actor = caller === "visitor" ? world.member : actorOf(world, caller)
      expect((response.body as { user: { id: string } }).user.id).toBe(actor.member.id)
      expect(response.headers.get("set-cookie")).toMatch(/colorday_session=.+; .*httponly/i)
    },
  },
  "POST /api/users/logout": {
    expect: everyone,
    fresh: true,
    request: () => ({ path: "/api/users/logout" }),
    check: async (_response, _caller, _world, browser) => {
      expect((await browser.get("/api/session")).status).toBe(401)
    },
  },
  "GET /api/session": {
    expect: signedIn,
    request: GET(() => "/api/session"),
    check: (response, caller, world) => {
      if (caller === "visitor") return
      expect((response.body as { user: { id: string } }).user.id).toBe(
        actorOf(world, caller).member.id,
      )
    },
  },
  "POST /api/users/resend-verification": {
    expect: everyone,
    request: (world) => ({
      path: "/api/users/resend-verification",
      body: { email: world.spare.email },
    }),
  },
  "POST /api/users/forgot-password": {
    expect: everyone,
    request: (world) => ({
      path: "/api/users/forgot-password",
      body: { email: world.spare.email },
    }),
  },
  "POST /api/users/reset-password": {
    expect: everyone,
    request: async (world) => ({
      path: "/api/users/reset-password",
      body: { token: await linkToken(world, "reset"), password: PASSWORD },
    }),
  },
  "GET /api/users/verify-email/:token": {
    expect: everyone,
    request: async (world) => ({
      path: `/api/users/verify-email/${encodeURIComponent(await linkToken(world, "verify"))}`,
    }),
  },
  "GET /api/users/user-stats/user": {
    expect: ownerOnly,
    request: GET((world) => `/api/users/user-stats/user?user_id=${world.member.member.id}`),
  },
  "GET /api/badges/user/:id": {
    expect: everyone,
    request: GET((world) => `/api/badges/user/${world.member.member.id}`),
  },
  "GET /api/users/:id": {
    // A public profile; the private record (e-mail, names, role) only for its owner.
    expect: everyone,
    request: GET((world) => `/api/users/${world.member.member.id}`),
    check: (response, caller, world) => {
      const body = response.body as Record<string, unknown>
      expect(body.id).toBe(world.member.member.id)
      if (caller === "member") expect(body.email).toBe(world.member.email)
      else expect(body).not.toHaveProperty("email")
    },
  },
  "PUT /api/users/:id": {
    expect: ownerOnly,
    request: (world) => ({
      path: `/api/users/${world.member.member.id}`,
      body: { bio: "I color on Sundays" },
    }),
  },
  "PUT /api/users/:id/password": {
    expect: ownerOnly,
    fresh: true,
    request: (world) => ({
      path: `/api/users/${world.member.member.id}/password`,
      body: { currentPassword: PASSWORD, newPassword: PASSWORD },
    }),
  },
  "GET /api/users/:id/settings": {
    expect: ownerOnly,
    request: GET((world) => `/api/users/${world.member.member.id}/settings`),
    check: (response, caller) => {
      if (caller === "member") expect(response.body).toEqual(DEFAULT_SETTINGS)
    },
  },
  "PUT /api/users/:id/settings": {
    expect: ownerOnly,
    request: (world) => ({
      path: `/api/users/${world.member.member.id}/settings`,
      body: DEFAULT_SETTINGS,
    }),
  },
  // ---- one-click unsubscribe (issue 24): the link's token is the authority, no session
  "GET /api/unsubscribe/:token": {
    expect: everyone,
    request: async (world) => ({
      path: `/api/unsubscribe/${encodeURIComponent(await unsubscribeToken(world))}`,
    }),
  },
  "POST /api/unsubscribe/:token": {
    expect: everyone,
    request: async (world) => ({
      path: `/api/unsubscribe/${encodeURIComponent(await unsubscribeToken(world))}`,
      body: {},
    }),
  },
  "GET /api/users/secure-account/:token": {
    // A page with one button; the token is only read by the POST.
    expect: everyone,
    request: GET(() => "/api/users/secure-account/not-a-token"),
  },
  "POST /api/users/secure-account/:token": {
    // The mailed token is the authority (tests/http/login-notifications.test.ts uses a real one;
    // here a real one would sign the matrix's members out).
    expect: all({ status: 400, code: "INVALID_TOKEN" }),
    request: () => ({ path: "/api/users/secure-account/not-a-token", body: {} }),
  },
  // ---- two-factor sign-in (issue 24)
  "POST /api/users/login/two-factor": {
    // Public, as sign-in is; a challenge that sign-in did not give is refused for everyone.
    expect: all({ status: 401, code: "TWO_FACTOR_CHALLENGE_EXPIRED" }),
    request: (world) => ({
      path: "/api/users/login/two-factor",
      body: { email: world.spare.email, challenge: "not-a-challenge", code: "123456" },
    }),
  },
  "GET /api/users/:id/two-factor": {
    expect: ownerOnly,
    request: GET((world) => `/api/users/${world.member.member.id}/two-factor`),
  },
  "POST /api/users/:id/two-factor": {
    // Starts an enrolment that stays off (no code confirms it), so sign-in rows are unchanged.
    expect: ownerOnly,
    request: (world) => ({ path: `/api/users/${world.member.member.id}/two-factor` }),
  },
  "POST /api/users/:id/two-factor/confirm": {
    // The owner reaches the code check (a wrong code), others are refused before it.
    expect: { visitor: 401, member: 400, other: 403, admin: 403 },
    request: async (world, caller) => {
      if (caller === "member") {
        await world.server.run(startTwoFactorEnrolment(world.member.member.id))
      }
      return {
        path: `/api/users/${world.member.member.id}/two-factor/confirm`,
        body: { code: "000000" },
      }
    },
  },
  "POST /api/users/:id/two-factor/recovery-codes": {
    // The owner reaches the use case (two-factor is not on for them), others are refused before it.
    expect: {
      visitor: 401,
      member: { status: 409, code: "TWO_FACTOR_NOT_ON" },
      other: 403,
      admin: 403,
    },
    request: (world) => ({
      path: `/api/users/${world.member.member.id}/two-factor/recovery-codes`,
      body: { code: "000000" },
    }),
  },
  "DELETE /api/users/:id/two-factor": {
    // The owner reaches the use case (two-factor is not on for them), others are refused before it.
    expect: {
      visitor: 401,
      member: { status: 409, code: "TWO_FACTOR_NOT_ON" },
      other: 403,
      admin: 403,
    },
    request: (world) => ({
      path: `/api/users/${world.member.member.id}/two-factor`,
      body: { password: PASSWORD, code: "000000" },
    }),
  },
  // Web Push and the bell list (issue 24): the caller's own, from the session alone.
  "GET /api/push/vapid-public-key": {
    expect: everyone,
    request: GET(() => "/api/push/vapid-public-key"),
  },
  "POST /api/push/subscriptions": {
    // Signed in, the use case is reached and refuses a push service that is not https (or push
    // being off on this server): 400 either way; a visitor never gets that far.
    expect: {
      visitor: 401,
      member: { status: 400, code: "VALIDATION_FAILED" },
      other: { status: 400, code: "VALIDATION_FAILED" },
      admin: { status: 400, code: "VALIDATION_FAILED" },
    },
    request: () => ({
      path: "/api/push/subscriptions",
      body: {
        endpoint: "http://push.example.test/not-https",
        keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
      },
    }),
  },
  "DELETE /api/push/subscriptions": {
    expect: signedIn,
    request: () => ({
      path: "/api/push/subscriptions",
      body: { endpoint: "https://push.example.test/never-stored" },
    }),
  },
  "GET /api/notifications": {
    expect: signedIn,
    request: GET(() => "/api/notifications"),
  },
  "POST /api/notifications/read": {
    expect: signedIn,
    request: () => ({ path: "/api/notifications/read", body: {} }),
  },
  "GET /api/users/:id/export": {
    expect: ownerOnly,
    request: GET((world) => `/api/users/${world.member.member.id}/export`),
    check: (response, caller, world) => {
      if (caller !== "member") return
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="colorday-data-${world.member.member.username}.json"`,
      )
      expect((response.body as { profile: { id: string } }).profile.id).toBe(world.member.member.id)
    },
  },
  "POST /api/users/:id/avatar": {
    expect: ownerOnly,
    request: async (world) => {
      const form = new FormData()
      form.append("image", new Blob([await lineArtPage()], { type: "image/png" }), "me.png")
      return { path: `/api/users/${world.member.member.id}/avatar`, form }
    },
  },
  "DELETE /api/users/:id/avatar": {
    expect: ownerOnly,
    request: (world) => ({ path: `/api/users/${world.member.member.id}/avatar` }),
  },
  "GET /api/artists/:username": {
    // Anyone: the owner's own view (isOwner) only for the owner.
    expect: everyone,
    request: GET((world) => `/api/artists/${world.member.member.username}`),
    check: (response, caller) =>
      expect((response.body as { isOwner: boolean }).isOwner).toBe(caller === "member"),
  },
  "GET /api/artists/:username/entries": {
    expect: everyone,
    request: GET((world) => `/api/artists/${world.member.member.username}/entries`),
  },
  "DELETE /api/users/:id": {
    // The owner gets past authorization to the password check (a wrong one here, so the world
    // keeps its member); deleting for real is in member-account.test.ts.
    expect: {
      visitor: 401,
      member: { status: 400, code: "VALIDATION_FAILED" },
      other: 403,
      admin: 403,
    },
    request: (world) => ({
      path: `/api/users/${world.member.member.id}`,
      body: { password: "not the password" },
    }),
  },

  // ---- subscription
  "GET /api/subscription": {
    expect: ownerOnly,
    request: GET((world) => `/api/subscription?userId=${world.member.member.id}`),
  },
  "POST /api/subscription/ensure-current": {
    expect: ownerOnly,
    request: (world) => ({
      path: "/api/subscription/ensure-current",
      body: { userId: world.member.member.id, tier: "free" },
    }),
  },
  "POST /api/subscription/cancel": {
    // Acts on the caller's own plan only; every caller here is on the free plan.
    expect: {
      visitor: 401,
      member: { status: 409, code: "NO_PAID_PLAN" },
      other: { status: 409, code: "NO_PAID_PLAN" },
      admin: { status: 409, code: "NO_PAID_PLAN" },
    },
    request: () => ({ path: "/api/subscription/cancel" }),
  },
  "POST /api/subscription/deduct": {
    // Never the browser's to do: refused for everyone, the owner included.
    expect: { visitor: 401, member: 403, other: 403, admin: 403 },
    request: (world) => ({
      path: "/api/subscription/deduct",
      body: { userId: world.member.member.id },
    }),
  },
  "PUT /api/subscription": {
    expect: { visitor: 401, member: 403, other: 403, admin: 403 },
    request: (world) => ({
      path: "/api/subscription",
      body: { userId: world.member.member.id, tier: "champ", remaining_submissions: 999 },
    }),
  },

  // ---- contests
  "GET /api/challenges": { expect: everyone, request: GET(() => "/api/challenges") },
  "GET /api/challenges/current-active": {
    expect: everyone,
    request: GET(() => "/api/challenges/current-active"),
  },
  "GET /api/challenges/:id": {
    expect: everyone,
    request: GET((world) => `/api/challenges/${world.contest.id}`),
  },
  "GET /api/challenges/archive": {
    expect: everyone,
    request: GET(() => "/api/challenges/archive"),
  },
  "GET /api/challenges/latest-winner": {
    expect: everyone,
    request: GET(() => "/api/challenges/latest-winner"),
  },
  "GET /api/challenges/:id/results": {
    // Public: the world's contest is still running, so everyone gets the same NO_RESULT.
    expect: {
      visitor: { status: 404, code: "NO_RESULT" },
      member: { status: 404, code: "NO_RESULT" },
      other: { status: 404, code: "NO_RESULT" },
      admin: { status: 404, code: "NO_RESULT" },
    },
    request: GET((world) => `/api/challenges/${world.contest.id}/results`),
  },
  "PUT /api/challenges/:id": {
    // The download log names the member: only the member may log it as theirs.
    expect: { visitor: 403, member: "ok", other: 403, admin: 403 },
    request: (world) => ({
      path: `/api/challenges/${world.contest.id}`,
      body: { download: [{ userId: world.member.member.id, timestamp: new Date().toISOString() }] },
    }),
  },
  "POST /api/challenges/:id/analytics/:metric": {
    expect: everyone,
    request: (world) => ({ path: `/api/challenges/${world.contest.id}/analytics/views` }),
  },

  // ---- entries and votes
  "POST /api/submissions": {
    expect: ownerOnly,
    request: (world) => ({
      path: "/api/submissions",
      body: {
        user_id: world.member.member.id,
        challenge_id: world.contest.id,
        file_path: world.photoKey,
      },
    }),
  },
  "GET /api/entries/:id": {
    expect: everyone,
    request: GET((world) => `/api/entries/${world.entry.id}`),
    check: (response, _caller, world) =>
      expect((response.body as { entry: { id: string } }).entry.id).toBe(world.entry.id),
  },
  "GET /api/submissions": {
    expect: everyone,
    request: GET((world) => `/api/submissions?user_id=${world.member.member.id}`),
  },
  "GET /api/submissions/user/:userId": {
    expect: everyone,
    request: GET((world) => `/api/submissions/user/${world.member.member.id}`),
  },
  "GET /api/submissions/by-challenge/search": {
    expect: everyone,
    request: GET(
      (world) => `/api/submissions/by-challenge/search?challenge_id=${world.contest.id}`,
    ),
  },
  "GET /api/submissions/:id/vote": {
    // Whether *you* voted; asking about someone else's vote is refused.
    expect: { visitor: "ok", member: "ok", other: 403, admin: 403 },
    request: GET(
      (world) => `/api/submissions/${world.entry.id}/vote?user_id=${world.member.member.id}`,
    ),
  },
  "POST /api/submissions/:id/vote": {
    // The entry is the member's own: a self-vote is refused; anyone else signed in may vote.
    expect: {
      visitor: 401,
      member: { status: 403, code: "SELF_VOTE" },
      other: "ok",
      admin: "ok",
    },
    request: (world) => ({ path: `/api/submissions/${world.entry.id}/vote` }),
  },

  // ---- gallery, leaderboard, contact, billing
  "GET /api/gallery": { expect: everyone, request: GET(() => "/api/gallery?sort=top") },
  "GET /api/leaderboard": { expect: everyone, request: GET(() => "/api/leaderboard?period=all") },
  "GET /api/drawings": { expect: everyone, request: GET(() => "/api/drawings") },
  "POST /api/drawings/free-entry": {
    expect: signedIn,
    request: () => ({ path: "/api/drawings/free-entry" }),
  },
  // Past the sign-in checks the admin reaches the use case: a month never committed, no such id.
  "POST /api/admin/drawings/:month/draw": {
    expect: { ...adminOnly, admin: { status: 400, code: "VALIDATION_FAILED" } },
    request: () => ({ path: "/api/admin/drawings/2000-01/draw" }),
  },
  "POST /api/admin/drawings/:id/paid": {
    expect: { ...adminOnly, admin: { status: 404, code: "NOT_FOUND" } },
    request: () => ({ path: "/api/admin/drawings/no-such-drawing/paid" }),
  },
  // ---- tier perks (issue 19): the callers are on the free plan, so the perks are refused
  // with the plan that unlocks them; the views answer everyone (locked).
  "GET /api/premium-page": { expect: everyone, request: GET(() => "/api/premium-page") },
  "GET /api/premium-page.png": {
    expect: { visitor: 401, ...perkRefused },
    request: GET(() => "/api/premium-page.png"),
  },
  "GET /api/premium-page.pdf": {
    expect: { visitor: 401, ...perkRefused },
    request: GET(() => "/api/premium-page.pdf?paper=a4"),
  },
  "GET /api/early-access": { expect: everyone, request: GET(() => "/api/early-access") },
  "GET /api/line-art-requests": { expect: signedIn, request: GET(() => "/api/line-art-requests") },
  "POST /api/line-art-requests": {
    expect: { visitor: 401, ...perkRefused },
    request: () => ({ path: "/api/line-art-requests", body: { brief: "A fox under a lamp" } }),
  },
  "GET /api/admin/premium-pages": {
    expect: adminOnly,
    request: GET(() => "/api/admin/premium-pages"),
  },
  "POST /api/admin/premium-pages": {
    expect: { ...adminOnly, admin: { status: 400, code: "BAD_REQUEST" } },
    request: () => ({ path: "/api/admin/premium-pages", body: { week: "2026-W48", title: "Owl" } }),
  },
  "GET /api/admin/line-art-requests": {
    expect: adminOnly,
    request: GET(() => "/api/admin/line-art-requests?include=all"),
  },
  "POST /api/admin/line-art-requests/:id/accept": {
    expect: { ...adminOnly, admin: { status: 404, code: "NOT_FOUND" } },
    request: () => ({ path: "/api/admin/line-art-requests/no-such-request/accept" }),
  },
  "POST /api/admin/line-art-requests/:id/decline": {
    expect: { ...adminOnly, admin: { status: 404, code: "NOT_FOUND" } },
    request: () => ({
      path: "/api/admin/line-art-requests/no-such-request/decline",
      body: { reason: "Not this month" },
    }),
  },
  "POST /api/admin/line-art-requests/:id/fulfil": {
    expect: { ...adminOnly, admin: { status: 404, code: "NOT_FOUND" } },
    request: () => ({
      path: "/api/admin/line-art-requests/no-such-request/fulfil",
      body: { contestId: "no-such-contest" },
    }),
  },
  // ---- professional feedback and the Spotlight (issue 19). The entry's artist is on the free
  // plan, so the admin (a judge by role) reaches the plan check; members are not judges.
  "GET /api/judging/entries": {
    expect: {
      visitor: 401,
      member: { status: 403, code: "NOT_A_JUDGE" },
      other: { status: 403, code: "NOT_A_JUDGE" },
      admin: "ok",
    },
    request: GET(() => "/api/judging/entries"),
  },
  "GET /api/entries/:id/feedback": {
    expect: {
      visitor: 401,
      member: "ok",
      other: { status: 403, code: "FEEDBACK_PRIVATE" },
      admin: "ok",
    },
    request: GET((world) => `/api/entries/${world.entry.id}/feedback`),
  },
  "PUT /api/entries/:id/feedback": {
    expect: {
      visitor: 401,
      member: { status: 403, code: "NOT_A_JUDGE" },
      other: { status: 403, code: "NOT_A_JUDGE" },
      admin: { status: 403, code: "FEEDBACK_NOT_IN_PLAN" },
    },
    request: (world) => ({
      path: `/api/entries/${world.entry.id}/feedback`,
      body: { text: "Strong lines and a bold palette." },
    }),
  },
  "GET /api/spotlight": { expect: everyone, request: GET(() => "/api/spotlight") },
  "GET /api/admin/spotlights": { expect: adminOnly, request: GET(() => "/api/admin/spotlights") },
  "POST /api/admin/spotlights": {
    expect: { ...adminOnly, admin: { status: 409, code: "SPOTLIGHT_NOT_IN_PLAN" } },
    request: (world) => ({
      path: "/api/admin/spotlights",
      body: {
        entryId: world.entry.id,
        startsAt: new Date(Date.now()).toISOString(),
        endsAt: new Date(Date.now() + DAY).toISOString(),
      },
    }),
  },
  "DELETE /api/admin/spotlights/:id": {
    expect: { ...adminOnly, admin: { status: 404, code: "NOT_FOUND" } },
    request: () => ({ path: "/api/admin/spotlights/no-such-spotlight" }),
  },
  "POST /api/email/contact": {
    expect: everyone,
    request: () => ({
      path: "/api/email/contact",
      body: {
        name: "Ada",
        email: "ada@colorday.test",
        subject: "Hello",
        message: "Just saying hello.",
      },
    }),
  },
  "GET /api/billing/history": {
    expect: ownerOnly,
    request: GET((world) => `/api/billing/history?user_id=${world.member.member.id}`),
  },
  "POST /api/billing/checkouts/:paymentId/cancel": {
    // The member's own checkout; to anyone else it does not exist (the id alone proves nothing).
    expect: { visitor: 401, member: "ok", other: 404, admin: 404 },
    request: (world) => ({
      path: `/api/billing/checkouts/${world.checkouts.abandonedPayment}/cancel`,
    }),
  },

  // ---- payments (the offline checkout: no STRIPE_SECRET_KEY in tests)
  "POST /api/stripe/checkout-session": {
    expect: ownerOnly,
    request: (world) => ({
      path: "/api/stripe/checkout-session",
      body: { userId: world.member.member.id, contestId: world.contest.id },
    }),
  },
  "POST /api/stripe/subscription-session": {
    expect: ownerOnly,
    request: (world) => ({
      path: "/api/stripe/subscription-session",
      body: { userId: world.member.member.id, planTier: "pro" },
    }),
  },
  "GET /api/stripe/verify-session": {
    expect: ownerOnly,
    request: GET(
      (world) =>
        `/api/stripe/verify-session?sessionId=${world.checkouts.verify}&userId=${world.member.member.id}`,
    ),
  },
  "POST /api/stripe/webhook": {
    // Without Stripe there is no provider to send webhooks: the route is not there for anyone.
    expect: all({ status: 404, code: "NOT_FOUND" }),
    request: () => ({ path: "/api/stripe/webhook", body: { type: "checkout.session.completed" } }),
  },
  // The offline checkout's pages stand in for Stripe's hosted checkout: like Stripe's, the
  // unguessable session id in the link is the only key, so every caller gets the same answer.
  "GET /checkout/offline/:sessionId": {
    expect: everyone,
    request: GET((world) => `/checkout/offline/${world.checkouts.page}`),
  },
  "POST /checkout/offline/:sessionId/pay": {
    expect: all(303),
    request: (world) => ({ path: `/checkout/offline/${world.checkouts.pay}/pay` }),
  },
  "POST /checkout/offline/:sessionId/cancel": {
    expect: all(303),
    request: (world) => ({ path: `/checkout/offline/${world.checkouts.cancel}/cancel` }),
  },
  "GET /checkout/offline/:sessionId/receipt": {
    expect: everyone,
    request: GET((world) => `/checkout/offline/${world.checkouts.receipt}/receipt`),
  },

  // ---- line art
  "POST /api/admin/contests/:id/line-art": {
    expect: adminOnly,
    request: async (world) => {
      const form = new FormData()
      form.append("image", new Blob([await lineArtPage()], { type: "image/png" }), "page.png")
      return { path: `/api/admin/contests/${world.contest.id}/line-art`, form }
    },
  },
  "GET /api/challenges/:id/line-art.png": {
    expect: everyone,
    request: GET((world) => `/api/challenges/${world.contest.id}/line-art.png`),
  },
  "GET /api/challenges/:id/line-art.pdf": {
    expect: everyone,
    request: GET((world) => `/api/challenges/${world.contest.id}/line-art.pdf?paper=a4`),
  },

  // ---- the admin dashboard (apps/admin/README.md): admins only, whatever the browser shows
  "GET /api/admin/overview": { expect: adminOnly, request: GET(() => "/api/admin/overview") },
  "GET /api/admin/contests": {
    expect: adminOnly,
    request: GET(() => "/api/admin/contests?status=active"),
    check: (response, caller, world) => {
      if (caller !== "admin") return
      const ids = (response.body as { items: Array<{ id: string }> }).items.map((c) => c.id)
      expect(ids).toContain(world.contest.id)
    },
  },
  "POST /api/admin/contests": {
    expect: adminOnly,
    request: (_world, caller) => ({
      path: "/api/admin/contests",
      body: {
        title: "A weekly contest",
        description: "Made by the matrix",
        contestType: `weekly${caller}${uniqueName("").slice(-6)}`,
        artStyle: "botanical",
        startsAt: "2031-01-05T00:00:00Z",
        endsAt: "2031-01-12T00:00:00Z",
      },
    }),
  },
  "POST /api/admin/contests/schedule": {
    expect: adminOnly,
    request: () => ({
      path: "/api/admin/contests/schedule",
      body: {
        date: futureDay(),
        timeZone: "Europe/Paris",
        title: "A scheduled day",
        description: "Made by the matrix",
      },
    }),
  },
  "POST /api/billing/payments/:paymentId/refund": {
    // Past the sign-in check the use case answers: no such payment of the caller's.
    expect: {
      visitor: 401,
      member: { status: 404, code: "NOT_FOUND" },
      other: { status: 404, code: "NOT_FOUND" },
      admin: { status: 404, code: "NOT_FOUND" },
    },
    request: () => ({ path: "/api/billing/payments/no-such-payment/refund" }),
  },
  "GET /api/admin/settings/default-prize": {
    expect: adminOnly,
    request: GET(() => "/api/admin/settings/default-prize"),
  },
  "PUT /api/admin/settings/default-prize": {
    expect: adminOnly,
    request: () => ({ path: "/api/admin/settings/default-prize", body: { prize: null } }),
  },
  "PUT /api/admin/contests/:id": {
    expect: adminOnly,
    request: (world) => ({
      path: `/api/admin/contests/${world.contest.id}`,
      body: { description: "Edited by the matrix" },
    }),
  },
  "POST /api/admin/contests/:id/cancel": {
    expect: adminOnly,
    request: async (world) => ({
      path: `/api/admin/contests/${(await contestAt(world, DAY, 2 * DAY)).id}/cancel`,
      body: { reason: "Cancelled by the matrix" },
    }),
  },
  "GET /api/admin/calendar": {
    expect: adminOnly,
    request: GET(() => "/api/admin/calendar?days=30&tz=Europe%2FParis"),
  },
  "GET /api/admin/contests/:id/entries": {
    expect: adminOnly,
    request: GET((world) => `/api/admin/contests/${world.contest.id}/entries`),
  },
  "POST /api/admin/entries/:id/moderation": {
    expect: adminOnly,
    request: (world) => ({
      path: `/api/admin/entries/${world.entry.id}/moderation`,
      body: { action: "restore" },
    }),
  },
  "POST /api/admin/contests/:id/close": {
    expect: adminOnly,
    request: async (world) => ({
      path: `/api/admin/contests/${(await contestAt(world, -3 * DAY, -2 * DAY)).id}/close`,
    }),
  },
  "GET /api/admin/contests/:id/ranking": {
    expect: adminOnly,
    request: GET((world) => `/api/admin/contests/${world.contest.id}/ranking`),
  },
  "POST /api/admin/contests/:id/announce": {
    // Past the authorization: the contest under way is not closed yet.
    expect: { ...adminOnly, admin: { status: 409, code: "CONTEST_NOT_CLOSED" } },
    request: (world) => ({ path: `/api/admin/contests/${world.contest.id}/announce` }),
  },
  "GET /api/admin/members": {
    expect: adminOnly,
    request: GET((world) => `/api/admin/members?q=${encodeURIComponent(world.spare.username)}`),
    check: (response, caller, world) => {
      if (caller !== "admin") return
      const ids = (response.body as { items: Array<{ id: string }> }).items.map((m) => m.id)
      expect(ids).toEqual([world.spare.id])
    },
  },
  "GET /api/admin/members/:id": {
    expect: adminOnly,
    request: GET((world) => `/api/admin/members/${world.member.member.id}`),
  },
  "POST /api/admin/members/:id/admin": {
    expect: adminOnly,
    request: (world) => ({
      path: `/api/admin/members/${world.spare.id}/admin`,
      body: { isAdmin: false },
    }),
  },
  "GET /api/admin/members/:id/two-factor": {
    expect: adminOnly,
    request: GET((world) => `/api/admin/members/${world.spare.id}/two-factor`),
  },
  "DELETE /api/admin/members/:id/two-factor": {
    // The admin reaches the use case (the spare member has no two-factor to reset).
    expect: {
      visitor: 401,
      member: 403,
      other: 403,
      admin: { status: 409, code: "TWO_FACTOR_NOT_ON" },
    },
    request: (world) => ({ path: `/api/admin/members/${world.spare.id}/two-factor` }),
  },
  "POST /api/admin/members/:id/judge": {
    expect: adminOnly,
    request: (world) => ({
      path: `/api/admin/members/${world.spare.id}/judge`,
      body: { isJudge: false },
    }),
  },
  "POST /api/admin/members/:id/suspension": {
    expect: adminOnly,
    request: (world) => ({
      path: `/api/admin/members/${world.spare.id}/suspension`,
      body: { suspended: false },
    }),
  },
  "POST /api/admin/badges/grant": {
    expect: adminOnly,
    request: (world) => ({
      path: "/api/admin/badges/grant",
      body: { memberId: world.spare.id, badgeId: "first-win" },
    }),
  },
  "POST /api/admin/badges/backfill": {
    expect: adminOnly,
    request: () => ({ path: "/api/admin/badges/backfill" }),
    check: (response, caller) => {
      if (caller !== "admin") return
      expect(response.text.trim().split("\n").at(-1)).toMatch(/"type":"done"/)
    },
  },
  "GET /api/admin/messages": {
    expect: adminOnly,
    request: GET(() => "/api/admin/messages?status=all"),
  },
  "POST /api/admin/messages/:id/handled": {
    expect: adminOnly,
    request: (world) => ({
      path: `/api/admin/messages/${world.messageId}/handled`,
      body: { handled: true },
    }),
  },
  "POST /api/admin/messages/:id/reply": {
    expect: adminOnly,
    request: (world) => ({
      path: `/api/admin/messages/${world.messageId}/reply`,
      body: { subject: "Re: your question", body: "Thank you for writing." },
    }),
  },
  "GET /api/admin/analytics/contests/:id": {
    expect: adminOnly,
    request: GET((world) => `/api/admin/analytics/contests/${world.contest.id}`),
  },
  "GET /api/admin/analytics": {
    expect: adminOnly,
    request: GET(() => "/api/admin/analytics?from=2026-01-01&to=2026-01-31&tz=UTC"),
  },
  "GET /api/admin/audit": {
    expect: adminOnly,
    request: GET(() => "/api/admin/audit?action=contest."),
  },

  // ---- the editor's canvases
  "GET /canvases/:canvasId/components": {
    expect: adminOnly,
    request: GET(() => "/canvases/matrix/components"),
  },
  "GET /canvases/:canvasId/elements/:codebaseId/source": {
    expect: adminOnly,
    request: async (world) => ({
      path: `/canvases/matrix/elements/${(await canvasElement(world, FOOTER_FILE, "<footer")).codebaseId}/source`,
    }),
  },
  "POST /canvases/:canvasId/parseAndMutate/mutate/styling": canvasRow(
    "mutate/styling",
    async (world) => ({
      reactElement: await canvasElement(world, FOOTER_FILE, "<footer"),
      styling: { color: "#ff0000" },
      stylingFramework: "Tailwind",
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/addJsxElement": canvasRow(
    "mutate/addJsxElement",
    async (world) => ({
      destinationElement: await canvasElement(world, FOOTER_FILE, "<footer"),
      newElement: { type: "nativeTag", nativeTag: "hr" },
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/moveJsxElement": canvasRow(
    "mutate/moveJsxElement",
    async (world) => ({
      elementToMove: await canvasElement(world, FOOTER_FILE, "<a "),
      newContainerElement: await canvasElement(world, FOOTER_FILE, "<footer"),
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/removeJsxElement": canvasRow(
    "mutate/removeJsxElement",
    async (world) => ({
      elementsToRemove: [await canvasElement(world, APP_FILE, `<p className="mt-4`)],
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/changePropValue": canvasRow(
    "mutate/changePropValue",
    async (world) => ({
      elementToModify: await canvasElement(world, APP_FILE, "<Header"),
      propName: "title",
      propValue: "Tasks",
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/wrapInDiv": canvasRow(
    "mutate/wrapInDiv",
    async (world) => ({
      reactElements: [await canvasElement(world, "src/components/Header.tsx", "<h1")],
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/duplicate": canvasRow(
    "mutate/duplicate",
    async (world) => ({ reactElements: [await canvasElement(world, FOOTER_FILE, "<a ")] }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/changeElementTag": canvasRow(
    "mutate/changeElementTag",
    async (world) => ({
      elementToModify: await canvasElement(world, "src/components/TaskList.tsx", "<ul"),
      newTag: "ol",
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/addClass": canvasRow(
    "mutate/addClass",
    async (world) => ({
      reactElement: await canvasElement(world, APP_FILE, "<main"),
      className: "italic",
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/removeClass": canvasRow(
    "mutate/removeClass",
    async (world) => ({
      reactElement: await canvasElement(world, APP_FILE, "<label"),
      className: "gap-2",
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/editText": canvasRow(
    "mutate/editText",
    async (world) => ({
      element: await canvasElement(world, APP_FILE, "<button"),
      oldText: "Get started",
      newText: "Begin",
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/mutate/updateClasses": canvasRow(
    "mutate/updateClasses",
    async (world) => ({
      reactElement: await canvasElement(world, APP_FILE, `<p className="text-slate-700"`),
      oldClasses: ["text-slate-700"],
      newClasses: ["text-slate-800"],
    }),
  ),
  "POST /canvases/:canvasId/parseAndMutate/activities/undoChangeToFiles": canvasRow(
    "activities/undoChangeToFiles",
    () => Promise.resolve({}),
    editCanvas,
  ),
  "POST /canvases/:canvasId/parseAndMutate/activities/redoChangeToFiles": canvasRow(
    "activities/redoChangeToFiles",
    () => Promise.resolve({}),
    async (world) => {
      await editCanvas(world)
      const undone = await world.admin.browser.post(
        "/canvases/matrix/parseAndMutate/activities/undoChangeToFiles",
        {},
      )
      expect(undone.status, undone.text).toBe(200)
    },
  ),

  // ---- meta
  "GET /api/openapi.json": { expect: everyone, request: GET(() => "/api/openapi.json") },
  "GET /api/health": { expect: everyone, request: GET(() => "/api/health") },
  "GET /api/config": { expect: everyone, request: GET(() => "/api/config") },
  "GET /images/:kind/:file": {
    expect: everyone,
    request: GET((world) => `/images/${world.entry.image}`),
  },
}

const routeKeys = allRoutes.map((route) => `${route.method} ${route.path}`)
const methodOf = (key: string) => key.slice(0, key.indexOf(" "))

const describeOutcome = (outcome: Outcome) =>
  outcome === "ok"
    ? "2xx"
    : typeof outcome === "number"
      ? String(outcome)
      : `${outcome.status} ${outcome.code}`

const matches = (outcome: Outcome, status: number, body: unknown) => {
  if (outcome === "ok") return status >= 200 && status < 300
  if (typeof outcome === "number") return status === outcome
  return (
    status === outcome.status && (body as { code?: unknown } | undefined)?.code === outcome.code
  )
}

type Response = Awaited<ReturnType<Client["request"]>>

/**
 * Sends a row's request from a browser: JSON through the browser itself (its cookie jar follows
 * sign-in and sign-out), a form or a redirecting route with its cookie, redirects not followed.
 */
const send = async (browser: Client, method: string, request: Request): Promise<Response> => {
  if (request.form === undefined && !request.path.startsWith("/checkout/")) {
    return browser.request(
      method,
      request.path,
      method === "GET" ? undefined : (request.body ?? {}),
    )
  }
  const response = await fetch(`${browserUrl.get(browser)}${request.path}`, {
    method,
    redirect: "manual",
    headers: browser.cookie ? { Cookie: browser.cookie } : {},
    ...(request.form ? { body: request.form } : {}),
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: response.status, headers: response.headers, body, text }
}

/** Each browser's server address (the harness's client does not expose it). */
const browserUrl = new WeakMap<Client, string>()

it("has one row per route, and one route per row", () => {
  expect(
    routeKeys.filter((key) => !(key in MATRIX)),
    "routes without a row in the matrix",
  ).toEqual([])
  expect(
    Object.keys(MATRIX).filter((key) => !routeKeys.includes(key)),
    "rows for routes that do not exist",
  ).toEqual([])
})

describe.each(httpBackends)("the authorization matrix on %s", (backend) => {
  let world: World
  const browsers = new Map<Caller, Client>()

  const signInCallers = async () => {
    for (const caller of ["member", "other", "admin"] as const) {
      browsers.set(caller, await signIn(world.server, actorOf(world, caller).email))
    }
  }

  beforeAll(async () => {
    const canvasRoot = await mkdtemp(join(tmpdir(), "colorday-matrix-canvas-"))
    await cp(SAMPLE_APP, canvasRoot, {
      recursive: true,
      filter: (source) => !source.includes("/dist"),
    })
    const server = await startTestServer({
      backend,
      canvases: [{ id: "matrix", root: canvasRoot }],
      // The matrix signs in and votes far more than one person would.
      rateLimits: Object.fromEntries(
        (["sign-in", "sign-up", "forgot", "resend", "contact", "vote"] as const).map((name) => [
          name,
          { perAddress: 10_000, perAccount: 10_000, windowSeconds: 60 },
        ]),
      ),
    })
    const member = await seedActor(server, "owner")
    const other = await seedActor(server, "other")
    const admin = await seedActor(server, "admin", { admin: true })
    expect(admin.member.isAdmin).toBe(true)
    const spare = await seedMember(server, "spare")
    const contest = await seedContestInProgress(server)
    const entry = await seedEntry(server, member.member, contest)
    const photoKey = await storeEntryPhoto(server)
    const checkout = async () => {
      const response = await member.browser.post("/api/stripe/checkout-session", {})
      expect(response.status, response.text).toBe(200)
      return (response.body as { sessionId: string }).sessionId
    }
    const paymentOf = (sessionId: string) =>
      server.run(
        Effect.gen(function* () {
          const found = yield* (yield* PaymentLedger).findByCheckoutSession(sessionId)
          return Option.getOrThrow(found).id
        }),
      )
    const checkouts = {
      verify: await checkout(),
      page: await checkout(),
      pay: await checkout(),
      cancel: await checkout(),
      receipt: await checkout(),
      // The billing history id of a checkout, as /payment-cancel?payment=… names it.
      abandonedPayment: await paymentOf(await checkout()),
    }
    const paid = await fetch(`${server.url}/checkout/offline/${checkouts.receipt}/pay`, {
      method: "POST",
      redirect: "manual",
    })
    expect(paid.status).toBe(303)
    const messageId = await server.run(
      Effect.gen(function* () {
        const message = {
          id: crypto.randomUUID(),
          memberId: null,
          name: "Curious Visitor",
          email: "visitor@colorday.test",
          subject: "A question",
          message: "How are winners chosen?",
          createdAt: yield* Clock.currentTimeMillis,
          handledAt: null,
        }
        yield* (yield* ContactMessageRepository).save(message)
        return message.id
      }),
    )
    world = {
      server,
      member,
      other,
      admin,
      spare,
      contest,
      entry,
      photoKey,
      checkouts,
      messageId,
      canvasRoot,
    }
    browsers.set("visitor", client(server.url))
    await signInCallers()
  })

  afterAll(async () => {
    await world?.server.close()
    if (world) await rm(world.canvasRoot, { recursive: true, force: true })
  })

  it.each(routeKeys)("%s", async (key) => {
    const row = MATRIX[key]
    if (!row) throw new Error(`no row for ${key}: add one to the matrix`)
    const failures: Array<string> = []
    for (const caller of CALLERS) {
      const browser =
        row.fresh && caller !== "visitor"
          ? await signIn(world.server, actorOf(world, caller).email)
          : row.fresh
            ? client(world.server.url)
            : (browsers.get(caller) as Client)
      browserUrl.set(browser, world.server.url)
      const request = await row.request(world, caller)
      const response = await send(browser, methodOf(key), request)
      const expected = row.expect[caller]
      if (!matches(expected, response.status, response.body)) {
        failures.push(
          `${caller}: expected ${describeOutcome(expected)}, got ${response.status} ${response.text.slice(0, 200)}`,
        )
        continue
      }
      if (row.check) await row.check(response, caller, world, browser)
    }
    if (row.fresh) await signInCallers()
    expect(failures, key).toEqual([])
  })
})
