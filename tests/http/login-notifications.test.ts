import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { addMember, PASSWORD, roomyRateLimits, run } from "./support/world.ts"

/**
 * Login notifications (issue 24) over HTTP on SQLite and MariaDB: sign-in gives the browser a
 * year-long httpOnly device cookie; a sign-in from a browser new to an account that has signed in
 * before queues one "new sign-in" mail (after commit, through the outbox), a known browser none,
 * and none with the switch off. The mail's link signs out every session and starts a reset.
 */

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"

interface SignedIn {
  readonly session: string
  readonly device: string
  readonly setCookie: ReadonlyArray<string>
}

describe.each(httpBackends)("login notifications on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  const cookie = (setCookie: ReadonlyArray<string>, name: string) =>
    setCookie.find((line) => line.startsWith(`${name}=`))?.split(";")[0] ?? ""

  /** Signs in from a browser holding `device` (a device cookie pair) or none. */
  const signIn = async (member: Member, device: string | null): Promise<SignedIn> => {
    const response = await fetch(`${server.url}/api/users/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": FIREFOX,
        ...(device ? { Cookie: device } : {}),
      },
      body: JSON.stringify({ email: member.email, password: PASSWORD }),
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const setCookie = response.headers.getSetCookie()
    return {
      session: cookie(setCookie, "colorday_session"),
      device: cookie(setCookie, "colorday_device"),
      setCookie,
    }
  }

  const newSignInMails = (member: Member) =>
    run(
      server,
      Effect.gen(function* () {
        return (yield* (yield* OutboxRepository).latest(500)).filter(
          (mail) => mail.to === member.email && mail.kind === "new-sign-in",
        )
      }),
    )

  it("a new browser mails once, a known one never, and the mail's link signs out everywhere", async () => {
    const member = await addMember(server)
    const first = await signIn(member, null)
    expect(first.device).toMatch(/^colorday_device=[A-Za-z0-9_-]{43,}$/)
    const deviceLine = first.setCookie.find((line) => line.startsWith("colorday_device=")) ?? ""
    expect(deviceLine).toMatch(/httponly/i)
    expect(deviceLine).toMatch(/expires=/i)
    // The account's first browser, and then the same browser again: no mail.
    const again = await signIn(member, first.device)
    expect(again.device).toBe(first.device)
    expect(await newSignInMails(member)).toHaveLength(0)

    // Another browser: one mail, with the time, the browser and the two links.
    const other = await signIn(member, null)
    expect(other.device).not.toBe(first.device)
    const mails = await newSignInMails(member)
    expect(mails).toHaveLength(1)
    const mail = mails[0]
    expect(mail?.subject).toBe("New sign-in to your Colorday account")
    expect(mail?.text).toContain("Browser: Firefox on Windows")
    expect(mail?.text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/)
    expect(mail?.unsubscribeUrl).toMatch(/\/api\/unsubscribe\//)
    expect(mail?.link).toMatch(/\/api\/users\/secure-account\//)

    // That browser again, and the first one: still one mail.
    await signIn(member, other.device)
    await signIn(member, first.device)
    expect(await newSignInMails(member)).toHaveLength(1)

    // "It was not me": every session ends, and the reset page's link comes back.
    const path = new URL(mail?.link ?? "").pathname
    const page = await fetch(`${server.url}${path}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Sign out everywhere")
    const secured = await fetch(`${server.url}${path}`, { method: "POST" })
    expect(secured.status, await secured.clone().text()).toBe(200)
    const { resetUrl } = (await secured.json()) as { resetUrl: string }
    expect(resetUrl).toMatch(/\/reset-password\//)
    for (const session of [first.session, other.session]) {
      const response = await fetch(`${server.url}/api/session`, { headers: { Cookie: session } })
      expect(response.status).toBe(401)
    }
    const reset = await fetch(`${server.url}/api/users/reset-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        token: decodeURIComponent(resetUrl.split("/reset-password/")[1] ?? ""),
        password: `${PASSWORD}-new`,
      }),
    })
    expect(reset.status, await reset.clone().text()).toBe(200)
    // The link is used up.
    expect((await fetch(`${server.url}${path}`, { method: "POST" })).status).toBe(400)
  })

  it("with login notifications off, a new browser mails nothing", async () => {
    const member = await addMember(server)
    const first = await signIn(member, null)
    const saved = await fetch(`${server.url}/api/users/${member.id}/settings`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Cookie: first.session },
      body: JSON.stringify({ ...DEFAULT_SETTINGS, loginNotifications: false }),
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    await signIn(member, null)
    await signIn(member, null)
    expect(await newSignInMails(member)).toHaveLength(0)
  })
})
