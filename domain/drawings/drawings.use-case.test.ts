import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { anonymisedMember } from "../accounts/delete-account.use-case.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { runScheduledJobs } from "../jobs/scheduled-jobs.use-case.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { commitmentOf, verifyDraw } from "./draw-rules.ts"
import { DrawingRepository } from "./drawing.port.ts"
import {
  commitMonth,
  drawMonth,
  listDrawings,
  markDrawingPaid,
  requestFreeEntry,
  verifyMonth,
} from "./drawings.use-case.ts"

// The memory world's clock starts on 2026-11-22.
const DECEMBER_FIRST = Date.UTC(2026, 11, 1, 0, 5)

describe("monthly drawings", () => {
  test("commit publishes each paid tier's commitment with the plan's prize, once", () =>
    Effect.gen(function* () {
      const first = yield* commitMonth("2026-11")
      expect(first.map((d) => [d.tier, d.prizeCents, d.status])).toEqual([
        ["lite", 2500, "committed"],
        ["pro", 5000, "committed"],
        ["champ", 10000, "committed"],
      ])
      for (const drawing of first) {
        expect(drawing.seed).toMatch(/^[0-9a-f]{64}$/)
        expect(yield* Effect.promise(() => commitmentOf(drawing.seed))).toBe(drawing.commitment)
      }
      expect(new Set(first.map((d) => d.seed)).size).toBe(3)
      const again = yield* commitMonth("2026-11")
      expect(again.map((d) => d.seed)).toEqual(first.map((d) => d.seed))
      expect(
        (yield* Memory).tables.audit.filter((r) => r.action === "drawing.commit"),
      ).toHaveLength(3)
      // Before the draw nothing secret is shown.
      const shown = yield* listDrawings()
      expect(shown.every((d) => d.seed === null && d.entrants === null)).toBe(true)
    }))

  test("commit refuses a malformed month and a month that has ended", () =>
    Effect.gen(function* () {
      const malformed = yield* Effect.flip(commitMonth("2026-13"))
      expect(malformed.message).toContain("YYYY-MM")
      const closed = yield* Effect.flip(commitMonth("2026-10"))
      expect(closed.message).toContain("2026-10 has ended")
    }))

  test("draw waits for the month to end, then draws each tier from its members once", () =>
    Effect.gen(function* () {
      const lite = yield* seedMember({ tier: "lite" })
      const pro = yield* seedMember({ tier: "pro" })
      yield* seedMember({ tier: "free" })
      const freeRoute = yield* seedMember({ tier: "free" })
      yield* requestFreeEntry(freeRoute.id)
      yield* commitMonth("2026-11")
      const early = yield* Effect.flip(drawMonth("2026-11"))
      expect(early.message).toContain("has not ended yet")

      yield* TestClock.setTime(DECEMBER_FIRST)
      const drawn = yield* drawMonth("2026-11")
      const byTier = Object.fromEntries(drawn.map((r) => [r.drawing.tier, r]))
      expect(byTier.lite?.drawing.entrants).toEqual([freeRoute.id, lite.id].sort())
      expect(byTier.pro?.drawing).toMatchObject({ entrants: [pro.id], winnerId: pro.id })
      // Nobody on Champ: drawn, with no winner.
      expect(byTier.champ?.drawing).toMatchObject({ status: "drawn", entrants: [], winnerId: null })
      expect(drawn.every((r) => r.drawnNow)).toBe(true)

      const memory = yield* Memory
      const won = memory.tables.mails.filter((mail) => mail.kind === "drawing-won")
      expect(won.map((mail) => mail.to).sort()).toEqual(
        [
          pro.email,
          byTier.lite?.drawing.winnerId === lite.id ? lite.email : freeRoute.email,
        ].sort(),
      )
      expect(won.find((mail) => mail.to === pro.email)).toMatchObject({
        month: "2026-11",
        planName: "Color Pro",
        prizeCents: 5000,
        entrants: 1,
      })

      // Drawing again changes nothing and mails nobody.
      const again = yield* drawMonth("2026-11")
      expect(again.every((r) => !r.drawnNow)).toBe(true)
      expect(again.map((r) => r.drawing.winnerId)).toEqual(drawn.map((r) => r.drawing.winnerId))
      expect(memory.tables.mails.filter((mail) => mail.kind === "drawing-won")).toHaveLength(2)
      expect(memory.tables.audit.filter((r) => r.action === "drawing.draw")).toHaveLength(3)

      // Every draw re-checks from what it published.
      const checks = yield* verifyMonth("2026-11")
      expect(checks.map((c) => c.verification.ok)).toEqual([true, true, true])
      const shown = yield* listDrawings()
      const proShown = shown.find((d) => d.tier === "pro")
      expect(proShown).toMatchObject({ winnerName: pro.username, seed: byTier.pro?.drawing.seed })
    }))

  test("a member who changed plan mid-month is in the drawing of each tier held that month", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "lite" })
      yield* commitMonth("2026-11")
      yield* TestClock.adjust("1 day")
      const subscriptions = yield* SubscriptionRepository
      const subscription = Option.getOrThrow(yield* subscriptions.find(member.id))
      yield* subscriptions.save({ ...subscription, tier: "champ" })
      yield* TestClock.setTime(DECEMBER_FIRST)
      const drawn = yield* drawMonth("2026-11")
      expect(drawn.find((r) => r.drawing.tier === "champ")?.drawing.entrants).toEqual([member.id])
      expect(drawn.find((r) => r.drawing.tier === "lite")?.drawing.entrants).toEqual([member.id])
      expect(drawn.find((r) => r.drawing.tier === "pro")?.drawing.entrants).toEqual([])
    }))

  test("a member who cancelled mid-month is in that month's drawing; one who joined after it, not", () =>
    Effect.gen(function* () {
      const cancelled = yield* seedMember({ tier: "pro" })
      yield* commitMonth("2026-11")
      yield* TestClock.adjust("2 days")
      const subscriptions = yield* SubscriptionRepository
      const plan = Option.getOrThrow(yield* subscriptions.find(cancelled.id))
      yield* subscriptions.save({ ...plan, tier: "free" })
      // Subscribed on December 1st, before November is drawn: the tier now is not the month's.
      yield* TestClock.setTime(Date.UTC(2026, 11, 1, 0, 1))
      const late = yield* seedMember({ tier: "pro" })
      yield* TestClock.setTime(DECEMBER_FIRST)
      const november = yield* drawMonth("2026-11")
      expect(november.find((r) => r.drawing.tier === "pro")?.drawing).toMatchObject({
        entrants: [cancelled.id],
        winnerId: cancelled.id,
      })
      yield* commitMonth("2026-12")
      yield* TestClock.setTime(Date.UTC(2027, 0, 1, 0, 5))
      const december = yield* drawMonth("2026-12")
      expect(december.find((r) => r.drawing.tier === "pro")?.drawing.entrants).toEqual([late.id])
    }))

  test("a member whose account is deleted before the draw is in no drawing", () =>
    Effect.gen(function* () {
      const kept = yield* seedMember({ tier: "champ" })
      const gone = yield* seedMember({ tier: "champ" })
      yield* commitMonth("2026-11")
      yield* TestClock.adjust("1 day")
      yield* (yield* MemberRepository).save(anonymisedMember(gone))
      yield* TestClock.setTime(DECEMBER_FIRST)
      const drawn = yield* drawMonth("2026-11")
      expect(drawn.find((r) => r.drawing.tier === "champ")?.drawing.entrants).toEqual([kept.id])
    }))

  test("a drawing never committed is not drawn: commit-reveal needs the commitment first", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(DECEMBER_FIRST)
      const refused = yield* Effect.flip(drawMonth("2026-11"))
      expect(refused.message).toContain("was never committed")
    }))

  test("a changed stored seed, list or winner fails the month's verification", () =>
    Effect.gen(function* () {
      yield* seedMember({ tier: "pro" })
      yield* seedMember({ tier: "pro" })
      yield* commitMonth("2026-11")
      yield* TestClock.setTime(DECEMBER_FIRST)
      const drawn = yield* drawMonth("2026-11")
      const pro = drawn.find((r) => r.drawing.tier === "pro")?.drawing
      if (pro === undefined) throw new Error("no pro drawing")
      const memory = yield* Memory
      const tamper = (fields: Partial<typeof pro>) =>
        Effect.gen(function* () {
          memory.tables.drawings.set(pro.id, { ...pro, ...fields })
          const checks = yield* verifyMonth("2026-11")
          return checks.find((c) => c.drawing.tier === "pro")?.verification
        })
      const other = pro.entrants?.find((id) => id !== pro.winnerId) ?? null
      expect(yield* tamper({ winnerId: other })).toMatchObject({ ok: false, failed: "winner" })
      expect(
        yield* tamper({ seed: `${pro.seed.slice(0, 63)}${pro.seed.endsWith("0") ? "1" : "0"}` }),
      ).toMatchObject({ ok: false, failed: "commitment" })
      expect(yield* tamper({ entrants: pro.entrants?.slice(1) ?? [] })).toMatchObject({
        ok: false,
        failed: "list-hash",
      })
      expect(yield* tamper({})).toMatchObject({ ok: true })
      expect(
        yield* Effect.promise(() =>
          verifyDraw({
            commitment: pro.commitment,
            seed: pro.seed,
            entrants: pro.entrants ?? [],
            listHash: pro.listHash ?? "",
            winnerId: pro.winnerId,
          }),
        ),
      ).toMatchObject({ ok: true })
    }))

  test("the free route: one entry a month, asked again answers the same entry", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const first = yield* requestFreeEntry(member.id)
      expect(first).toMatchObject({ created: true, tier: "lite", entry: { month: "2026-11" } })
      yield* TestClock.adjust("1 hour")
      const second = yield* requestFreeEntry(member.id)
      expect(second).toMatchObject({ created: false, entry: first.entry })
      expect(yield* (yield* DrawingRepository).freeEntrants("2026-11")).toEqual([member.id])
      // Next month is a new month.
      yield* TestClock.setTime(DECEMBER_FIRST)
      expect((yield* requestFreeEntry(member.id)).entry.month).toBe("2026-12")
      const unknown = yield* Effect.flip(requestFreeEntry("nobody"))
      expect(unknown._tag).toBe("NotFound")
    }))

  test("an admin marks a drawn prize paid; a drawing without a winner cannot be", () =>
    Effect.gen(function* () {
      yield* seedMember({ tier: "pro" })
      yield* commitMonth("2026-11")
      const committed = yield* Effect.flip(
        markDrawingPaid((yield* listDrawings())[0]?.id ?? "", "admin"),
      )
      expect(committed.message).toContain("has not been drawn yet")
      yield* TestClock.setTime(DECEMBER_FIRST)
      const drawn = yield* drawMonth("2026-11")
      const pro = drawn.find((r) => r.drawing.tier === "pro")?.drawing
      const champ = drawn.find((r) => r.drawing.tier === "champ")?.drawing
      const paid = yield* markDrawingPaid(pro?.id ?? "", "admin")
      expect(paid).toMatchObject({ status: "paid", paidAt: DECEMBER_FIRST })
      expect((yield* markDrawingPaid(pro?.id ?? "", "admin")).paidAt).toBe(DECEMBER_FIRST)
      const noWinner = yield* Effect.flip(markDrawingPaid(champ?.id ?? "", "admin"))
      expect(noWinner.message).toContain("no winner")
      expect((yield* Effect.flip(markDrawingPaid("missing", "admin")))._tag).toBe("NotFound")
      const audit = (yield* Memory).tables.audit.filter((r) => r.action === "drawing.paid")
      expect(audit).toMatchObject([{ actorId: "admin", targetId: pro?.id }])
    }))

  test("the scheduler commits the month on its first tick and draws it once after it closes", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro" })
      const first = yield* runScheduledJobs("instance-a")
      expect(first.drawingsDrawn).toBe(0)
      const drawings = yield* DrawingRepository
      const november = Option.getOrThrow(yield* drawings.find("2026-11", "pro"))
      expect(november.status).toBe("committed")
      // Another instance finds the lease held; the same instance's next tick changes nothing.
      expect((yield* runScheduledJobs("instance-b")).skipped).toContain("monthly-drawings")
      yield* runScheduledJobs("instance-a")
      expect(Option.getOrThrow(yield* drawings.find("2026-11", "pro")).seed).toBe(november.seed)

      yield* TestClock.setTime(DECEMBER_FIRST)
      expect((yield* runScheduledJobs("instance-a")).drawingsDrawn).toBe(3)
      expect(Option.getOrThrow(yield* drawings.find("2026-11", "pro"))).toMatchObject({
        status: "drawn",
        seed: november.seed,
        winnerId: member.id,
      })
      expect(Option.getOrThrow(yield* drawings.find("2026-12", "pro")).status).toBe("committed")
      // Past the lease, the other instance ticks: nothing is drawn twice.
      yield* TestClock.adjust("10 minutes")
      expect((yield* runScheduledJobs("instance-b")).drawingsDrawn).toBe(0)
      const memory = yield* Memory
      expect(memory.tables.mails.filter((mail) => mail.kind === "drawing-won")).toHaveLength(1)
    }))

  test("the scheduler leaves a month that was never committed undrawn", () =>
    Effect.gen(function* () {
      yield* seedMember({ tier: "pro" })
      yield* TestClock.setTime(DECEMBER_FIRST)
      expect((yield* runScheduledJobs("instance-a")).drawingsDrawn).toBe(0)
      const drawings = yield* DrawingRepository
      expect(Option.isNone(yield* drawings.find("2026-11", "pro"))).toBe(true)
      expect(Option.isSome(yield* drawings.find("2026-12", "pro"))).toBe(true)
    }))
})
