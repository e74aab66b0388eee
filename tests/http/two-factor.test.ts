import { setTimeout as sleep } from "node:timers/promises"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { totpAuthenticator } from "../../adapters/crypto/totp-authenticator.ts"
import { PASSWORD, seedMember } from "./support/actors.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"

/**
 * Issue 24, two-factor sign-in over HTTP on each backend: enrolment with a first code, sign-in
 * with the password then a code, a recovery code used once, wrong codes limited like the
 * password, turning it off, and REQUIRE_ADMIN_2FA.
 */

const STEP_MS = 30_000

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const code = (secret: string, steps = 0) =>
  Effect.runPromise(totpAuthenticator.codeAt(secret, Date.now() + steps * STEP_MS))

/**
 * Waits, if need be, for a fresh 30-second step, so the codes a test computes from "now" stay in
 * the server's window (one step either side) for the next 20 seconds.
 */
const atFreshStep = async () => {
  const into = Date.now() % STEP_MS
  if (into > 10_000) await sleep(STEP_MS - into + 200)
}

type Browser = ReturnType<typeof client>

describe.each(httpBackends)("two-factor sign-in on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      config: { requireAdminTwoFactor: true },
      rateLimits: {
        "two-factor": {
          perAddress: 1000,
          perAccount: 4,
          windowSeconds: 600,
          accountBackoff: { freeAttempts: 4, firstDelaySeconds: 60, maxDelaySeconds: 60 },
        },
      },
    })
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  const signedInBrowser = async (email: string) => {
    const browser = client(server.url)
    const response = await browser.post("/api/users/login", { email, password: PASSWORD })
    expect(response.status).toBe(200)
    return browser
  }

  /** A member with two-factor on, confirmed with the code of the step before now. */
  const enrolled = async (options: { admin?: boolean } = {}) => {
    const member = await seedMember(server, "twofactor", options)
    const browser = await signedInBrowser(member.email)
    await atFreshStep()
    const started = await browser.post(`/api/users/${member.id}/two-factor`)
    expect(started.status).toBe(200)
    const secret = started.body.secret as string
    const confirmed = await browser.post(`/api/users/${member.id}/two-factor/confirm`, {
      code: await code(secret, -1),
    })
    expect(confirmed.status).toBe(200)
    return { member, browser, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] }
  }

  /** Sign-in's first step: the challenge, in a new browser that holds no session yet. */
  const challenged = async (email: string) => {
    const browser = client(server.url)
    const response = await browser.post("/api/users/login", { email, password: PASSWORD })
    expect(response.status).toBe(200)
    expect(response.body.twoFactorRequired).toBe(true)
    expect(browser.cookie).toBeNull()
    return { browser, challenge: response.body.challenge as string }
  }

  const secondStep = (browser: Browser, email: string, challenge: string, given: string) =>
    browser.post("/api/users/login/two-factor", { email, challenge, code: given })

  it("enrols with a QR code and a first code, then gives ten recovery codes once", async () => {
    const member = await seedMember(server, "enrol")
    const browser = await signedInBrowser(member.email)
    const started = await browser.post(`/api/users/${member.id}/two-factor`)
    expect(started.status).toBe(200)
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(started.body.otpauthUrl).toContain(`secret=${started.body.secret}`)
    expect(started.body.qrCodeSvg).toMatch(/^<svg[^>]*>/)
    expect((await browser.get(`/api/users/${member.id}/two-factor`)).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    })
    const wrong = await browser.post(`/api/users/${member.id}/two-factor/confirm`, {
      code: "000000",
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.issues).toEqual([expect.objectContaining({ field: "code" })])
    const confirmed = await browser.post(`/api/users/${member.id}/two-factor/confirm`, {
      code: await code(started.body.secret),
    })
    expect(confirmed.status).toBe(200)
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10)
    expect((await browser.get(`/api/users/${member.id}/two-factor`)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    })
    const again = await browser.post(`/api/users/${member.id}/two-factor`)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("TWO_FACTOR_ALREADY_ON")
    // Another member's two-factor is not theirs to read.
    const other = await seedMember(server, "other")
    expect((await browser.get(`/api/users/${other.id}/two-factor`)).status).toBe(403)
  })

  it("signs in with the password, then a code; a used code is refused", async () => {
    const { member, secret } = await enrolled()
    const first = await challenged(member.email)
    expect((await first.browser.get("/api/session")).status).toBe(401)
    const current = await code(secret)
    const signedIn = await secondStep(first.browser, member.email, first.challenge, current)
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user.id).toBe(member.id)
    expect((await first.browser.get("/api/session")).status).toBe(200)
    // The same code again, in another sign-in: refused.
    const second = await challenged(member.email)
    const reused = await secondStep(second.browser, member.email, second.challenge, current)
    expect(reused.status).toBe(400)
    // A challenge is bound to the e-mail it was given for.
    const other = await secondStep(second.browser, "someone@colorday.test", second.challenge, "1")
    expect(other.status).toBe(401)
    expect(other.body.code).toBe("TWO_FACTOR_CHALLENGE_EXPIRED")
  })

  it("lets one code open one session when it is sent in parallel sign-ins", async () => {
    const { member, secret } = await enrolled()
    const current = await code(secret)
    const sign = await Promise.all(Array.from({ length: 4 }, () => challenged(member.email)))
    const byCode = await Promise.all(
      sign.map(({ browser, challenge }) => secondStep(browser, member.email, challenge, current)),
    )
    expect(byCode.map((response) => response.status).sort()).toEqual([200, 400, 400, 400])
    // Another member, so the code attempts above do not count against these.
    const second = await enrolled()
    const recovery = second.recoveryCodes[1] ?? ""
    const email = second.member.email
    const again = await Promise.all(Array.from({ length: 3 }, () => challenged(email)))
    const byRecovery = await Promise.all(
      again.map(({ browser, challenge }) => secondStep(browser, email, challenge, recovery)),
    )
    expect(byRecovery.map((response) => response.status).sort()).toEqual([200, 400, 400])
  })

  it("takes a recovery code once", async () => {
    const { member, recoveryCodes } = await enrolled()
    const recovery = recoveryCodes[0] ?? ""
    const first = await challenged(member.email)
    const used = await secondStep(first.browser, member.email, first.challenge, recovery)
    expect(used.status).toBe(200)
    expect((await first.browser.get(`/api/users/${member.id}/two-factor`)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    })
    const second = await challenged(member.email)
    const again = await secondStep(second.browser, member.email, second.challenge, recovery)
    expect(again.status).toBe(400)
    expect((await second.browser.get("/api/session")).status).toBe(401)
  })

  it("limits wrong codes like the password: then even the right one waits", async () => {
    const { member, secret } = await enrolled()
    const { browser, challenge } = await challenged(member.email)
    const statuses: Array<number> = []
    for (let n = 0; n < 5; n++) {
      statuses.push((await secondStep(browser, member.email, challenge, "000000")).status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429])
    const right = await secondStep(browser, member.email, challenge, await code(secret))
    expect(right.status).toBe(429)
    expect(right.headers.get("retry-after")).toMatch(/^\d+$/)
  })

  it("turns off with the password and a code; sign-in then needs only the password", async () => {
    const { member, browser, secret } = await enrolled()
    const path = `/api/users/${member.id}/two-factor`
    const wrongPassword = await browser.request("DELETE", path, {
      password: "not it",
      code: await code(secret),
    })
    expect(wrongPassword.status).toBe(400)
    expect(wrongPassword.body.issues).toEqual([expect.objectContaining({ field: "password" })])
    const off = await browser.request("DELETE", path, {
      password: PASSWORD,
      code: await code(secret),
    })
    expect(off.status).toBe(204)
    const plain = await client(server.url).post("/api/users/login", {
      email: member.email,
      password: PASSWORD,
    })
    expect(plain.status).toBe(200)
    expect(plain.body.user.id).toBe(member.id)
  })

  it("with REQUIRE_ADMIN_2FA, keeps an admin out of the admin API until they enrol", async () => {
    const admin = await seedMember(server, "admin", { admin: true })
    const browser = await signedInBrowser(admin.email)
    const refused = await browser.get("/api/admin/members")
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe("TWO_FACTOR_REQUIRED_FOR_ADMINS")
    const started = await browser.post(`/api/users/${admin.id}/two-factor`)
    const confirmed = await browser.post(`/api/users/${admin.id}/two-factor/confirm`, {
      code: await code(started.body.secret),
    })
    expect(confirmed.status).toBe(200)
    expect((await browser.get("/api/admin/members")).status).toBe(200)
  })
})
