import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  FORGOT_MESSAGE,
  RESEND_MESSAGE,
  SIGNED_UP_MESSAGE,
} from "../../adapters/http/routes/accounts.routes.ts"
import { BadgeRepository } from "../../domain/badges/badge.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addMember,
  addVote,
  bodyOf,
  linkToken,
  PASSWORD,
  roomyRateLimits,
  run,
  signedInMember,
  signUpBody,
  signInBrowser,
  uniqueName,
} from "./support/world.ts"

/** Accounts and sessions over HTTP: sign-up, sign-in, sign-out, links, profile, stats, badges. */

interface User {
  readonly id: string
  readonly _id: string
  readonly email?: string
  readonly username: string
  readonly emailVerified?: boolean
  readonly [field: string]: unknown
}

/** An ISO date of birth `years` ago today (UTC), give or take `days`. */
const bornYearsAgo = (years: number, days = 0) => {
  const date = new Date()
  date.setUTCFullYear(date.getUTCFullYear() - years)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

describe.each(httpBackends)("accounts on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits({
        resend: { perAddress: 1000, perAccount: 2, windowSeconds: 600 },
      }),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("POST /api/users (sign-up)", () => {
    it("creates an unverified member, says to verify, and does not sign in", async () => {
      const browser = client(server.url)
      const input = signUpBody()
      const response = await browser.post("/api/users", input)
      expect(response.status, response.text).toBe(201)
      const user = bodyOf<User>(response)
      expect(user).toMatchObject({
        email: input.email,
        username: input.username,
        firstName: "Grace",
        lastName: "Hopper",
        isAdmin: false,
        emailVerified: false,
        message: SIGNED_UP_MESSAGE,
      })
      expect(user._id).toBe(user.id)
      expect(response.text).not.toMatch(/passwordHash|scrypt|dateOfBirth/)
      expect(browser.cookie).toBeNull()
      expect((await browser.get("/api/session")).status).toBe(401)

      const signIn = await browser.post("/api/users/login", {
        email: input.email,
        password: PASSWORD,
      })
      expect(signIn.status).toBe(403)
      expect(signIn.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", emailNotVerified: true })
      expect(bodyOf(signIn).message).toMatch(/verif/i)
      expect(browser.cookie).toBeNull()
    })

    it("refuses the under-18s, short passwords and bad e-mails, naming each field", async () => {
      const young = await client(server.url).post(
        "/api/users",
        signUpBody({ dateOfBirth: bornYearsAgo(18, 1) }),
      )
      expect(young.status).toBe(400)
      expect(young.body).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: [{ field: "dateOfBirth", message: expect.stringMatching(/18/) }],
      })
      const adult = await client(server.url).post(
        "/api/users",
        signUpBody({ dateOfBirth: bornYearsAgo(18) }),
      )
      expect(adult.status, adult.text).toBe(201)

      const bad = await client(server.url).post(
        "/api/users",
        signUpBody({ password: "short", email: "not-an-email", dateOfBirth: "" }),
      )
      expect(bad.status).toBe(400)
      const fields = bodyOf<{ issues: Array<{ field: string }> }>(bad).issues.map((i) => i.field)
      expect(fields).toEqual(expect.arrayContaining(["password", "email", "dateOfBirth"]))
    })

    it("answers a taken e-mail (in any case) as a new account, and refuses a taken username", async () => {
      const first = signUpBody()
      const created = await client(server.url).post("/api/users", first)
      expect(created.status).toBe(201)
      const again = signUpBody({ email: first.email.toUpperCase() })
      const sameEmail = await client(server.url).post("/api/users", again)
      // The same status and the same fields: nothing says the address has an account.
      expect(sameEmail.status).toBe(201)
      expect(Object.keys(bodyOf<User>(sameEmail)).sort()).toEqual(
        Object.keys(bodyOf<User>(created)).sort(),
      )
      expect(sameEmail.body).toMatchObject({
        email: first.email,
        username: again.username,
        emailVerified: false,
        message: SIGNED_UP_MESSAGE,
      })
      // …but no second account was made: the would-be one's username is still free.
      const reuse = await client(server.url).post(
        "/api/users",
        signUpBody({ username: again.username }),
      )
      expect(reuse.status).toBe(201)
      const sameName = await client(server.url).post(
        "/api/users",
        signUpBody({ username: first.username.toUpperCase() }),
      )
      expect(sameName.status).toBe(409)
      expect(sameName.body).toMatchObject({ code: "USERNAME_TAKEN" })
    })

    it("refuses a missing or mistyped field with 400 BAD_REQUEST naming it", async () => {
      const { firstName: _dropped, ...missing } = signUpBody()
      const response = await client(server.url).post("/api/users", missing)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/firstName/),
      })
      const typed = await client(server.url).post("/api/users", signUpBody({ password: 12345678 }))
      expect(typed.status).toBe(400)
      expect(bodyOf(typed).message).toMatch(/password/)
      const huge = await client(server.url).post(
        "/api/users",
        signUpBody({ username: "x".repeat(10_000) }),
      )
      expect(huge.status).toBe(400)
      expect(bodyOf(huge).message).toMatch(/username/)
      for (const [field, value] of [
        ["firstName", "Ada\u0000"],
        ["lastName", "\u001b[31mred"],
        ["email", "\ud800@example.test"],
      ] as const) {
        const control = await client(server.url).post("/api/users", signUpBody({ [field]: value }))
        expect(control.status, field).toBe(400)
        expect(control.body).toMatchObject({
          code: "BAD_REQUEST",
          message: expect.stringMatching(new RegExp(`^${field}: .*control characters`)),
        })
      }
    })
  })

  describe("POST /api/users/login and the session", () => {
    it("signs in with {user, subscription} and an httpOnly, SameSite=Lax cookie", async () => {
      const member = await addMember(server)
      const browser = client(server.url)
      const response = await browser.post("/api/users/login", {
        email: `  ${member.email.toUpperCase()} `,
        password: PASSWORD,
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({
        user: { id: member.id, _id: member.id, email: member.email, username: member.username },
        subscription: { tier: "free", remaining_submissions: 2 },
      })
      const cookie = response.headers.get("set-cookie") ?? ""
      expect(cookie).toMatch(/^colorday_session=[^;]+;/)
      expect(cookie).toMatch(/httponly/i)
      expect(cookie).toMatch(/samesite=lax/i)
      expect(cookie).toMatch(/path=\//i)

      const session = await browser.get("/api/session")
      expect(session.status).toBe(200)
      expect(session.body).toMatchObject({
        user: { id: member.id, email: member.email },
        subscription: { tier: "free", remaining_submissions: 2 },
      })
    })

    it("answers a wrong password and an unknown e-mail alike: 401 INVALID_CREDENTIALS", async () => {
      const member = await addMember(server)
      const wrong = await client(server.url).post("/api/users/login", {
        email: member.email,
        password: "not the password",
      })
      const unknown = await client(server.url).post("/api/users/login", {
        email: "nobody-here@example.test",
        password: "not the password",
      })
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401)
        expect(response.body).toEqual({
          code: "INVALID_CREDENTIALS",
          message: "Invalid email or password",
        })
        expect(response.headers.get("set-cookie")).toBeNull()
      }
    })

    it("refuses a body without a password with 400 naming it", async () => {
      const response = await client(server.url).post("/api/users/login", {
        email: "a@example.test",
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/password/),
      })
    })

    it("rotates the session at each sign-in: the old cookie stops working", async () => {
      const member = await addMember(server)
      const browser = await signInBrowser(server, member)
      const first = browser.cookie
      const again = await browser.post("/api/users/login", {
        email: member.email,
        password: PASSWORD,
      })
      expect(again.status).toBe(200)
      expect(browser.cookie).not.toBeNull()
      expect(browser.cookie).not.toBe(first)
      expect((await browser.get("/api/session")).status).toBe(200)

      const stale = client(server.url)
      stale.cookie = first
      const replay = await stale.get("/api/session")
      expect(replay.status).toBe(401)
      expect(replay.body).toMatchObject({ code: "AUTHENTICATION_REQUIRED" })
    })

    it("GET /api/session is 401 for a visitor", async () => {
      const response = await client(server.url).get("/api/session")
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ code: "AUTHENTICATION_REQUIRED" })
    })

    it("signs out: 204, the cookie cleared and its session ended", async () => {
      const { browser } = await signedInMember(server)
      const token = browser.cookie
      const response = await browser.post("/api/users/logout")
      expect(response.status).toBe(204)
      expect(response.headers.get("set-cookie")).toMatch(/colorday_session=;/)
      expect(browser.cookie).toBeNull()
      expect((await browser.get("/api/session")).status).toBe(401)
      const replay = client(server.url)
      replay.cookie = token
      expect((await replay.get("/api/session")).status).toBe(401)

      const visitor = await client(server.url).post("/api/users/logout")
      expect(visitor.status).toBe(204)
    })
  })

  describe("e-mail links", () => {
    it("verifies an e-mail with its link once; then sign-in works", async () => {
      const member = await addMember(server, { verified: false })
      const token = await linkToken(server, member, "verify")
      const response = await client(server.url).get(`/api/users/verify-email/${token}`)
      expect(response.status, response.text).toBe(200)
      expect(bodyOf(response).message).toMatch(/verified/i)
      await signInBrowser(server, member)

      const again = await client(server.url).get(`/api/users/verify-email/${token}`)
      expect(again.status).toBe(400)
      expect(again.body).toMatchObject({ code: "INVALID_TOKEN" })
    })

    it("refuses an unknown or a reset token as a verification link", async () => {
      const member = await addMember(server, { verified: false })
      const reset = await linkToken(server, member, "reset")
      for (const token of ["no-such-token", reset]) {
        const response = await client(server.url).get(`/api/users/verify-email/${token}`)
        expect(response.status).toBe(400)
        expect(response.body).toMatchObject({
          code: "INVALID_TOKEN",
          message: "Verification link is invalid or has expired",
        })
      }
    })

    it("resend-verification answers the same whether or not the account exists", async () => {
      const unverified = await addMember(server, { verified: false })
      const verified = await addMember(server)
      const answers = await Promise.all(
        [unverified.email, verified.email, "nobody-at-all@example.test"].map((email) =>
          client(server.url).post("/api/users/resend-verification", { email }),
        ),
      )
      for (const response of answers) {
        expect(response.status).toBe(200)
        expect(response.body).toEqual({ message: RESEND_MESSAGE })
      }
    })

    it("resend-verification refuses a blank or malformed address, and a missing one", async () => {
      const blank = await client(server.url).post("/api/users/resend-verification", { email: " " })
      expect(blank.status).toBe(400)
      expect(blank.body).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: [{ field: "email", message: "Please enter your email address first." }],
      })
      const missing = await client(server.url).post("/api/users/resend-verification", {})
      expect(missing.status).toBe(400)
      expect(missing.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/email/),
      })
    })

    it("rate-limits resend per account with 429 and Retry-After", async () => {
      const email = `${uniqueName("limited")}@example.test`
      const statuses: Array<number> = []
      let last: Awaited<ReturnType<ReturnType<typeof client>["post"]>> | undefined
      for (let i = 0; i < 3; i++) {
        last = await client(server.url).post("/api/users/resend-verification", { email })
        statuses.push(last.status)
      }
      expect(statuses).toEqual([200, 200, 429])
      expect(last?.body).toMatchObject({ code: "RATE_LIMITED" })
      expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0)
    })

    it("forgot-password answers the same whether or not the account exists", async () => {
      const member = await addMember(server)
      const known = await client(server.url).post("/api/users/forgot-password", {
        email: member.email,
        redirectUrl: "https://evil.example/reset-password",
      })
      const unknown = await client(server.url).post("/api/users/forgot-password", {
        email: "nobody-at-all@example.test",
      })
      for (const response of [known, unknown]) {
        expect(response.status).toBe(200)
        expect(response.body).toEqual({ message: FORGOT_MESSAGE })
      }
      const bad = await client(server.url).post("/api/users/forgot-password", { email: "nope" })
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", issues: [{ field: "email" }] })
    })

    it("resets the password with a reset link once, ending every session", async () => {
      const { member, browser } = await signedInMember(server)
      const token = await linkToken(server, member, "reset")
      const short = await client(server.url).post("/api/users/reset-password", {
        token,
        password: "short",
      })
      expect(short.status).toBe(400)
      expect(short.body).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: [{ field: "password", message: "Password must be at least 8 characters long" }],
      })

      const response = await client(server.url).post("/api/users/reset-password", {
        token,
        password: "a brand new password",
      })
      expect(response.status, response.text).toBe(200)
      expect(bodyOf(response).message).toMatch(/password/i)
      expect((await browser.get("/api/session")).status).toBe(401)

      const old = await client(server.url).post("/api/users/login", {
        email: member.email,
        password: PASSWORD,
      })
      expect(old.status).toBe(401)
      await signInBrowser(server, member, "a brand new password")

      const reused = await client(server.url).post("/api/users/reset-password", {
        token,
        password: "yet another password",
      })
      expect(reused.status).toBe(400)
      expect(reused.body).toMatchObject({
        code: "INVALID_TOKEN",
        message: "Reset link is invalid or has expired",
      })
    })

    it("refuses a reset without a token, or with a verification token", async () => {
      const member = await addMember(server)
      const missing = await client(server.url).post("/api/users/reset-password", {
        password: "a brand new password",
      })
      expect(missing.status).toBe(400)
      expect(missing.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/token/),
      })
      const verify = await linkToken(server, member, "verify")
      const wrongKind = await client(server.url).post("/api/users/reset-password", {
        token: verify,
        password: "a brand new password",
      })
      expect(wrongKind.status).toBe(400)
      expect(wrongKind.body).toMatchObject({ code: "INVALID_TOKEN" })
    })
  })

  describe("profiles", () => {
    it("GET /api/users/:id: your own record, else the public profile, 404 when unknown", async () => {
      const { member, browser } = await signedInMember(server)
      const other = await addMember(server)

      const own = await browser.get(`/api/users/${member.id}`)
      expect(own.status).toBe(200)
      expect(own.body).toMatchObject({
        id: member.id,
        email: member.email,
        firstName: "Ada",
        isAdmin: false,
      })

      for (const viewer of [browser, client(server.url)]) {
        const response = await viewer.get(`/api/users/${other.id}`)
        expect(response.status).toBe(200)
        const profile = bodyOf<User>(response)
        expect(profile).toMatchObject({ id: other.id, _id: other.id, username: other.username })
        expect(profile).toHaveProperty("bio")
        expect(profile).toHaveProperty("createdDate")
        for (const secret of ["email", "firstName", "lastName", "isAdmin", "passwordHash"]) {
          expect(profile).not.toHaveProperty(secret)
        }
      }

      const unknown = await browser.get("/api/users/no-such-member")
      expect(unknown.status).toBe(404)
      expect(unknown.body).toMatchObject({ code: "NOT_FOUND" })
      const bad = await browser.get(`/api/users/${encodeURIComponent("a b$c")}`)
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/id/) })
    })

    it("PUT /api/users/:id saves your own profile", async () => {
      const { member, browser } = await signedInMember(server)
      const response = await browser.put(`/api/users/${member.id}`, {
        bio: "  I color mandalas  ",
        location: "Lyon",
        website: "https://example.org/me",
        firstName: "Augusta",
        lastName: null,
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body).toMatchObject({
        id: member.id,
        bio: "I color mandalas",
        location: "Lyon",
        website: "https://example.org/me",
        firstName: "Augusta",
        lastName: "Lovelace",
        message: "Profile updated!",
      })
      const read = await browser.get(`/api/users/${member.id}`)
      expect(read.body).toMatchObject({ bio: "I color mandalas", firstName: "Augusta" })

      const cleared = await browser.put(`/api/users/${member.id}`, { website: null })
      expect(cleared.body).toMatchObject({ website: "" })
    })

    it("PUT /api/users/:id refuses another member's id (admins too), visitors and bad fields", async () => {
      const { browser } = await signedInMember(server)
      const { browser: admin } = await signedInMember(server, { admin: true })
      const other = await addMember(server)
      for (const viewer of [browser, admin]) {
        const response = await viewer.put(`/api/users/${other.id}`, { bio: "hijacked" })
        expect(response.status).toBe(403)
        expect(response.body).toMatchObject({ code: "FORBIDDEN" })
      }
      const visitor = await client(server.url).put(`/api/users/${other.id}`, { bio: "x" })
      expect(visitor.status).toBe(401)
      const read = await client(server.url).get(`/api/users/${other.id}`)
      expect(read.body).toMatchObject({ bio: "" })
    })

    it("PUT /api/users/:id names the wrong field, and keeps e-mails and usernames unique", async () => {
      const { member, browser } = await signedInMember(server)
      const other = await addMember(server)
      const website = await browser.put(`/api/users/${member.id}`, {
        website: "javascript:alert(1)",
      })
      expect(website.status).toBe(400)
      expect(website.body).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: [{ field: "website" }],
      })
      const typed = await browser.put(`/api/users/${member.id}`, { bio: 5 })
      expect(typed.status).toBe(400)
      expect(typed.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/bio/),
      })
      const taken = await browser.put(`/api/users/${member.id}`, { username: other.username })
      expect(taken.status).toBe(409)
      expect(taken.body).toMatchObject({ code: "USERNAME_TAKEN" })
      // A taken e-mail is not revealed: it waits as pending, like any other (see mail-queue.test).
      const email = await browser.put(`/api/users/${member.id}`, { email: other.email })
      expect(email.status).toBe(200)
      expect(email.body).toMatchObject({ email: member.email, pendingEmail: other.email })
    })

    it("PUT /api/users/:id/password changes your password and ends your other sessions", async () => {
      const { member, browser } = await signedInMember(server)
      const elsewhere = await signInBrowser(server, member)
      const wrong = await browser.put(`/api/users/${member.id}/password`, {
        currentPassword: "not my password",
        newPassword: "a new password",
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body).toMatchObject({
        code: "VALIDATION_FAILED",
        issues: [{ field: "currentPassword", message: "Your current password is incorrect" }],
      })
      const short = await browser.put(`/api/users/${member.id}/password`, {
        currentPassword: PASSWORD,
        newPassword: "short",
      })
      expect(short.status).toBe(400)
      expect(short.body).toMatchObject({ issues: [{ field: "newPassword" }] })

      const response = await browser.put(`/api/users/${member.id}/password`, {
        currentPassword: PASSWORD,
        newPassword: "a new password",
      })
      expect(response.status, response.text).toBe(200)
      expect(response.body).toEqual({ message: "Password updated" })
      expect((await browser.get("/api/session")).status).toBe(200)
      expect((await elsewhere.get("/api/session")).status).toBe(401)
      await signInBrowser(server, member, "a new password")
    })

    it("PUT /api/users/:id/password refuses another member's id and visitors", async () => {
      const { browser } = await signedInMember(server)
      const other = await addMember(server)
      const body = { currentPassword: PASSWORD, newPassword: "a new password" }
      const response = await browser.put(`/api/users/${other.id}/password`, body)
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({ code: "FORBIDDEN" })
      expect((await client(server.url).put(`/api/users/${other.id}/password`, body)).status).toBe(
        401,
      )
      await signInBrowser(server, other)
    })
  })

  describe("GET /api/users/user-stats/user", () => {
    it("counts your entries, votes received, wins and contests", async () => {
      const { member, browser } = await signedInMember(server)
      const fresh = await browser.get("/api/users/user-stats/user")
      expect(fresh.status).toBe(200)
      expect(fresh.body).toEqual({
        totalSubmissions: 0,
        totalVotes: 0,
        winCount: 0,
        contestsParticipated: 0,
      })

      const contest = await addContest(server)
      const entry = await addEntry(server, member, contest)
      await addVote(server, await addMember(server), entry)
      const response = await browser.get(`/api/users/user-stats/user?user_id=${member.id}`)
      expect(response.status).toBe(200)
      expect(response.body).toEqual({
        totalSubmissions: 1,
        totalVotes: 1,
        winCount: 0,
        contestsParticipated: 1,
      })
    })

    it("refuses another member's user_id (403) and visitors (401)", async () => {
      const { browser } = await signedInMember(server)
      const other = await addMember(server)
      const response = await browser.get(`/api/users/user-stats/user?user_id=${other.id}`)
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringMatching(/user_id/),
      })
      const visitor = await client(server.url).get(`/api/users/user-stats/user?user_id=${other.id}`)
      expect(visitor.status).toBe(401)
      const bad = await browser.get("/api/users/user-stats/user?user_id=%3Cscript%3E")
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/user_id/),
      })
    })
  })

  describe("GET /api/badges/user/:id", () => {
    it("lists a member's badges in the spec's Badge shape, to anyone", async () => {
      const member = await addMember(server)
      const none = await client(server.url).get(`/api/badges/user/${member.id}`)
      expect(none.status).toBe(200)
      expect(none.body).toEqual([])

      const earnedAt = Date.UTC(2026, 0, 2, 3, 4, 5)
      await run(
        server,
        Effect.gen(function* () {
          const badges = yield* BadgeRepository
          yield* badges.grant({ memberId: member.id, badgeId: "first-win", earnedAt })
          yield* badges.grant({
            memberId: member.id,
            badgeId: "peoples-choice",
            earnedAt: earnedAt + 1000,
          })
        }),
      )
      const response = await client(server.url).get(`/api/badges/user/${member.id}`)
      expect(response.status).toBe(200)
      expect(response.body).toEqual([
        {
          _id: "first-win",
          id: "first-win",
          name: "First Win",
          description: "Your first contest victory",
          earnedAt: new Date(earnedAt).toISOString(),
          type: "win",
          icon: "Trophy",
          iconColor: "text-yellow-500",
        },
        expect.objectContaining({ id: "peoples-choice", name: "People's Choice", icon: "Star" }),
      ])
    })

    it("answers 404 for an unknown member and 400 for a malformed id", async () => {
      const unknown = await client(server.url).get("/api/badges/user/nobody")
      expect(unknown.status).toBe(404)
      expect(unknown.body).toMatchObject({ code: "NOT_FOUND" })
      const bad = await client(server.url).get(`/api/badges/user/${"x".repeat(65)}`)
      expect(bad.status).toBe(400)
    })
  })
})
