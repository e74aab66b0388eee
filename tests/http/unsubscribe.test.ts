import { setTimeout as sleep } from "node:timers/promises"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  decodedMail,
  mailHeader,
  type SmtpCatcher,
  startSmtpCatcher,
} from "../../adapters/mail/testing/smtp-catcher.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addEntry,
  addMember,
  type Browser,
  bodyOf,
  roomyRateLimits,
  run,
  signedInMember,
  signInBrowser,
} from "./support/world.ts"

/**
 * One-click unsubscribe (issue 24, RFC 8058) over HTTP on SQLite and MariaDB, the mail going
 * through a real SMTP server: a judge's feedback mail to an entrant who keeps "comments and
 * feedback" on carries List-Unsubscribe and List-Unsubscribe-Post; a mail client's one-click POST
 * to that address (no session) turns the switch off, and the next feedback mails nothing.
 */

const PUBLIC_URL = "https://colorday.example"
const FEEDBACK = "Confident outlines and a lovely warm palette; try a softer blend in the sky."

describe.each(httpBackends)("one-click unsubscribe on %s", (backend) => {
  let smtp: SmtpCatcher
  let server: TestServer
  let admin: Browser
  let contest: Contest

  beforeAll(async () => {
    smtp = await startSmtpCatcher()
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits(),
      mail: {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        publicUrl: PUBLIC_URL,
        from: "Colorday <hello@colorday.test>",
      },
    })
    ;({ browser: admin } = await signedInMember(server, { admin: true }))
    contest = await addContest(server, "open")
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  const champEntry = async (member: Member) => {
    await run(
      server,
      Effect.gen(function* () {
        yield* (yield* SubscriptionRepository).save(
          startSubscription(member.id, Date.now(), "champ"),
        )
      }),
    )
    return addEntry(server, member, contest)
  }

  const mailsTo = (to: string) => smtp.received.filter((message) => message.to.includes(to))

  const firstMailTo = async (to: string) => {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const found = mailsTo(to)[0]
      if (found) return found
      await sleep(50)
    }
    throw new Error(`no mail to ${to} arrived`)
  }

  /** The path of the server's own URL for a link in a mail (the mail names PUBLIC_URL). */
  const local = (link: string) => link.replace(PUBLIC_URL, "")

  it("the feedback mail carries the RFC 8058 headers, and their one-click POST turns the switch off", async () => {
    const judge = await addMember(server)
    const made = await admin.post(`/api/admin/members/${judge.id}/judge`, { isJudge: true })
    expect(made.status, made.text).toBe(200)
    const judgeBrowser = await signInBrowser(server, judge)

    const { member: entrant, browser: entrantBrowser } = await signedInMember(server)
    const on = {
      ...DEFAULT_SETTINGS,
      email: { ...DEFAULT_SETTINGS.email, commentsAndFeedback: true },
    }
    const saved = await entrantBrowser.put(`/api/users/${entrant.id}/settings`, on)
    expect(saved.status, saved.text).toBe(200)
    const first = await champEntry(entrant)
    const second = await champEntry(entrant)

    const written = await judgeBrowser.put(`/api/entries/${first.id}/feedback`, { text: FEEDBACK })
    expect(written.status, written.text).toBe(200)
    const mail = await firstMailTo(entrant.email)
    // A long header is folded onto the next line (RFC 5322): unfold before reading it.
    const raw = mail.raw.replace(/\r?\n[ \t]+/g, " ")
    const listUnsubscribe = mailHeader(raw, "List-Unsubscribe") ?? ""
    const address = /^<(https:\/\/colorday\.example\/api\/unsubscribe\/[^>]+)>$/.exec(
      listUnsubscribe.trim(),
    )?.[1]
    expect(address, listUnsubscribe).toBeDefined()
    expect(mailHeader(raw, "List-Unsubscribe-Post")?.trim()).toBe("List-Unsubscribe=One-Click")
    // The same link is in the mail's text, for a person.
    expect(decodedMail(mail.raw)).toContain(`Turn it off with one click: ${address}`)

    // Opening it (a person, or a mail scanner) shows the page and changes nothing.
    const page = await fetch(`${server.url}${local(address ?? "")}`)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toContain("text/html")
    expect(await page.text()).toContain("Turn off Comments and feedback")
    const before = await entrantBrowser.get(`/api/users/${entrant.id}/settings`)
    expect(bodyOf(before)).toEqual(on)

    // The mail client's one-click POST: a form body, no session, no Origin.
    const oneClick = await fetch(`${server.url}${local(address ?? "")}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(oneClick.status, await oneClick.clone().text()).toBe(200)
    expect(await oneClick.json()).toMatchObject({
      switch: "commentsAndFeedback",
      label: "Comments and feedback",
    })
    const after = await entrantBrowser.get(`/api/users/${entrant.id}/settings`)
    expect(bodyOf(after)).toEqual({
      ...on,
      email: { ...on.email, commentsAndFeedback: false },
    })

    // The switch is off: the next feedback is stored but mails nothing.
    const again = await judgeBrowser.put(`/api/entries/${second.id}/feedback`, { text: FEEDBACK })
    expect(again.status, again.text).toBe(200)
    expect(bodyOf(again)).toMatchObject({ created: true })
    await sleep(1_500)
    expect(mailsTo(entrant.email)).toHaveLength(1)
  })

  it("a browser's form post gets a page; an unknown link is refused naming the link", async () => {
    const refused = await fetch(`${server.url}/api/unsubscribe/not-a-token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      code: "INVALID_TOKEN",
      message: "Unsubscribe link is invalid or has expired",
    })
    const page = await fetch(`${server.url}/api/unsubscribe/not-a-token`, {
      method: "POST",
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(page.status).toBe(400)
    expect(await page.text()).toContain("This unsubscribe link does not work")
    expect((await fetch(`${server.url}/api/unsubscribe/not-a-token`)).status).toBe(400)
  })
})
