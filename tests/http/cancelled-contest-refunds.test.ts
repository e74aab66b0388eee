import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import type { Contest } from "../../domain/contests/contest.entity.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addContest,
  type Browser,
  bodyOf,
  roomyRateLimits,
  run,
  signedInMember,
  storeEntryImage,
} from "./support/world.ts"

/**
 * Issue 19, fair treatment: cancelling a contest with entries gives every entry's credit back (a
 * paid extra entry's included) and mails each entrant once; the member may have a paid extra entry
 * refunded instead of its credit, through the payment provider, the credit taken back with it.
 */

interface HistoryRecord {
  readonly id: string
  readonly status: string
  readonly description: string
  readonly refundable?: boolean
}

const submitForm = (url: string) =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  })

describe.each(httpBackends)("a cancelled contest's credits and refunds on %s", (backend) => {
  let server: TestServer
  let admin: Browser

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    ;({ browser: admin } = await signedInMember(server, { admin: true }))
  })
  afterAll(async () => {
    await server?.close()
  })

  const creditsOf = (member: Member) =>
    run(
      server,
      Effect.gen(function* () {
        const found = yield* (yield* SubscriptionRepository).find(member.id)
        return Option.getOrThrow(found).remaining
      }),
    )

  const setCredits = (member: Member, remaining: number) =>
    run(
      server,
      Effect.gen(function* () {
        const subscriptions = yield* SubscriptionRepository
        const found = Option.getOrThrow(yield* subscriptions.find(member.id))
        yield* subscriptions.save({ ...found, remaining })
      }),
    )

  const enter = async (browser: Browser, contest: Contest) => {
    const response = await browser.post("/api/submissions", {
      file_path: await storeEntryImage(server),
      challenge_id: contest.id,
    })
    expect(response.status, response.text).toBe(201)
  }

  /** An extra entry bought for `contest` on the offline checkout and fulfilled: its ledger id. */
  const buyExtraEntry = async (browser: Browser, contest: Contest) => {
    const opened = await browser.post("/api/stripe/checkout-session", {
      returnUrl: `${server.url}/payment-success`,
      contestId: contest.id,
    })
    expect(opened.status, opened.text).toBe(200)
    const { sessionId } = bodyOf<{ sessionId: string }>(opened)
    expect((await submitForm(`${server.url}/checkout/offline/${sessionId}/pay`)).status).toBe(303)
    const verified = await browser.get(`/api/stripe/verify-session?sessionId=${sessionId}`)
    expect(verified.status, verified.text).toBe(200)
    const history = bodyOf<{ records: Array<HistoryRecord> }>(
      await browser.get("/api/billing/history"),
    ).records
    const record = history.find((each) => each.description === "Extra entry")
    if (!record) throw new Error("the extra entry is not in billing history")
    return record.id
  }

  const history = async (browser: Browser) =>
    bodyOf<{ records: Array<HistoryRecord> }>(await browser.get("/api/billing/history")).records

  const cancelledMails = (contest: Contest) =>
    run(
      server,
      Effect.gen(function* () {
        const mails = yield* (yield* OutboxRepository).latest(1000)
        return mails.filter((mail) => mail.subject.includes(`"${contest.title}" was cancelled`))
      }),
    )

  const cancel = (contest: Contest) =>
    admin.post(`/api/admin/contests/${contest.id}/cancel`, { reason: "The line art was wrong" })

  it("gives every entry's credit back, a paid extra entry's too, and mails each entrant once", async () => {
    const contest = await addContest(server, "open")
    const ann = await signedInMember(server)
    const bob = await signedInMember(server)
    const cat = await signedInMember(server)
    await enter(ann.browser, contest)
    await enter(bob.browser, contest)
    await enter(bob.browser, contest)
    // Cat is out of credits and pays for an extra entry of this contest.
    await setCredits(cat.member, 0)
    await buyExtraEntry(cat.browser, contest)
    expect(await creditsOf(cat.member)).toBe(1)
    await enter(cat.browser, contest)
    expect(await Promise.all([ann, bob, cat].map((m) => creditsOf(m.member)))).toEqual([1, 0, 0])

    const today = async () =>
      bodyOf<{ items: Array<unknown> }>(
        await ann.browser.get(`/api/gallery?tab=today&tz=UTC&contestId=${contest.id}`),
      ).items.length
    expect(await today()).toBe(4)

    const cancelled = await cancel(contest)
    expect(cancelled.status, cancelled.text).toBe(200)
    // Its entries leave Today's Contest.
    expect(await today()).toBe(0)
    expect(await Promise.all([ann, bob, cat].map((m) => creditsOf(m.member)))).toEqual([2, 2, 1])
    const mails = await cancelledMails(contest)
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [ann, bob, cat].map((m) => m.member.email).sort(),
    )
    expect(mails.find((mail) => mail.to === bob.member.email)?.text).toContain(
      "The 2 credits you spent on your 2 entries are back in your account.",
    )
    // Cat's mail offers the money of the extra entry instead; the others' do not.
    const offered = mails.filter((mail) => mail.text.includes("/billing-history"))
    expect(offered.map((mail) => mail.to)).toEqual([cat.member.email])
    expect(offered[0]?.text).toContain("You paid $2.99 for an extra entry in it.")

    // A second cancel is refused and changes nothing: no credit or mail twice.
    expect((await cancel(contest)).status).toBe(409)
    expect(await Promise.all([ann, bob, cat].map((m) => creditsOf(m.member)))).toEqual([2, 2, 1])
    expect(await cancelledMails(contest)).toHaveLength(3)

    // The entries say so on the member's profile.
    const mine = await bob.browser.get(`/api/submissions/user/${bob.member.id}`)
    expect(mine.status, mine.text).toBe(200)
    const entries = bodyOf<Array<{ contestCancelled?: boolean }>>(mine)
    expect(entries).toHaveLength(2)
    expect(entries.every((entry) => entry.contestCancelled === true)).toBe(true)
  })

  it("refunds a paid extra entry of a cancelled contest instead of its credit, once", async () => {
    const contest = await addContest(server, "open")
    const dan = await signedInMember(server)
    await setCredits(dan.member, 0)
    const paymentId = await buyExtraEntry(dan.browser, contest)
    await enter(dan.browser, contest)
    expect((await cancel(contest)).status).toBe(200)
    expect(await creditsOf(dan.member)).toBe(1)
    expect((await history(dan.browser)).find((r) => r.id === paymentId)).toMatchObject({
      status: "paid",
      refundable: true,
    })

    // Someone else cannot refund it.
    const eve = await signedInMember(server)
    expect((await eve.browser.post(`/api/billing/payments/${paymentId}/refund`)).status).toBe(404)

    const refunded = await dan.browser.post(`/api/billing/payments/${paymentId}/refund`)
    expect(refunded.status, refunded.text).toBe(200)
    expect(refunded.body).toMatchObject({
      payment: { id: paymentId, status: "refunded" },
      subscription: { remaining_submissions: 0 },
    })
    expect(await creditsOf(dan.member)).toBe(0)
    const after = (await history(dan.browser)).find((r) => r.id === paymentId)
    expect(after?.status).toBe("refunded")
    expect(after?.refundable).toBeUndefined()

    // Asked again: answered as it is, nothing taken twice.
    const again = await dan.browser.post(`/api/billing/payments/${paymentId}/refund`)
    expect(again.status, again.text).toBe(200)
    expect(await creditsOf(dan.member)).toBe(0)
  })

  it("refuses a refund while the contest runs, and once the credit it gave back is used", async () => {
    const running = await addContest(server, "open")
    const fay = await signedInMember(server)
    await setCredits(fay.member, 0)
    const paymentId = await buyExtraEntry(fay.browser, running)
    const early = await fay.browser.post(`/api/billing/payments/${paymentId}/refund`)
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ code: "NOT_REFUNDABLE" })
    expect((await history(fay.browser)).find((r) => r.id === paymentId)?.refundable).toBeUndefined()

    await enter(fay.browser, running)
    expect((await cancel(running)).status).toBe(200)
    // The credit came back; spent on another contest, there is nothing left to take back.
    await enter(fay.browser, await addContest(server, "open"))
    const used = await fay.browser.post(`/api/billing/payments/${paymentId}/refund`)
    expect(used.status).toBe(409)
    expect(bodyOf<{ message: string }>(used).message).toContain("has been used")
  })
})
