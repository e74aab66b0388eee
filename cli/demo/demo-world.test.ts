import { beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"
import { contestStatus } from "../../domain/contests/contest-status.ts"
import { planOf } from "../../domain/plans/plans.ts"
import { ImageStore, type StoredImage } from "../../domain/submissions/image-store.port.ts"
import { type DemoFixtures, loadDemoFixtures } from "./demo-fixtures.ts"
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from "./demo-members.ts"
import { PAST_DAYS, planDemoWorld } from "./demo-plan.ts"
import { seedDemoWorld } from "./demo-world.ts"

let fixtures: DemoFixtures
beforeAll(async () => {
  fixtures = await Effect.runPromise(loadDemoFixtures())
})

/** An image store that keeps bytes in a map and counts what it was asked to store. */
const memoryImageStore = () => {
  const files = new Map<string, Uint8Array>()
  const store = ImageStore.of({
    store: (bytes, kind) =>
      Effect.sync((): StoredImage => {
        const key = `${kind}/${files.size + 1}.png`
        files.set(key, bytes)
        const renditions = { display: key, thumbnail: key, original: key, printPdf: null }
        return { key, format: "png", width: 1000, height: 1000, renditions }
      }),
    read: (key) =>
      Effect.sync(() =>
        Option.map(Option.fromNullishOr(files.get(key)), (bytes) => ({
          bytes,
          contentType: "image/png",
        })),
      ),
    renditionsOf: (key) =>
      files.has(key)
        ? Option.some({ display: key, thumbnail: key, original: key, printPdf: null })
        : Option.none(),
    remove: (key) => Effect.sync(() => void files.delete(key)),
  })
  return { files, store }
}

const seed = (images: ReturnType<typeof memoryImageStore>) =>
  seedDemoWorld(fixtures).pipe(Effect.provideService(ImageStore, images.store))

const DAY = 86_400_000
const todayStart = Math.floor(TEST_NOW / DAY) * DAY

describe("the demo world", () => {
  test("has members on every plan, the two demo logins, and contests for 14 past days, today and tomorrow", () =>
    Effect.gen(function* () {
      const images = memoryImageStore()
      const summary = yield* seed(images)
      const { tables } = yield* Memory
      const members = [...tables.members.values()]

      expect(summary.status).toBe("created")
      expect(summary.members).toBe(30)
      expect(members).toHaveLength(30)
      expect(members.every((member) => member.emailVerifiedAt !== null)).toBe(true)
      const admin = members.find((member) => member.email === DEMO_ADMIN_EMAIL)
      const demoMember = members.find((member) => member.email === DEMO_MEMBER_EMAIL)
      expect(admin?.isAdmin).toBe(true)
      expect(demoMember?.isAdmin).toBe(false)
      expect(members.filter((member) => member.isAdmin)).toHaveLength(1)
      const hasher = yield* PasswordHasher
      for (const member of [admin, demoMember]) {
        expect(yield* hasher.verify(DEMO_PASSWORD, member?.passwordHash ?? "")).toBe(true)
      }
      const tiers = new Set([...tables.subscriptions.values()].map((s) => s.tier))
      expect([...tiers].sort()).toEqual(["champ", "free", "lite", "pro"])

      const contests = [...tables.contests.values()].sort((a, b) => a.startsAt - b.startsAt)
      expect(contests).toHaveLength(PAST_DAYS + 2)
      expect(summary.contests).toBe(PAST_DAYS + 2)
      expect(contests.map((contest) => contestStatus(contest, TEST_NOW))).toEqual([
        ...Array.from({ length: PAST_DAYS }, () => "ended"),
        "active",
        "scheduled",
      ])
      contests.forEach((contest, index) => {
        expect(contest.contestType).toBe("daily")
        expect(contest.startsAt).toBe(todayStart + (index - PAST_DAYS) * DAY)
        expect(contest.endsAt).toBe(contest.startsAt + DAY)
        expect(contest.lineArt).toMatch(/^line-art\//)
      })

      const entries = [...tables.entries.values()]
      expect(entries.length).toBeGreaterThanOrEqual(250)
      expect(entries.length).toBeLessThanOrEqual(350)
      expect(summary.entries).toBe(entries.length)
      expect(summary.votes).toBe(tables.votes.size)
      expect(tables.votes.size).toBeGreaterThan(1000)
      // Each fixture photo and page is stored once and its key shared.
      expect(images.files.size).toBeLessThanOrEqual(
        fixtures.entries.length + fixtures.lineArt.length,
      )
      expect(new Set(entries.map((entry) => entry.image)).size).toBe(
        [...images.files.keys()].filter((key) => key.startsWith("entry/")).length,
      )
    }))

  test("every past contest is closed with a winner; today's runs; tomorrow's waits", () =>
    Effect.gen(function* () {
      yield* seed(memoryImageStore())
      const { tables } = yield* Memory
      const entries = [...tables.entries.values()]
      const contests = [...tables.contests.values()].sort((a, b) => a.startsAt - b.startsAt)
      for (const contest of contests.slice(0, PAST_DAYS)) {
        const own = entries.filter((entry) => entry.contestId === contest.id)
        expect(own.length).toBeGreaterThan(5)
        expect(contest.result).not.toBeNull()
        const winner = own.find((entry) => entry.id === contest.result?.winnerEntryId)
        expect(winner?.memberId).toBe(contest.result?.winnerMemberId)
        expect(contest.result?.totalEntries).toBe(own.length)
        expect(contest.result?.closedAt).toBeGreaterThanOrEqual(contest.endsAt)
        // The winner has the best weighted score of the contest.
        expect(Math.max(...own.map((entry) => entry.weightedScore))).toBe(winner?.weightedScore)
        for (const entry of own) {
          expect(entry.createdAt).toBeGreaterThanOrEqual(contest.startsAt)
          expect(entry.createdAt).toBeLessThan(contest.endsAt)
        }
      }
      const [today, tomorrow] = contests.slice(PAST_DAYS)
      expect(today?.result).toBeNull()
      const todays = entries.filter((entry) => entry.contestId === today?.id)
      expect(todays.length).toBeGreaterThan(5)
      expect(todays.every((entry) => entry.createdAt < TEST_NOW)).toBe(true)
      expect(entries.filter((entry) => entry.contestId === tomorrow?.id)).toEqual([])

      // The demo member has left today's contest alone, and has credits to enter it.
      const demoMember = [...tables.members.values()].find((m) => m.email === DEMO_MEMBER_EMAIL)
      expect(todays.some((entry) => entry.memberId === demoMember?.id)).toBe(false)
      expect(tables.subscriptions.get(demoMember?.id ?? "")?.remaining).toBeGreaterThan(0)

      // Badges went to the winners, through closeContest and the backfill.
      const winners = new Set(
        contests.flatMap((c) => (c.result?.winnerMemberId ? [c.result.winnerMemberId] : [])),
      )
      for (const winner of winners) expect(tables.badges.has(`${winner}|first-win`)).toBe(true)
    }))

  test("votes are the counters: each entry's count and score are its vote rows, weighted by the voter's plan", () =>
    Effect.gen(function* () {
      yield* seed(memoryImageStore())
      const { tables } = yield* Memory
      const votes = [...tables.votes.values()]
      for (const entry of tables.entries.values()) {
        const own = votes.filter((vote) => vote.entryId === entry.id)
        expect(entry.voteCount).toBe(own.length)
        expect(entry.weightedScore).toBeCloseTo(own.reduce((sum, vote) => sum + vote.weight, 0))
      }
      const weights = new Set<number>()
      for (const vote of votes) {
        const tier = tables.subscriptions.get(vote.voterId)?.tier ?? "free"
        expect(vote.weight).toBe(planOf(tier).voteWeight)
        expect(vote.voterId).not.toBe(tables.entries.get(vote.entryId)?.memberId)
        weights.add(vote.weight)
      }
      expect([...weights].sort()).toEqual([1, 1.5, 2, 3])
    }))

  test("running it again creates nothing", () =>
    Effect.gen(function* () {
      yield* seed(memoryImageStore())
      const store = yield* Memory
      const before = store.snapshot()
      const images = memoryImageStore()
      const again = yield* seed(images)
      expect(again.status).toBe("already-present")
      expect(again).toMatchObject({ members: 0, contests: 0, entries: 0, votes: 0, badges: 0 })
      expect(images.files.size).toBe(0)
      expect(store.tables).toEqual(before)
    }))

  test("an interrupted run resumes: only what is missing is written", () =>
    Effect.gen(function* () {
      yield* seed(memoryImageStore())
      const store = yield* Memory
      const admin = [...store.tables.members.values()].find((m) => m.email === DEMO_ADMIN_EMAIL)
      store.tables.members.delete(admin?.id ?? "")
      const resumed = yield* seed(memoryImageStore())
      expect(resumed).toMatchObject({
        status: "created",
        members: 1,
        contests: 0,
        entries: 0,
        votes: 0,
      })
      expect(store.tables.members.size).toBe(30)
    }))

  it("the plan is the same every time", () => {
    const input = {
      now: TEST_NOW,
      lineArtCount: fixtures.lineArt.length,
      photoLineArt: fixtures.entries.map((photo) =>
        fixtures.lineArt.findIndex((page) => page.file === photo.lineArt),
      ),
    }
    expect(input.photoLineArt.every((page) => page >= 0)).toBe(true)
    expect(planDemoWorld(input)).toEqual(planDemoWorld(input))
  })
})
