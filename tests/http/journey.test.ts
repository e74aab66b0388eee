import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  decodedMail as decoded,
  mailHeader as header,
  type SmtpCatcher,
  startSmtpCatcher,
} from "../../adapters/mail/testing/smtp-catcher.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import {
  PASSWORD,
  seedActor,
  seedContestInProgress,
  seedEntry,
  uniqueName,
} from "./support/actors.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"

/**
 * A member's first day, over HTTP, with the mail going through a real SMTP server started here:
 * sign up → the verification mail arrives → open its link → sign in → vote for another member's
 * entry → a second vote is refused (403 VOTE_PERMANENT) → sign out → the session is gone.
 */

const PUBLIC_URL = "https://colorday.example"

describe.each(httpBackends)("a member's journey on %s", (backend) => {
  let smtp: SmtpCatcher
  let server: TestServer
  let entry: Entry

  /** The first message to `to`, waiting for it to arrive (the mail is sent after the commit). */
  const mailTo = async (to: string) => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = smtp.received.find((message) => message.to.includes(to))
      if (found) return found
      await sleep(50)
    }
    throw new Error(
      `no mail to ${to} arrived; received: ${smtp.received.map((m) => m.to).join(", ")}`,
    )
  }

  beforeAll(async () => {
    smtp = await startSmtpCatcher()
    server = await startTestServer({
      backend,
      mail: {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        publicUrl: PUBLIC_URL,
        from: "Colorday <hello@colorday.test>",
      },
    })
    const artist = await seedActor(server, "artist")
    const contest = await seedContestInProgress(server)
    entry = await seedEntry(server, artist.member, contest)
  })

  afterAll(async () => {
    await server?.close()
    await smtp.close()
  })

  it("signs up, verifies by mail, signs in, votes once, and signs out", async () => {
    const browser = client(server.url)
    const name = uniqueName("journey")
    const email = `${name}@colorday.test`

    // Sign up: the account exists, unverified; sign-up does not sign in.
    const signUp = await browser.post("/api/users", {
      email,
      password: PASSWORD,
      firstName: "Jo",
      lastName: "Journey",
      username: name,
      dateOfBirth: "1988-07-14",
    })
    expect(signUp.status, signUp.text).toBe(201)
    expect(signUp.body).toMatchObject({ email, emailVerified: false })
    expect((await browser.get("/api/session")).status).toBe(401)

    // Before the link is opened, sign-in is refused with the spec's flag.
    const early = await browser.post("/api/users/login", { email, password: PASSWORD })
    expect(early.status).toBe(403)
    expect(early.body).toMatchObject({ code: "EMAIL_NOT_VERIFIED", emailNotVerified: true })

    // The verification mail went through the SMTP server, with a link to our site.
    const mail = await mailTo(email)
    expect(mail.from).toBe("hello@colorday.test")
    expect(header(mail.raw, "Subject")).toMatch(/verify/i)
    const text = decoded(mail.raw)
    const link = new RegExp(`${PUBLIC_URL}/verify-email/([A-Za-z0-9_%.~-]+)`).exec(text)
    expect(link, text).not.toBeNull()
    const token = decodeURIComponent(link?.[1] ?? "")

    // Opening the link verifies the e-mail; the link works once.
    const verified = await browser.get(`/api/users/verify-email/${encodeURIComponent(token)}`)
    expect(verified.status, verified.text).toBe(200)
    const again = await browser.get(`/api/users/verify-email/${encodeURIComponent(token)}`)
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ code: "INVALID_TOKEN" })

    // Sign in: a session cookie, and the session says who we are.
    const signIn = await browser.post("/api/users/login", { email, password: PASSWORD })
    expect(signIn.status, signIn.text).toBe(200)
    expect(browser.cookie).not.toBeNull()
    const session = await browser.get("/api/session")
    expect(session.status).toBe(200)
    expect(session.body).toMatchObject({ user: { email, emailVerified: true } })

    // Vote for another member's entry: counted, permanent.
    const vote = await browser.post(`/api/submissions/${entry.id}/vote`, {})
    expect(vote.status, vote.text).toBe(200)
    expect(vote.body).toMatchObject({ voteCount: 1, hasVoted: true, contest_id: entry.contestId })
    const hasVoted = await browser.get(`/api/submissions/${entry.id}/vote`)
    expect(hasVoted.body).toEqual({ hasVoted: true })

    const second = await browser.post(`/api/submissions/${entry.id}/vote`, {})
    expect(second.status).toBe(403)
    expect(second.body).toMatchObject({ code: "VOTE_PERMANENT" })

    // Sign out: the cookie is cleared and the session is over on the server too.
    const stale = browser.cookie
    const signOut = await browser.post("/api/users/logout", {})
    expect(signOut.status).toBe(204)
    expect(browser.cookie).toBeNull()
    expect((await browser.get("/api/session")).status).toBe(401)
    // A copy of the old cookie (a stolen one, say) signs nobody in.
    browser.cookie = stale
    expect((await browser.get("/api/session")).status).toBe(401)

    // Exactly one mail was sent to the new member.
    expect(smtp.received.filter((message) => message.to.includes(email))).toHaveLength(1)
  })
})
