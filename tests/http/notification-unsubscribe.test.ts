import { setTimeout as sleep } from "node:timers/promises"
import { Clock, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MailDelivery } from "../../adapters/mail/mail-delivery.ts"
import {
  decodedMail,
  mailHeader,
  type ReceivedMail,
  type SmtpCatcher,
  startSmtpCatcher,
} from "../../adapters/mail/testing/smtp-catcher.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import type { MemberSettings } from "../../domain/accounts/member-settings.ts"
import { createContest } from "../../domain/contests/create-contest.use-case.ts"
import { announceContest, closeContestAs } from "../../domain/contests/manage-contest.use-case.ts"
import { sendContestAnnouncements } from "../../domain/notifications/mails/contest-announcement.use-case.ts"
import { sendWeeklySummaries } from "../../domain/notifications/mails/weekly-summary.use-case.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  addVote,
  type Browser,
  bodyOf,
  insertEntry,
  PASSWORD,
  roomyRateLimits,
  run,
  signedInMember,
  uniqueName,
} from "./support/world.ts"

/**
 * Issue 24's mails through a real SMTP server, on SQLite and MariaDB: the contest announcement,
 * the weekly summary, the new-sign-in mail and the results mail each carry RFC 8058's
 * List-Unsubscribe (the mail's own one-click address) and List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click, and a mail client's POST to that address, with no session, turns
 * that mail's switch off in the member's Settings. (The feedback mail's: unsubscribe.test.ts.)
 * The new-sign-in mail also says where the address is: the server trusts one proxy here, so the
 * X-Forwarded-For address is the client's.
 */

const PUBLIC_URL = "https://colorday.example"
const HOUR = 3_600_000
const DAY = 24 * HOUR
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"

/** Runs `effect` with the domain's clock stopped at `at` (sleeps still take real time). */
const atTime = <A, E, R>(at: number, effect: Effect.Effect<A, E, R>) =>
  Clock.clockWith((real) =>
    effect.pipe(
      Effect.provideService(Clock.Clock, {
        currentTimeMillisUnsafe: () => at,
        currentTimeMillis: Effect.succeed(at),
        currentTimeNanosUnsafe: () => BigInt(at) * 1_000_000n,
        currentTimeNanos: Effect.succeed(BigInt(at) * 1_000_000n),
        monotonicTimeNanosUnsafe: () => real.monotonicTimeNanosUnsafe(),
        monotonicTimeNanos: real.monotonicTimeNanos,
        sleep: (duration) => real.sleep(duration),
      }),
    ),
  )

/**
 * Runs `effect` (which queues mails) at `at`, then delivers the mails due then: queued at a time
 * to come, they are not due yet for the server's own sender.
 */
const queuedAndDeliveredAt = <A, E, R>(at: number, effect: Effect.Effect<A, E, R>) =>
  atTime(
    at,
    Effect.gen(function* () {
      const result = yield* effect
      yield* (yield* MailDelivery).deliverDue
      return result
    }),
  )

/** RFC 2047's Q encoding: "_" is a space, "=XX" a byte. */
const qDecoded = (text: string) => {
  const bytes: Array<number> = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "_") bytes.push(32)
    else if (text[i] === "=") {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(text.charCodeAt(i))
  }
  return Buffer.from(bytes).toString("utf8")
}

/** A mail's Subject, unfolded, its encoded words ("=?UTF-8?Q?…?=") decoded. */
const subjectOf = (mail: ReceivedMail) =>
  (mailHeader(mail.raw.replace(/\r?\n[ \t]+/g, " "), "Subject") ?? "")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : qDecoded(text),
    )

/** The first Sunday 10:00 UTC after `now`: the weekly summary's hour for a member in UTC. */
const nextSundayMorning = (now: number) => {
  const day = new Date(now)
  day.setUTCHours(10, 0, 0, 0)
  let at = day.getTime() + ((7 - day.getUTCDay()) % 7) * DAY
  if (at <= now) at += 7 * DAY
  return at
}

