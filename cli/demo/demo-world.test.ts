import { beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { PasswordHasher } from "../../domain/accounts/password-hasher.port.ts"
import { contestStatus } from "../../domain/contests/contest-status.ts"
import { planOf } from "../../domain/plans/plans.ts"
import { ImageStore, type StoredImage } from "../../domain/submissions/image-store.port.ts"
import { type DemoFixtures, loadDemoFixtures } from "./demo-fixtures.ts"
import { DEMO_ADMIN_EMAIL, DEMO_AVATARS, DEMO_MEMBER_EMAIL, DEMO_PASSWORD } from "./demo-members.ts"
import { addMonths, CHECKOUT_AFTER_JOINING, PAST_DAYS, planDemoWorld } from "./demo-plan.ts"
import { seedDemoWorld } from "./demo-world.ts"

let fixtures: DemoFixtures
beforeAll(async () => {
  fixtures = await Effect.runPromise(loadDemoFixtures())
})

/** The plan's input from the fixtures: each photo's page, by index. */
const planInput = () => ({
  now: TEST_NOW,
  lineArtCount: fixtures.lineArt.length,
  photoLineArt: fixtures.entries.map((photo) =>
    fixtures.lineArt.findIndex((page) => page.file === photo.lineArt),
  ),
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
    publicUrlOf: () => Option.none(),
    renditionsOf: (key) =>
      files.has(key)
        ? Option.some({ display: key, thumbnail: key, original: key, printPdf: null })
        : Option.none(),
    remove: (key) => Effect.sync(() => void files.delete(key)),
    size: () => Effect.succeed(Option.none()),
    shareImage: () => Effect.succeed(Option.none()),
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
        ...Array.from({ length: PAST_DAYS }, () => "announced"),
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
        fixtures.entries.length + fixtures.lineArt.length + fixtures.avatars.length,
      )
      expect(new Set(entries.map((entry) => entry.image)).size).toBe(
        [...images.files.keys()].filter((key) => key.startsWith("entry/")).length,
      )
    }))

  test("a few members have avatars, stored as avatar images", () =>
    Effect.gen(function* () {
      const images = memoryImageStore()
      const summary = yield* seed(images)
      const { tables } = yield* Memory
      const withAvatar = [...tables.members.values()].filter((m) => m.profile.avatarUrl !== null)
      expect(withAvatar.map((m) => m.username).sort()).toEqual(Object.keys(DEMO_AVATARS).sort())
      expect(summary.avatars).toBe(withAvatar.length)
      expect(withAvatar.length).toBeGreaterThanOrEqual(5)
      expect(withAvatar.length).toBeLessThan(tables.members.size / 2)
      for (const member of withAvatar) {
        const key = member.profile.avatarUrl?.replace(/^\/images\//, "") ?? ""
        expect(key).toMatch(/^avatar\//)
        const fixture = fixtures.avatars.find((a) => a.file === DEMO_AVATARS[member.username])
        expect(images.files.get(key)).toBe(fixture?.bytes)
      }
    }))

  test("every entry is a photo of its own contest's page, colored", () =>
    Effect.gen(function* () {
      // The fixtures: every page has colored photos of it, and the generator drew each photo
      // from the page it names (same drawing, same file name stem).
      for (const page of fixtures.lineArt) {
        const photos = fixtures.entries.filter((photo) => photo.lineArt === page.file)
        expect(photos.length).toBeGreaterThanOrEqual(2)
        for (const photo of photos) {
          expect(photo.file.startsWith(page.file.replace(/\.png$/, "-"))).toBe(true)
        }
      }

      // The world: each entry's image is one of the photos of the page its contest shows.
      const images = memoryImageStore()
      yield* seed(images)
      const { tables } = yield* Memory
      const pageOf = new Map<string, string>()
      const photoOf = new Map<string, string>()
      for (const [key, bytes] of images.files) {
        const page = fixtures.lineArt.find((candidate) => candidate.bytes === bytes)
        const photo = fixtures.entries.find((candidate) => candidate.bytes === bytes)
        if (page) pageOf.set(key, page.file)
        if (photo) photoOf.set(key, photo.lineArt)
      }
      const entries = [...tables.entries.values()]
      expect(entries.length).toBeGreaterThan(0)
      for (const entry of entries) {
        const contest = tables.contests.get(entry.contestId)
        const page = pageOf.get(contest?.lineArt ?? "")
        expect(page).toBeDefined()
        expect(contest?.title).toBe(fixtures.lineArt.find((p) => p.file === page)?.title)
        expect(photoOf.get(entry.image)).toBe(page)
      }
      // Each contest shows more than one coloring of its page.
      const contestsWithEntries = new Set(entries.map((entry) => entry.contestId))
      for (const contestId of contestsWithEntries) {
        const own = entries.filter((entry) => entry.contestId === contestId)
        expect(new Set(own.map((entry) => entry.image)).size).toBeGreaterThanOrEqual(2)
      }
    }))

  test("every contest's analytics add up: views >= downloads >= entries", () =>
    Effect.gen(function* () {
      const summary = yield* seed(memoryImageStore())
      const { tables } = yield* Memory
      const count = (contestId: string, metric: string) =>
        tables.events.filter((e) => e.contestId === contestId && e.metric === metric).length
      let views = 0
      for (const contest of tables.contests.values()) {
        const entries = [...tables.entries.values()].filter((e) => e.contestId === contest.id)
        const downloads = count(contest.id, "downloads")
        expect(count(contest.id, "views")).toBeGreaterThanOrEqual(downloads)
        expect(downloads).toBeGreaterThanOrEqual(entries.length)
        expect(count(contest.id, "submissions")).toBe(entries.length)
        // Every entrant downloaded the page first.
        const downloaders = tables.downloads.filter((d) => d.contestId === contest.id)
        for (const entry of entries) {
          const own = downloaders.filter((d) => d.memberId === entry.memberId)
          expect(own.some((d) => d.at <= entry.createdAt)).toBe(true)
        }
        views += count(contest.id, "views")
        if (contest.startsAt < TEST_NOW) expect(count(contest.id, "views")).toBeGreaterThan(0)
        for (const event of tables.events.filter((e) => e.contestId === contest.id)) {
          expect(event.at).toBeGreaterThanOrEqual(contest.startsAt)
          expect(event.at).toBeLessThanOrEqual(TEST_NOW)
        }
      }
      expect(summary.views).toBe(views)
      expect(summary.downloads).toBe(tables.events.filter((e) => e.metric === "downloads").length)
    }))

  test("paid plans renew every month: billing history has each month's charge at the plan's price", () =>
    Effect.gen(function* () {
      const summary = yield* seed(memoryImageStore())
      const { tables } = yield* Memory
      const payments = [...tables.payments.values()]
      expect(summary.payments).toBe(payments.length)
      let renewals = 0
      for (const member of tables.members.values()) {
        const tier = tables.subscriptions.get(member.id)?.tier ?? "free"
        const own = payments
          .filter((payment) => payment.memberId === member.id)
          .sort((a, b) => a.createdAt - b.createdAt)
        if (tier === "free") {
          expect(own).toEqual([])
          continue
        }
        // The checkout, then one charge a month on its day, up to now.
        const checkout = member.createdAt + CHECKOUT_AFTER_JOINING
        const months: Array<number> = []
        for (let month = 0; addMonths(checkout, month) < TEST_NOW; month++) {
          months.push(addMonths(checkout, month))
        }
        expect(months.length).toBeGreaterThanOrEqual(1)
        expect(own.map((payment) => payment.createdAt)).toEqual(months)
        for (const payment of own) {
          expect(payment).toMatchObject({
            purchase: { kind: "plan", tier },
            amountCents: planOf(tier).priceCents,
            status: "paid",
          })
        }
        renewals += own.length - 1
      }
      // Members who joined months ago have several renewals.
      expect(renewals).toBeGreaterThan(30)
      // Charges renewed no credits twice: the demo member can still enter today.
      const demoMember = [...tables.members.values()].find((m) => m.email === DEMO_MEMBER_EMAIL)
      expect(tables.subscriptions.get(demoMember?.id ?? "")?.remaining).toBeGreaterThan(0)
    }))

  test("the 14 past contests are closed and announced with their result; today's runs; tomorrow's waits", () =>
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
        // Announced by announceContest, after closing, by now.
        expect(contest.storedStatus).toBe("announced")
        expect(contest.announcedAt).not.toBeNull()
        expect(contest.announcedAt).toBeGreaterThanOrEqual(contest.result?.closedAt ?? Infinity)
        expect(contest.announcedAt).toBeLessThanOrEqual(TEST_NOW)
        // The podium: the top three by score, the winner first.
        const podium = contest.result?.podiumEntryIds ?? []
        expect(podium).toHaveLength(3)
        expect(podium[0]).toBe(contest.result?.winnerEntryId)
        const scores = podium.map((id) => tables.entries.get(id)?.weightedScore ?? -1)
        expect(scores).toEqual([...scores].sort((a, b) => b - a))
        const third = scores[2] ?? Infinity
        const outside = own.filter((entry) => !podium.includes(entry.id))
        expect(outside.every((entry) => entry.weightedScore <= third)).toBe(true)
        // The winner has the best weighted score of the contest.
        expect(Math.max(...own.map((entry) => entry.weightedScore))).toBe(winner?.weightedScore)
        for (const entry of own) {
          expect(entry.createdAt).toBeGreaterThanOrEqual(contest.startsAt)
          expect(entry.createdAt).toBeLessThan(contest.endsAt)
        }
      }
      const [today, tomorrow] = contests.slice(PAST_DAYS)
      expect(today?.result).toBeNull()
      expect(today?.announcedAt).toBeNull()
      expect(tomorrow?.announcedAt).toBeNull()
      // The announcements were audited as the operator's, and mailed to nobody: history is past.
      const announcements = tables.audit.filter((row) => row.action === "contest.announce")
      expect(announcements).toHaveLength(PAST_DAYS)
      expect(announcements.every((row) => row.actorId === null)).toBe(true)
      expect(tables.mails).toEqual([])
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
      expect(again).toMatchObject({
        members: 0,
        avatars: 0,
        contests: 0,
        entries: 0,
        votes: 0,
        views: 0,
        badges: 0,
        payments: 0,
      })
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
        avatars: 0,
        contests: 0,
        entries: 0,
        votes: 0,
        views: 0,
        payments: 0,
      })
      expect(store.tables.members.size).toBe(30)
    }))

  it("the plan is the same every time", () => {
    const input = planInput()
    expect(input.photoLineArt.every((page) => page >= 0)).toBe(true)
    expect(planDemoWorld(input)).toEqual(planDemoWorld(input))
  })

  it("plans only photos of the day's own page, whatever page the day runs", () => {
    // Every page comes round within 17 days: plan a month of days from several starting points.
    for (const shift of [0, 5, 11, 17, 23]) {
      const input = { ...planInput(), now: TEST_NOW + shift * DAY }
      const plan = planDemoWorld(input)
      for (const day of plan.days) {
        for (const entry of day.entries) {
          expect(input.photoLineArt[entry.photo]).toBe(day.lineArt)
        }
      }
    }
  })

  it("adds months as a provider bills: the same day, or the last of a shorter month", () => {
    expect(addMonths(Date.UTC(2026, 0, 31, 9, 30), 1)).toBe(Date.UTC(2026, 1, 28, 9, 30))
    expect(addMonths(Date.UTC(2026, 10, 15, 22), 2)).toBe(Date.UTC(2027, 0, 15, 22))
  })
})
