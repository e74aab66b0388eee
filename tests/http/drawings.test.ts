import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { commitmentOf, newSeed, verifyDraw } from "../../domain/drawings/draw-rules.ts"
import { DRAWING_TIERS, monthOf } from "../../domain/drawings/drawing.entity.ts"
import { DrawingRepository } from "../../domain/drawings/drawing.port.ts"
import { commitMonth } from "../../domain/drawings/drawings.use-case.ts"
import { PLANS, type Tier } from "../../domain/plans/plans.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addMember,
  bodyOf,
  type Browser,
  roomyRateLimits,
  run,
  signedInMember,
  signInBrowser,
} from "./support/world.ts"

/**
 * The monthly drawings over HTTP (issue 19): the public list, the members' free entry, and the
 * admin's draw and pay-out. The month drawn here was committed back then (written directly,
 * since a commit is refused once a month has ended).
 */

interface DrawingBody {
  readonly id: string
  readonly month: string
  readonly tier: string
  readonly prizeCents: number
  readonly status: string
  readonly commitment: string
  readonly seed: string | null
  readonly entrants: ReadonlyArray<string> | null
  readonly listHash: string | null
  readonly winnerId: string | null
  readonly winnerName: string | null
  readonly paidAt: string | null
}

const MONTH = "2025-02"