describe.each(httpBackends)("notification mails' one-click unsubscribe on %s", (backend) => {
  let smtp: SmtpCatcher
  let server: TestServer

  beforeAll(async () => {
    smtp = await startSmtpCatcher()
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits(),
      config: { trustProxy: 1 },
      mail: {
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        publicUrl: PUBLIC_URL,
        from: "Colorday <hello@colorday.test>",
      },
    })
  })
  afterAll(async () => {
    await server?.close()
    await smtp?.close()
  })

  const mailsTo = (to: string, subject: RegExp) =>
    smtp.received.filter((message) => message.to.includes(to) && subject.test(subjectOf(message)))

  const mailTo = async (to: string, subject: RegExp): Promise<ReceivedMail> => {
    for (let waited = 0; waited < 15_000; waited += 50) {
      const found = mailsTo(to, subject)[0]
      if (found) return found
      await sleep(50)
    }
    throw new Error(
      `no mail to ${to} matching ${String(subject)}; its subjects: ${JSON.stringify(
        smtp.received.filter((mail) => mail.to.includes(to)).map(subjectOf),
      )}`,
    )
  }

  const settingsOf = async (member: Member, browser: Browser) => {
    const response = await browser.get(`/api/users/${member.id}/settings`)
    expect(response.status, response.text).toBe(200)
    return bodyOf<MemberSettings>(response)
  }

  /**
   * The mail's RFC 8058 headers; then the one-click POST (a form body, no cookie, no Origin) to
   * its List-Unsubscribe address turns `switchName` off, and only it.
   */
  const oneClickTurnsOff = async (
    mail: ReceivedMail,
    member: Member,
    browser: Browser,
    switchName: string,
    changed: (settings: MemberSettings) => MemberSettings,
  ) => {
    // A long header is folded onto the next line (RFC 5322): unfold before reading it.
    const raw = mail.raw.replace(/\r?\n[ \t]+/g, " ")
    const listUnsubscribe = mailHeader(raw, "List-Unsubscribe") ?? ""
    const address = /^<(https:\/\/colorday\.example\/api\/unsubscribe\/[^>]+)>$/.exec(
      listUnsubscribe.trim(),
    )?.[1]
    expect(address, listUnsubscribe).toBeDefined()
    expect(mailHeader(raw, "List-Unsubscribe-Post")?.trim()).toBe("List-Unsubscribe=One-Click")
    // The same address is in the text, for a person.
    expect(decodedMail(mail.raw)).toContain(address)

    const before = await settingsOf(member, browser)
    const oneClick = await fetch(`${server.url}${(address ?? "").replace(PUBLIC_URL, "")}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    })
    expect(oneClick.status, await oneClick.clone().text()).toBe(200)
    expect(await oneClick.json()).toMatchObject({ switch: switchName })
    expect(await settingsOf(member, browser)).toEqual(changed(before))
  }

  it("the contest announcement", async () => {
    const { member, browser } = await signedInMember(server)
    // A contest opening at 08:00 UTC on a day to come: at 09:00 it is the morning in UTC.
    const opens = nextSundayMorning(Date.now()) + 14 * DAY - 2 * HOUR
    const contest = await run(
      server,
      createContest({
        title: `Lanterns ${uniqueName("c")}`,
        description: "A test contest",
        contestType: uniqueName("type"),
        artStyle: "mandala",
        startsAt: opens,
        endsAt: opens + DAY,
      }),
    )
    const queued = await run(server, queuedAndDeliveredAt(opens + HOUR, sendContestAnnouncements()))
    expect(queued).toBeGreaterThanOrEqual(1)
    const mail = await mailTo(member.email, /Today.s contest/)
    expect(decodedMail(mail.raw)).toContain(contest.title)
    await oneClickTurnsOff(mail, member, browser, "contestAnnouncements", (settings) => ({
      ...settings,
      email: { ...settings.email, contestAnnouncements: false },
    }))
  })

  it("the weekly summary", async () => {
    const { member, browser } = await signedInMember(server)
    // An entry this week: the summary has something to report.
    await insertEntry(server, member, await addContest(server, "open"))
    const sunday = nextSundayMorning(Date.now())
    const summaries = await run(server, queuedAndDeliveredAt(sunday, sendWeeklySummaries()))
    expect(summaries.sent).toBeGreaterThanOrEqual(1)
    const mail = await mailTo(member.email, /Your week on Colorday/)
    await oneClickTurnsOff(mail, member, browser, "weeklySummary", (settings) => ({
      ...settings,
      email: { ...settings.email, weeklySummary: false },
    }))
  })

  it("the new-sign-in mail, which says where the sign-in came from", async () => {
    const { member, browser } = await signedInMember(server)
    // A new browser (no device cookie) from an address in Germany, through the trusted proxy.
    const signIn = await fetch(`${server.url}/api/users/login`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": FIREFOX,
        "X-Forwarded-For": "193.99.144.80",
      },
      body: JSON.stringify({ email: member.email, password: PASSWORD }),
    })
    expect(signIn.status, await signIn.clone().text()).toBe(200)
    const mail = await mailTo(member.email, /New sign-in/)
    const text = decodedMail(mail.raw)
    expect(text).toContain("Where: Germany")
    expect(text).toContain("Browser: Firefox on Windows")
    await oneClickTurnsOff(mail, member, browser, "loginNotifications", (settings) => ({
      ...settings,
      loginNotifications: false,
    }))
  })

  it("the results mail and the winner's mail", async () => {
    const { member, browser } = await signedInMember(server)
    const { member: voter } = await signedInMember(server)
    const contest = await addContest(server, "open")
    const entry = await insertEntry(server, member, contest)
    await addVote(server, voter, entry)
    // An hour after the contest's end: closed with the member the winner, then announced.
    await run(
      server,
      queuedAndDeliveredAt(
        contest.endsAt + HOUR,
        Effect.gen(function* () {
          yield* closeContestAs(null, contest.id)
          yield* announceContest(null, contest.id)
        }),
      ),
    )
    // The member won: the winner's mail is a "voting results" mail too, with its own link.
    const won = await mailTo(member.email, /You won/)
    expect(mailHeader(won.raw.replace(/\r?\n[ \t]+/g, " "), "List-Unsubscribe-Post")?.trim()).toBe(
      "List-Unsubscribe=One-Click",
    )
    const mail = await mailTo(member.email, /results of/)
    await oneClickTurnsOff(mail, member, browser, "votingResults", (settings) => ({
      ...settings,
      email: { ...settings.email, votingResults: false },
    }))
  })
})
