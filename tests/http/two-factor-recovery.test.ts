import { setTimeout as sleep } from "node:timers/promises"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { totpAuthenticator } from "../../adapters/crypto/totp-authenticator.ts"
import { PASSWORD, seedMember } from "./support/actors.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"

/**
 * Issue 24, two-factor leftovers over HTTP on each backend: new recovery codes (given a code; the
 * old ones stop working) and an admin's reset of a member's two-factor sign-in (audited).
 */

const STEP_MS = 30_000

const code = (secret: string, steps = 0) =>
  Effect.runPromise(totpAuthenticator.codeAt(secret, Date.now() + steps * STEP_MS))

/** Waits, if need be, for a fresh 30-second step, so codes computed now stay valid a while. */
const atFreshStep = async () => {
  const into = Date.now() % STEP_MS
  if (into > 10_000) await sleep(STEP_MS - into + 200)
}

describe.each(httpBackends)("two-factor recovery on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend })
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  const signedIn = async (email: string) => {
    const browser = client(server.url)
    const response = await browser.post("/api/users/login", { email, password: PASSWORD })
    expect(response.status).toBe(200)
    return browser
  }

  const enrolled = async () => {
    const member = await seedMember(server, "recovery")
    const browser = await signedIn(member.email)
    await atFreshStep()
    const started = await browser.post(`/api/users/${member.id}/two-factor`)
    const secret = started.body.secret as string
    const confirmed = await browser.post(`/api/users/${member.id}/two-factor/confirm`, {
      code: await code(secret, -1),
    })
    expect(confirmed.status).toBe(200)
    return { member, browser, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] }
  }

  /** Sign-in with the password then `given`: the status of the second step. */
  const signInWith = async (email: string, given: string) => {
    const browser = client(server.url)
    const first = await browser.post("/api/users/login", { email, password: PASSWORD })
    expect(first.body.twoFactorRequired).toBe(true)
    const challenge = first.body.challenge as string
    return (await browser.post("/api/users/login/two-factor", { email, challenge, code: given }))
      .status
  }

  it("gives ten new recovery codes for a code; the old ones stop working", async () => {
    const { member, browser, secret, recoveryCodes } = await enrolled()
    const path = `/api/users/${member.id}/two-factor/recovery-codes`
    const wrong = await browser.post(path, { code: "000000" })
    expect(wrong.status).toBe(400)
    expect(wrong.body.issues).toEqual([expect.objectContaining({ field: "code" })])

    const fresh = await browser.post(path, { code: await code(secret) })
    expect(fresh.status).toBe(200)
    expect(fresh.headers.get("cache-control")).toBe("no-store")
    const codes = fresh.body.recoveryCodes as string[]
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    expect(codes.some((one) => recoveryCodes.includes(one))).toBe(false)

    expect(await signInWith(member.email, recoveryCodes[1] ?? "")).toBe(400)
    expect(await signInWith(member.email, codes[0] ?? "")).toBe(200)
    expect(await signInWith(member.email, codes[0] ?? "")).toBe(400)
    expect((await browser.get(`/api/users/${member.id}/two-factor`)).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    })
  })

  it("refuses new recovery codes while two-factor is off, and for another member", async () => {
    const plain = await seedMember(server, "plain")
    const browser = await signedIn(plain.email)
    const off = await browser.post(`/api/users/${plain.id}/two-factor/recovery-codes`, {
      code: "123456",
    })
    expect(off.status).toBe(409)
    expect(off.body.code).toBe("TWO_FACTOR_NOT_ON")
    const { member } = await enrolled()
    const other = await browser.post(`/api/users/${member.id}/two-factor/recovery-codes`, {
      code: "123456",
    })
    expect(other.status).toBe(403)
  })

  it("lets an admin turn a member's two-factor off, audited; the member then signs in with the password", async () => {
    const { member } = await enrolled()
    const admin = await seedMember(server, "admin2fa", { admin: true })
    const adminBrowser = await signedIn(admin.email)
    const path = `/api/admin/members/${member.id}/two-factor`
    expect((await adminBrowser.get(path)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 })

    // Not an admin: refused.
    const someone = await signedIn((await seedMember(server, "someone")).email)
    expect((await someone.request("DELETE", path)).status).toBe(403)

    expect((await adminBrowser.request("DELETE", path)).status).toBe(204)
    expect((await adminBrowser.get(path)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 })
    const again = await adminBrowser.request("DELETE", path)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe("TWO_FACTOR_NOT_ON")
    expect(
      (await adminBrowser.request("DELETE", "/api/admin/members/nobody/two-factor")).status,
    ).toBe(404)

    const audit = await adminBrowser.get("/api/admin/audit?action=member.two-factor-reset")
    expect(audit.status).toBe(200)
    const rows = (audit.body.items as Array<Record<string, unknown>>).filter(
      (row) => row.targetId === member.id,
    )
    expect(rows).toEqual([
      expect.objectContaining({
        action: "member.two-factor-reset",
        actor: { id: admin.id, username: admin.username },
        after: { twoFactor: false },
      }),
    ])

    const plain = await client(server.url).post("/api/users/login", {
      email: member.email,
      password: PASSWORD,
    })
    expect(plain.status).toBe(200)
    expect(plain.body.user.id).toBe(member.id)
  })
})
