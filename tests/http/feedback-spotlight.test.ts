import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import { Database } from "../../adapters/persistence/database.ts"
import { type SpotlightRow, SpotlightTable } from "../../adapters/persistence/feedback-tables.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import { saveMemberSettings } from "../../domain/accounts/member-settings.use-case.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
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
 * Professional feedback and the Spotlight (issue 19), over HTTP on SQLite and MariaDB: a judge's
 * feedback reaches the entrant's entry page with one mail; members who are not judges are
 * refused; only Pro and Champ entries are featured, and an ended spotlight leaves the home row.
 */

const HOUR = 3_600_000
const FEEDBACK = "Confident outlines and a lovely warm palette; try a softer blend in the sky."

describe.each(httpBackends)("professional feedback and the Spotlight on %s", (backend) => {
  let server: TestServer
  let admin: Browser
  let contest: Contest

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    ;({ browser: admin } = await signedInMember(server, { admin: true }))
    contest = await addContest(server, "open")
  })
  afterAll(async () => {
    await server?.close()
  })

  const onPlan = (member: Member, tier: Tier) =>
    run(
      server,
      Effect.gen(function* () {
        yield* (yield* SubscriptionRepository).save(startSubscription(member.id, Date.now(), tier))
      }),
    )

  const entryOn = async (tier: Tier) => {
    const member = await addMember(server)
    await onPlan(member, tier)
    return { member, entry: await addEntry(server, member, contest) }
  }

  const mailsTo = (email: string) =>
    run(
      server,
      Effect.gen(function* () {
        return (yield* (yield* OutboxRepository).latest(500)).filter((mail) => mail.to === email)
      }),
    )

  it("feedback by a judge appears on the entry page, mails the entrant once, and leaves the queue", async () => {
    const judge = await addMember(server)
    const given = await admin.post(`/api/admin/members/${judge.id}/judge`, { isJudge: true })
    expect(given.status, given.text).toBe(200)
    expect(bodyOf(given)).toMatchObject({ isJudge: true })
    const judgeBrowser = await signInBrowser(server, judge)
    expect(bodyOf(await judgeBrowser.get("/api/session"))).toMatchObject({
      user: { isJudge: true },
    })

    const { member: entrant, entry } = await entryOn("champ")
    // The entrant keeps "comments and feedback" mail on (off by default, issue 24).
    await run(
      server,
      saveMemberSettings(entrant.id, {
        ...DEFAULT_SETTINGS,
        email: { ...DEFAULT_SETTINGS.email, commentsAndFeedback: true },
      }),
    )
    const queue = await judgeBrowser.get("/api/judging/entries")
    expect(queue.status, queue.text).toBe(200)
    expect(bodyOf<Array<{ entry: { id: string } }>>(queue).map((q) => q.entry.id)).toContain(
      entry.id,
    )

    const written = await judgeBrowser.put(`/api/entries/${entry.id}/feedback`, {
      text: FEEDBACK,
    })
    expect(written.status, written.text).toBe(200)
    expect(bodyOf(written)).toMatchObject({ created: true, feedback: { text: FEEDBACK } })

    const entrantBrowser = await signInBrowser(server, entrant)
    const page = await entrantBrowser.get(`/api/entries/${entry.id}/feedback`)
    expect(page.status, page.text).toBe(200)
    expect(bodyOf(page)).toMatchObject({
      canWrite: false,
      items: [{ text: FEEDBACK, judgeName: judge.username, mine: false }],
    })

    // The judge rewrites it: still one feedback, still one mail.
    const edited = await judgeBrowser.put(`/api/entries/${entry.id}/feedback`, {
      text: `${FEEDBACK} Well done.`,
    })
    expect(bodyOf(edited)).toMatchObject({ created: false })
    const again = bodyOf<{ items: Array<{ text: string }> }>(
      await entrantBrowser.get(`/api/entries/${entry.id}/feedback`),
    )
    expect(again.items.map((item) => item.text)).toEqual([`${FEEDBACK} Well done.`])
    const mails = (await mailsTo(entrant.email)).filter((mail) =>
      mail.subject.startsWith("Feedback from a judge"),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain(`/entries/${entry.id}`)

    const after = bodyOf<Array<{ entry: { id: string } }>>(
      await judgeBrowser.get("/api/judging/entries"),
    )
    expect(after.map((q) => q.entry.id)).not.toContain(entry.id)

    // Nobody else reads it.
    const { browser: stranger } = await signedInMember(server)
    const refused = await stranger.get(`/api/entries/${entry.id}/feedback`)
    expect(refused.status).toBe(403)
    expect(bodyOf(refused)).toMatchObject({ code: "FEEDBACK_PRIVATE" })
    expect((await client(server.url).get(`/api/entries/${entry.id}/feedback`)).status).toBe(401)
  })

  it("refuses a member who is not a judge (403), and a judge on an entry not on Color Champ", async () => {
    const { entry } = await entryOn("champ")
    const { browser: member } = await signedInMember(server)
    const refused = await member.put(`/api/entries/${entry.id}/feedback`, { text: FEEDBACK })
    expect(refused.status).toBe(403)
    expect(bodyOf(refused)).toMatchObject({ code: "NOT_A_JUDGE" })
    expect((await member.get("/api/judging/entries")).status).toBe(403)

    const { entry: proEntry } = await entryOn("pro")
    const notOffered = await admin.put(`/api/entries/${proEntry.id}/feedback`, { text: FEEDBACK })
    expect(notOffered.status).toBe(403)
    expect(bodyOf(notOffered)).toMatchObject({ code: "FEEDBACK_NOT_IN_PLAN" })
    const short = await admin.put(`/api/entries/${entry.id}/feedback`, { text: "Nice." })
    expect(short.status).toBe(400)
    expect(bodyOf<{ message: string }>(short).message).toContain("text")
  })

  it("features Pro and Champ entries only, and an ended spotlight leaves the home row", async () => {
    const window = {
      startsAt: new Date(Date.now() - HOUR).toISOString(),
      endsAt: new Date(Date.now() + HOUR).toISOString(),
    }
    const { entry: liteEntry } = await entryOn("lite")
    const refused = await admin.post("/api/admin/spotlights", { entryId: liteEntry.id, ...window })
    expect(refused.status).toBe(409)
    expect(bodyOf(refused)).toMatchObject({ code: "SPOTLIGHT_NOT_IN_PLAN" })

    const { entry } = await entryOn("pro")
    const featured = await admin.post("/api/admin/spotlights", { entryId: entry.id, ...window })
    expect(featured.status, featured.text).toBe(201)
    const spotlight = bodyOf<{ id: string; status: string }>(featured)
    expect(spotlight.status).toBe("active")
    const row = async () =>
      bodyOf<Array<{ entry: { id: string } }>>(await client(server.url).get("/api/spotlight")).map(
        (s) => s.entry.id,
      )
    expect(await row()).toContain(entry.id)
    expect(await row()).not.toContain(liteEntry.id)

    // Its end passes (the row's end moved into the past, as time would).
    await run(
      server,
      Effect.gen(function* () {
        const database = yield* Database
        yield* database.run((m) =>
          m
            .getRepository<SpotlightRow>(SpotlightTable)
            .update({ id: spotlight.id }, { endsAt: Date.now() - 1000 }),
        )
      }),
    )
    expect(await row()).not.toContain(entry.id)
    const listed = bodyOf<Array<{ id: string; status: string }>>(
      await admin.get("/api/admin/spotlights"),
    )
    expect(listed.find((s) => s.id === spotlight.id)?.status).toBe("ended")

    const removed = await admin.delete(`/api/admin/spotlights/${spotlight.id}`)
    expect(removed.status).toBe(204)
    const gone = bodyOf<Array<{ id: string }>>(await admin.get("/api/admin/spotlights"))
    expect(gone.map((s) => s.id)).not.toContain(spotlight.id)
  })
})
