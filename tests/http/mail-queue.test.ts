import { createServer, type Server, type Socket } from "node:net"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type OutboxMail, OutboxRepository } from "../../adapters/mail/outbox.ts"
import {
  EMAIL_CHANGE_PENDING_MESSAGE,
  FORGOT_MESSAGE,
  RESEND_MESSAGE,
  SIGNED_UP_MESSAGE,
} from "../../adapters/http/routes/accounts.routes.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addMember,
  bodyOf,
  PASSWORD,
  roomyRateLimits,
  run,
  signedInMember,
  signUpBody,
  signInBrowser,
  uniqueName,
} from "./support/world.ts"

/**
 * Issue 16, findings 1 and 2: every mail is queued in the outbox with its change and delivered by
 * a sender apart from the request, so no answer waits on (or reveals anything through) a relay;
 * sign-up and e-mail changes do not reveal which addresses have accounts; an e-mail change waits
 * for its link; contact messages belong to the member who was signed in when sending them.
 */

/** An SMTP "relay" that accepts connections and never says a word: a request waiting on it hangs. */
const startSilentRelay = () =>
  new Promise<{ port: number; close: () => Promise<void> }>((resolve) => {
    const sockets = new Set<Socket>()
    const server: Server = createServer((socket) => {
      sockets.add(socket)
      socket.on("close", () => sockets.delete(socket))
    })
    server.listen(0, "127.0.0.1", () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          }),
      })
    })
  })

