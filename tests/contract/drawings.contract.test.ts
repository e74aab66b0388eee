import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { seedMember } from "../../adapters/memory/seed.ts"
import { anonymisedMember } from "../../domain/accounts/delete-account.use-case.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { AuditLog } from "../../domain/admin/audit-log.port.ts"
import type { Drawing } from "../../domain/drawings/drawing.entity.ts"
import { DrawingRepository } from "../../domain/drawings/drawing.port.ts"
import {
  commitMonth,
  drawMonth,
  requestFreeEntry,
  verifyMonth,
} from "../../domain/drawings/drawings.use-case.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { type Mail, Mailer } from "../../domain/shared/mailer.port.ts"
import { NOW, contract, unique } from "./support/contract.ts"

const DAY = 86_400_000

/** A month no other test of the suite uses (the database is shared by the suite's tests). */
const uniqueMonth = () =>
  `${2100 + Math.floor(Math.random() * 7000)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, "0")}`

const committed = (month: string, fields: Partial<Drawing> = {}): Drawing => ({
  id: crypto.randomUUID(),
  month,
  tier: "pro",
  prizeCents: 5000,
  status: "committed",
  commitment: "c".repeat(64),
  seed: "5".repeat(64),
  entrants: null,
  listHash: null,
  winnerId: null,
  committedAt: NOW,
  drawnAt: null,
  paidAt: null,
  ...fields,
})

