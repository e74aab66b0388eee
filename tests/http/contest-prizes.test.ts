import { Effect, Schema } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ContestBody } from "../../adapters/http/contest.schema.ts"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import {
  addEntry,
  addMember,
  addVote,
  type Browser,
  bodyOf,
  roomyRateLimits,
  run,
  signedInMember,
} from "./support/world.ts"

/**
 * Contest prizes (issue 19): the admin sets a contest's prize when creating, scheduling or
 * editing it; the contest's public answer carries it, and the winner's mail names it.
 */

const HOUR = 3_600_000

describe.each(httpBackends)("contest prizes on %s", (backend) => {
  let server: TestServer
  let admin: Browser

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
    ;({ browser: admin } = await signedInMember(server, { admin: true }))
  })
  afterAll(async () => {
    await server?.close()
  })

  const window = (from: number, to: number) => ({
    startsAt: new Date(Date.now() + from).toISOString(),
    endsAt: new Date(Date.now() + to).toISOString(),
  })

  const newContest = (prize: unknown, from = -HOUR, to = HOUR) =>
    admin.post("/api/admin/contests", {
      title: "Koi pond",
      description: "Line art of a koi pond",
      contestType: `prize-${crypto.randomUUID().slice(0, 8)}`,
      artStyle: "ink",
      ...window(from, to),
      ...(prize === undefined ? {} : { prize }),
    })

  const publicContest = async (id: string) => {
    const response = await client(server.url).get(`/api/challenges/${id}`)
    expect(response.status, response.text).toBe(200)
    return Schema.decodeUnknownSync(ContestBody)(response.body)
  }

  it("keeps the prize the admin sets, shows it publicly, changes and clears it", async () => {
    const created = await newContest(
      { kind: "cash", text: " Cash prize ", amount: 2500 },
      HOUR,
      2 * HOUR,
    )
    expect(created.status, created.text).toBe(201)
    const id = bodyOf<{ id: string }>(created).id
    const cash = { kind: "cash", text: "Cash prize", amount: 2500, line: "$25 (Cash prize)" }
    expect(bodyOf(created)).toMatchObject({ prize: cash })
    expect((await publicContest(id)).prize).toEqual(cash)

    const edited = await admin.put(`/api/admin/contests/${id}`, {
      prize: { kind: "credits", text: "Free entries", amount: 3 },
    })
    expect(edited.status, edited.text).toBe(200)
    expect((await publicContest(id)).prize).toEqual({
      kind: "credits",
      text: "Free entries",
      amount: 3,
      line: "3 credits (Free entries)",
    })
    // An edit that does not name the prize leaves it.
    expect((await admin.put(`/api/admin/contests/${id}`, { title: "Koi pond II" })).status).toBe(
      200,
    )
    expect((await publicContest(id)).prize?.kind).toBe("credits")

    expect((await admin.put(`/api/admin/contests/${id}`, { prize: null })).status).toBe(200)
    expect((await publicContest(id)).prize).toBeNull()
  })

  it("refuses a cash prize without an amount, an amount on another prize and an unknown kind", async () => {
    const noAmount = await newContest({ kind: "cash", text: "Cash", amount: null })
    expect(noAmount.status).toBe(400)
    expect(bodyOf<{ message: string }>(noAmount).message).toContain("prize.amount")
    const amountOnOther = await newContest({ kind: "other", text: "Pencils", amount: 5 })
    expect(amountOnOther.status).toBe(400)
    expect(bodyOf<{ message: string }>(amountOnOther).message).toContain("prize.amount")
    const unknown = await newContest({ kind: "gold", text: "Gold", amount: 1 })
    expect(unknown.status).toBe(400)
    expect(bodyOf<{ message: string }>(unknown).message).toContain("kind")
  })

  it("names the prize in the winner's mail", async () => {
    const created = await newContest({ kind: "cash", text: "Cash prize", amount: 1000 })
    expect(created.status, created.text).toBe(201)
    const contest = bodyOf<{ id: string; title: string }>(created)
    const [ann, bob] = [await addMember(server), await addMember(server)]
    const stored = await run(
      server,
      Effect.gen(function* () {
        return yield* (yield* ContestRepository).get(contest.id)
      }),
    )
    const entry = await addEntry(server, ann, stored)
    await addVote(server, bob, entry)
    await run(
      server,
      Effect.gen(function* () {
        const contests = yield* ContestRepository
        const now = yield* contests.get(contest.id)
        yield* contests.save({ ...now, endsAt: Date.now() - 1000 })
      }),
    )
    expect((await admin.post(`/api/admin/contests/${contest.id}/close`)).status).toBe(200)
    const announced = await admin.post(`/api/admin/contests/${contest.id}/announce`)
    expect(announced.status, announced.text).toBe(200)
    const mails = await run(
      server,
      Effect.gen(function* () {
        return yield* (yield* OutboxRepository).latest(500)
      }),
    )
    const won = mails.filter((mail) => mail.to === ann.email && mail.subject.startsWith("You won"))
    expect(won).toHaveLength(1)
    expect(won[0]?.text).toContain("Your prize: $10 (Cash prize).")
  })
})