describe.each(httpBackends)("mail through the outbox on %s", (backend) => {
  let relay: Awaited<ReturnType<typeof startSilentRelay>>
  let server: TestServer

  beforeAll(async () => {
    relay = await startSilentRelay()
    server = await startTestServer({
      backend,
      // Every mail goes to a relay that never answers: only a request that does not wait on mail
      // can answer at all (each test has vitest's few seconds; the relay's timeout is 10 s).
      mail: { smtpUrl: `smtp://127.0.0.1:${relay.port}`, pollIntervalMs: 200 },
      rateLimits: roomyRateLimits(),
    })
  })
  afterAll(async () => {
    // The relay first: the sender's last pass as the server closes then fails at once (refused)
    // instead of waiting out the SMTP greeting timeout for each queued mail.
    await relay?.close()
    await server?.close()
  })

  const mailsTo = (to: string) =>
    run(
      server,
      Effect.gen(function* () {
        const latest = yield* (yield* OutboxRepository).latest(500)
        return latest.filter((mail: OutboxMail) => mail.to === to.toLowerCase()).reverse()
      }),
    )

  it("forgot-password and resend answer alike for any address while the relay hangs; the mail waits in the outbox", async () => {
    const member = await addMember(server, { verified: false })
    const nobody = `${uniqueName("nobody")}@example.test`
    for (const [path, message] of [
      ["/api/users/forgot-password", FORGOT_MESSAGE],
      ["/api/users/resend-verification", RESEND_MESSAGE],
    ] as const) {
      const known = await client(server.url).post(path, { email: member.email })
      const unknown = await client(server.url).post(path, { email: nobody })
      expect([known.status, unknown.status]).toEqual([200, 200])
      expect(known.body).toEqual({ message })
      expect(unknown.body).toEqual(known.body)
    }
    const queued = await mailsTo(member.email)
    expect(queued.map((mail) => [mail.kind, mail.sentAt])).toEqual([
      ["reset-password", null],
      ["verify-email", null],
    ])
    expect(await mailsTo(nobody)).toEqual([])
  })

  it("sign-up with a taken address answers as a new account and tells the address's owner", async () => {
    const owner = await addMember(server)
    const fresh = await client(server.url).post("/api/users", signUpBody())
    const attempt = signUpBody({ email: owner.email.toUpperCase(), password: "another passphrase" })
    const taken = await client(server.url).post("/api/users", attempt)
    expect([fresh.status, taken.status]).toEqual([201, 201])
    expect(Object.keys(bodyOf(taken)).sort()).toEqual(Object.keys(bodyOf(fresh)).sort())
    expect(taken.body).toMatchObject({
      email: owner.email,
      emailVerified: false,
      pendingEmail: null,
      message: SIGNED_UP_MESSAGE,
    })
    // No account was made, so the would-be one cannot sign in, verified or not.
    const signIn = await client(server.url).post("/api/users/login", {
      email: owner.email,
      password: attempt.password,
    })
    expect(signIn.status).toBe(401)
    const mails = await mailsTo(owner.email)
    expect(mails.map((mail) => mail.kind)).toEqual(["address-in-use"])
    expect(mails[0]?.text).toMatch(/tried to sign up/)
  })

  it("a new e-mail waits for its link: the old address is kept and told, the new one gets the link", async () => {
    const { member, browser } = await signedInMember(server)
    const next = `${uniqueName("moved")}@example.test`
    const asked = await browser.put(`/api/users/${member.id}`, { email: next })
    expect(asked.status, asked.text).toBe(200)
    expect(asked.body).toMatchObject({
      email: member.email,
      pendingEmail: next,
      emailVerified: true,
      message: EMAIL_CHANGE_PENDING_MESSAGE,
    })
    // Until the link is opened the account is still the old address's.
    expect(
      (await client(server.url).post("/api/users/login", { email: next, password: PASSWORD }))
        .status,
    ).toBe(401)
    await signInBrowser(server, member)
    const [told] = await mailsTo(member.email)
    expect(told).toMatchObject({ kind: "email-change-requested" })
    expect(told?.text).toContain(next)
    const [confirm] = await mailsTo(next)
    expect(confirm?.kind).toBe("confirm-email-change")
    const token = /verify-email\/([^\s"]+)/.exec(confirm?.link ?? "")?.[1] ?? ""

    const opened = await client(server.url).get(`/api/users/verify-email/${token}`)
    expect(opened.status, opened.text).toBe(200)
    const session = await browser.get("/api/session")
    expect(session.body).toMatchObject({ user: { email: next, pendingEmail: null } })
    await signInBrowser(server, { ...member, email: next })
    expect((await client(server.url).get(`/api/users/verify-email/${token}`)).status).toBe(400)
  })

  it("a change to a taken address is answered the same, mails its owner a notice, and cannot complete", async () => {
    const { member, browser } = await signedInMember(server)
    const owner = await addMember(server)
    const asked = await browser.put(`/api/users/${member.id}`, { email: owner.email })
    expect(asked.status).toBe(200)
    expect(asked.body).toMatchObject({ email: member.email, pendingEmail: owner.email })
    const mails = await mailsTo(owner.email)
    expect(mails.map((mail) => mail.kind)).toEqual(["address-in-use"])
    expect(mails[0]?.link ?? "").not.toMatch(/verify-email/)
    // Sending the current address again cancels the pending change.
    const cancelled = await browser.put(`/api/users/${member.id}`, { email: member.email })
    expect(cancelled.body).toMatchObject({ email: member.email, pendingEmail: null })
  })

  it("a member's data holds only the contact messages they sent signed in, never others' at their address", async () => {
    const victim = await signedInMember(server)
    await victim.browser.post("/api/email/contact", {
      name: "Victim",
      email: victim.member.email,
      subject: "Private matter",
      message: "Something only I should read.",
    })
    // A visitor typing the attacker's own address is not the attacker either.
    const attacker = await signedInMember(server)
    await client(server.url).post("/api/email/contact", {
      name: "Someone",
      email: attacker.member.email,
      subject: "Not theirs",
      message: "Typed by a visitor.",
    })
    // The attacker points their account at the victim's address (it stays pending).
    await attacker.browser.put(`/api/users/${attacker.member.id}`, { email: victim.member.email })
    const exported = await attacker.browser.get(`/api/users/${attacker.member.id}/export`)
    expect(exported.status).toBe(200)
    expect(bodyOf<{ contactMessages: ReadonlyArray<unknown> }>(exported).contactMessages).toEqual(
      [],
    )
    const own = await victim.browser.get(`/api/users/${victim.member.id}/export`)
    expect(
      bodyOf<{ contactMessages: ReadonlyArray<{ subject: string }> }>(own).contactMessages.map(
        (message) => message.subject,
      ),
    ).toEqual(["Private matter"])
  })

  it("a deleted member's messages are not handed to whoever takes the address later", async () => {
    const leaving = await signedInMember(server)
    await leaving.browser.post("/api/email/contact", {
      name: "Leaving",
      email: leaving.member.email,
      subject: "Before I go",
      message: "My last question.",
    })
    const deleted = await leaving.browser.request("DELETE", `/api/users/${leaving.member.id}`, {
      password: PASSWORD,
    })
    expect(deleted.status, deleted.text).toBe(204)
    const heir = await addMember(server, { email: leaving.member.email })
    const browser = await signInBrowser(server, heir)
    const exported = await browser.get(`/api/users/${heir.id}/export`)
    expect(bodyOf<{ contactMessages: ReadonlyArray<unknown> }>(exported).contactMessages).toEqual(
      [],
    )
  })
})