contract("DrawingRepository", (test) => {
  test("one drawing per month and tier; found by both keys and by id", () =>
    Effect.gen(function* () {
      const drawings = yield* DrawingRepository
      const month = uniqueMonth()
      const pro = committed(month)
      expect(yield* drawings.create(pro)).toBe(true)
      expect(yield* drawings.create(committed(month))).toBe(false)
      expect(yield* drawings.create(committed(month, { tier: "lite" }))).toBe(true)
      expect(Option.getOrThrow(yield* drawings.find(month, "pro"))).toEqual(pro)
      expect(Option.getOrThrow(yield* drawings.findById(pro.id))).toEqual(pro)
      expect(Option.isNone(yield* drawings.find(month, "champ"))).toBe(true)
      const listed = (yield* drawings.list).filter((d) => d.month === month)
      expect(listed.map((d) => d.tier)).toEqual(["lite", "pro"])
    }))

  test("a draw is recorded once, with its list in order; paid only once drawn", () =>
    Effect.gen(function* () {
      const drawings = yield* DrawingRepository
      const drawing = committed(uniqueMonth())
      yield* drawings.create(drawing)
      expect(yield* drawings.markPaid(drawing.id, NOW)).toBe(false)
      const outcome = {
        entrants: ["b-member", "a-member"],
        listHash: "f".repeat(64),
        winnerId: "a-member",
        drawnAt: NOW + 1,
      }
      expect(yield* drawings.recordDraw(drawing.id, outcome)).toBe(true)
      expect(yield* drawings.recordDraw(drawing.id, { ...outcome, winnerId: "b-member" })).toBe(
        false,
      )
      expect(Option.getOrThrow(yield* drawings.findById(drawing.id))).toEqual({
        ...drawing,
        ...outcome,
        status: "drawn",
      })
      expect(yield* drawings.markPaid(drawing.id, NOW + 2)).toBe(true)
      expect(yield* drawings.markPaid(drawing.id, NOW + 3)).toBe(false)
      expect(Option.getOrThrow(yield* drawings.findById(drawing.id))).toMatchObject({
        status: "paid",
        paidAt: NOW + 2,
      })
    }))

  test("one free entry per member and month; the month's free entrants", () =>
    Effect.gen(function* () {
      const drawings = yield* DrawingRepository
      const month = uniqueMonth()
      const a = yield* seedMember({ username: unique("free") })
      const b = yield* seedMember({ username: unique("free") })
      expect(yield* drawings.addFreeEntry({ memberId: a.id, month, requestedAt: NOW })).toBe(true)
      expect(yield* drawings.addFreeEntry({ memberId: a.id, month, requestedAt: NOW + 5 })).toBe(
        false,
      )
      expect(yield* drawings.addFreeEntry({ memberId: b.id, month, requestedAt: NOW })).toBe(true)
      expect(Option.getOrThrow(yield* drawings.findFreeEntry(a.id, month))).toEqual({
        memberId: a.id,
        month,
        requestedAt: NOW,
      })
      expect([...(yield* drawings.freeEntrants(month))].sort()).toEqual([a.id, b.id].sort())
    }))

  test("plan periods: each paid tier a member held, from and until; a month's drawing reads them", () =>
    Effect.gen(function* () {
      const subscriptions = yield* SubscriptionRepository
      const start = Date.UTC(2031, 4, 10)
      yield* TestClock.setTime(start)
      const member = yield* seedMember({ username: unique("periods"), tier: "lite" })
      const free = yield* seedMember({ username: unique("free"), tier: "free" })
      const plan = Option.getOrThrow(yield* subscriptions.find(member.id))
      // Spending a credit saves the same tier: no new period.
      yield* subscriptions.save({ ...plan, remaining: plan.remaining - 1 })
      yield* TestClock.setTime(start + DAY)
      yield* subscriptions.save({ ...plan, tier: "pro" })
      yield* TestClock.setTime(start + 2 * DAY)
      yield* subscriptions.save({ ...plan, tier: "free" })
      const mine = (from: number, until: number) =>
        subscriptions
          .periodsDuring(from, until)
          .pipe(Effect.map((all) => all.filter((p) => p.memberId === member.id)))
      const may = yield* mine(Date.UTC(2031, 4, 1), Date.UTC(2031, 5, 1))
      expect([...may].sort((a, b) => a.from - b.from)).toEqual([
        { memberId: member.id, tier: "lite", from: start, until: start + DAY },
        { memberId: member.id, tier: "pro", from: start + DAY, until: start + 2 * DAY },
      ])
      expect(yield* mine(start + DAY, start + 2 * DAY)).toEqual([
        { memberId: member.id, tier: "pro", from: start + DAY, until: start + 2 * DAY },
      ])
      expect(yield* mine(Date.UTC(2031, 5, 1), Date.UTC(2031, 6, 1))).toEqual([])
      const all = yield* subscriptions.periodsDuring(start, start + DAY)
      expect(all.some((p) => p.memberId === free.id)).toBe(false)

      // Back on a plan: a new open period, held in every later month.
      yield* TestClock.setTime(start + 3 * DAY)
      yield* subscriptions.save({ ...plan, tier: "champ" })
      expect(yield* mine(Date.UTC(2040, 0, 1), Date.UTC(2040, 1, 1))).toEqual([
        { memberId: member.id, tier: "champ", from: start + 3 * DAY, until: null },
      ])
      // A member's own periods, newest first ("Download my data").
      expect((yield* subscriptions.periodsOf(member.id)).map((p) => [p.tier, p.until])).toEqual([
        ["champ", null],
        ["pro", start + 2 * DAY],
        ["lite", start + DAY],
      ])
      expect(yield* subscriptions.periodsOf(free.id)).toEqual([])
    }))

  test('a tier stored as an older row spells it ("Pro") is one period with the plan\'s tier', () =>
    Effect.gen(function* () {
      const subscriptions = yield* SubscriptionRepository
      const member = yield* seedMember({ username: unique("spelled"), tier: "free" })
      const plan = Option.getOrThrow(yield* subscriptions.find(member.id))
      yield* subscriptions.save({ ...plan, tier: "Pro" as Tier })
      yield* TestClock.adjust("1 hour")
      yield* subscriptions.save({ ...plan, tier: "pro" })
      yield* subscriptions.save({ ...plan, tier: "Pro" as Tier, remaining: 3 })
      expect(yield* subscriptions.periodsOf(member.id)).toEqual([
        { memberId: member.id, tier: "pro", from: NOW, until: null },
      ])
    }))

  test("a month's draw counts who held the tier in the month: a cancelled member in, a later one out", () =>
    Effect.gen(function* () {
      const subscriptions = yield* SubscriptionRepository
      yield* TestClock.setTime(Date.UTC(2032, 6, 3))
      yield* commitMonth("2032-07")
      const cancelled = yield* seedMember({ username: unique("cancelled"), tier: "pro" })
      yield* TestClock.setTime(Date.UTC(2032, 6, 20))
      const plan = Option.getOrThrow(yield* subscriptions.find(cancelled.id))
      yield* subscriptions.save({ ...plan, tier: "free" })
      yield* TestClock.setTime(Date.UTC(2032, 7, 1, 0, 1))
      const late = yield* seedMember({ username: unique("late"), tier: "pro" })
      yield* TestClock.setTime(Date.UTC(2032, 7, 1, 0, 5))
      const drawn = yield* drawMonth("2032-07").pipe(
        Effect.provideService(Mailer, { send: () => Effect.void }),
      )
      const pro = drawn.find((r) => r.drawing.tier === "pro")?.drawing
      expect(pro?.entrants).toContain(cancelled.id)
      expect(pro?.entrants).not.toContain(late.id)
    }))

  test("barred members are those suspended now or whose account is deleted; a member's free entries, newest first", () =>
    Effect.gen(function* () {
      const drawings = yield* DrawingRepository
      const members = yield* MemberRepository
      const active = yield* seedMember({ username: unique("active"), tier: "lite" })
      const suspended = yield* seedMember({ username: unique("suspended"), tier: "lite" })
      const deleted = yield* seedMember({ username: unique("deleted"), tier: "lite" })
      yield* members.save({ ...suspended, suspendedAt: NOW })
      yield* members.save(anonymisedMember(deleted))
      const out = yield* drawings.barredMembers
      expect(out).toContain(suspended.id)
      expect(out).toContain(deleted.id)
      expect(out).not.toContain(active.id)

      const [older, newer] = [uniqueMonth(), uniqueMonth()].sort()
      yield* drawings.addFreeEntry({ memberId: active.id, month: older ?? "", requestedAt: NOW })
      yield* drawings.addFreeEntry({
        memberId: active.id,
        month: newer ?? "",
        requestedAt: NOW + 1,
      })
      yield* drawings.addFreeEntry({ memberId: suspended.id, month: older ?? "", requestedAt: NOW })
      const mine = yield* drawings.freeEntriesOf(active.id)
      expect(mine.map((entry) => entry.month)).toEqual(older === newer ? [older] : [newer, older])
      expect(mine.every((entry) => entry.memberId === active.id)).toBe(true)
    }))

  test("four instances drawing one month at once record one draw, one audit row and one mail", () =>
    Effect.gen(function* () {
      // A month of its own: the first tier-holders of this suite's database are in it.
      yield* TestClock.setTime(Date.UTC(2027, 2, 15))
      const member = yield* seedMember({ username: unique("champ"), tier: "champ" })
      // Each tier has an entrant of its own, so each drawing has a winner to mail.
      yield* seedMember({ username: unique("pro"), tier: "pro" })
      const freeRoute = yield* seedMember({ username: unique("free") })
      yield* requestFreeEntry(freeRoute.id)
      yield* commitMonth("2027-03")
      yield* TestClock.setTime(Date.UTC(2027, 3, 1, 0, 1))
      const mails: Array<Mail> = []
      const runs = yield* Effect.all(
        Array.from({ length: 4 }, () => drawMonth("2027-03")),
        { concurrency: "unbounded" },
      ).pipe(
        // The outbox is the mail adapter's; here the mails the draw queues are only counted.
        Effect.provideService(Mailer, { send: (mail) => Effect.sync(() => void mails.push(mail)) }),
      )
      expect(runs.flat().filter((r) => r.drawnNow)).toHaveLength(3)
      const champ = Option.getOrThrow(yield* (yield* DrawingRepository).find("2027-03", "champ"))
      expect(
        Option.getOrThrow(yield* (yield* DrawingRepository).find("2027-03", "lite")).entrants,
      ).toContain(freeRoute.id)
      const audit = yield* (yield* AuditLog).page(
        { targetType: "drawing", actionPrefix: "drawing.draw", targetId: champ.id },
        null,
        10,
      )
      expect(audit.items).toHaveLength(1)
      // Champ holds one member, so the draw is certain; each drawing mails its winner once.
      expect(champ).toMatchObject({ entrants: [member.id], winnerId: member.id })
      expect(mails.filter((mail) => mail.to === member.email)).toHaveLength(1)
      expect(mails.filter((mail) => mail.kind === "drawing-won")).toHaveLength(3)
      const checks = yield* verifyMonth("2027-03")
      expect(checks.every((c) => c.verification.ok)).toBe(true)
    }))
})