describe.each(httpBackends)("drawings on %s", (backend) => {
  let server: TestServer
  let admin: Browser
  const members: Array<Member> = []

  /** Puts a member on `tier` from February 3rd of the month drawn (its plan period, that day). */
  const onTier = (member: Member, tier: Tier) =>
    run(
      server,
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.UTC(2025, 1, 3))
        yield* (yield* SubscriptionRepository).save(startSubscription(member.id, Date.now(), tier))
      }).pipe(Effect.provide(TestClock.layer())),
    )

  const drawings = async () => {
    const response = await client(server.url).get("/api/drawings")
    expect(response.status, response.text).toBe(200)
    return bodyOf<ReadonlyArray<DrawingBody>>(response)
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    admin = await signInBrowser(server, await addMember(server, { admin: true }))
    for (const tier of ["lite", "pro", "pro", "champ"] as const) {
      const member = await addMember(server)
      await onTier(member, tier)
      members.push(member)
    }
    await run(
      server,
      Effect.gen(function* () {
        const repository = yield* DrawingRepository
        for (const tier of DRAWING_TIERS) {
          const seed = newSeed()
          yield* repository.create({
            id: crypto.randomUUID(),
            month: MONTH,
            tier,
            prizeCents: PLANS[tier].drawingCents ?? 0,
            status: "committed",
            commitment: yield* Effect.promise(() => commitmentOf(seed)),
            seed,
            entrants: null,
            listHash: null,
            winnerId: null,
            committedAt: Date.UTC(2025, 1, 1),
            drawnAt: null,
            paidAt: null,
          })
        }
      }),
    )
  })
  afterAll(async () => {
    await server?.close()
  })

  it("shows a committed drawing's commitment and prize, never its seed", async () => {
    const before = (await drawings()).filter((d) => d.month === MONTH)
    expect(before.map((d) => [d.tier, d.prizeCents, d.status])).toEqual([
      ["lite", 2500, "committed"],
      ["pro", 5000, "committed"],
      ["champ", 10000, "committed"],
    ])
    expect(before.every((d) => d.seed === null && d.entrants === null && d.winnerId === null)).toBe(
      true,
    )
    expect(before.every((d) => /^[0-9a-f]{64}$/.test(d.commitment))).toBe(true)
  })

  it("a member's free entry: once a month, the same answer again; visitors are asked to sign in", async () => {
    const { browser } = await signedInMember(server)
    const first = await browser.post("/api/drawings/free-entry")
    expect(first.status, first.text).toBe(200)
    expect(bodyOf(first)).toMatchObject({
      month: monthOf(Date.now()),
      tier: "lite",
      created: true,
    })
    const second = await browser.post("/api/drawings/free-entry")
    expect(second.status).toBe(200)
    expect(bodyOf(second)).toMatchObject({
      created: false,
      requestedAt: bodyOf<{ requestedAt: string }>(first).requestedAt,
    })
    expect((await client(server.url).post("/api/drawings/free-entry")).status).toBe(401)
  })

  it("an admin draws a closed month once; the published values re-check, with usernames, no e-mails", async () => {
    const [lite, pro1, pro2, champ] = members
    const response = await admin.post(`/api/admin/drawings/${MONTH}/draw`)
    expect(response.status, response.text).toBe(200)
    const drawn = bodyOf<ReadonlyArray<{ drawnNow: boolean; drawing: DrawingBody }>>(response)
    expect(drawn.map((r) => r.drawnNow)).toEqual([true, true, true])
    const again = await admin.post(`/api/admin/drawings/${MONTH}/draw`)
    expect(bodyOf<ReadonlyArray<{ drawnNow: boolean }>>(again).map((r) => r.drawnNow)).toEqual([
      false,
      false,
      false,
    ])

    const published = (await drawings()).filter((d) => d.month === MONTH)
    const byTier = Object.fromEntries(published.map((d) => [d.tier, d]))
    expect(byTier.lite?.entrants).toEqual([lite?.id])
    expect(byTier.pro?.entrants).toEqual([pro1?.id, pro2?.id].sort())
    expect(byTier.champ).toMatchObject({ entrants: [champ?.id], winnerName: champ?.username })
    for (const drawing of published) {
      expect(drawing.status).toBe("drawn")
      const check = await verifyDraw({
        commitment: drawing.commitment,
        seed: drawing.seed ?? "",
        entrants: drawing.entrants ?? [],
        listHash: drawing.listHash ?? "",
        winnerId: drawing.winnerId,
      })
      expect(check.ok).toBe(true)
    }
    const everyone = JSON.stringify(await drawings())
    for (const member of members) expect(everyone).not.toContain(member.email)

    // Each winner is mailed once, through the outbox.
    const outbox = await run(
      server,
      Effect.gen(function* () {
        return yield* (yield* OutboxRepository).latest(500)
      }),
    )
    for (const drawing of published) {
      const winner = members.find((member) => member.id === drawing.winnerId)
      const mails = outbox.filter((mail) => mail.to === winner?.email)
      expect(mails.map((mail) => mail.subject)).toEqual([
        `You won the ${PLANS[drawing.tier as Tier].name} drawing of ${MONTH}!`,
      ])
    }
  })

  it("answers 400 for a month not ended or malformed, 404 for an unknown drawing; members get 403", async () => {
    const open = await admin.post(`/api/admin/drawings/${monthOf(Date.now())}/draw`)
    expect(open.status).toBe(400)
    expect(open.text).toContain("has not ended yet")
    expect((await admin.post("/api/admin/drawings/2025-13/draw")).status).toBe(400)
    expect((await admin.post("/api/admin/drawings/2000-01/draw")).text).toContain("never committed")
    expect((await admin.post("/api/admin/drawings/no-such-drawing/paid")).status).toBe(404)
    const { browser } = await signedInMember(server)
    expect((await browser.post(`/api/admin/drawings/${MONTH}/draw`)).status).toBe(403)
  })

  it("an admin marks a drawn prize paid, once; a drawing not drawn cannot be", async () => {
    const pro = (await drawings()).find((d) => d.month === MONTH && d.tier === "pro")
    const paid = await admin.post(`/api/admin/drawings/${pro?.id}/paid`)
    expect(paid.status, paid.text).toBe(200)
    expect(bodyOf<DrawingBody>(paid)).toMatchObject({ status: "paid", winnerId: pro?.winnerId })
    const again = await admin.post(`/api/admin/drawings/${pro?.id}/paid`)
    expect(bodyOf<DrawingBody>(again).paidAt).toBe(bodyOf<DrawingBody>(paid).paidAt)
    // This month's drawings are committed, not drawn: nothing to pay.
    const [current] = await run(server, commitMonth(monthOf(Date.now())))
    const early = await admin.post(`/api/admin/drawings/${current?.id}/paid`)
    expect(early.status).toBe(400)
    expect(early.text).toContain("has not been drawn yet")
  })
})
