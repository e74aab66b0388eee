import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { AdminInsights } from "../../domain/admin/admin-insights.port.ts"
import { AuditLog } from "../../domain/admin/audit-log.port.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import { ContestAnalytics } from "../../domain/contests/contest-analytics.port.ts"
import { ContestRepository } from "../../domain/contests/contest.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { NOW, contract, entryOf, unique } from "./support/contract.ts"

/**
 * The ports the admin dashboard added, on every backend: the audit log, the dashboard's counts,
 * contests by status and window, member search, moderation writes, the inbox's filters.
 */

contract("AuditLog", (test) => {
  test("records rows with JSON before/after and pages them newest first, filtered", () =>
    Effect.gen(function* () {
      const log = yield* AuditLog
      const target = unique("t")
      const actor = yield* seedMember({ username: unique("a").slice(0, 30) })
      for (const [index, action] of ["contest.create", "contest.update", "entry.hide"].entries()) {
        yield* log.record({
          actorId: index === 2 ? null : actor.id,
          action,
          targetType: index === 2 ? "entry" : "contest",
          targetId: target,
          before: index === 0 ? null : { title: "Before", n: index },
          after: { title: "After", n: index, nested: { ok: true } },
          at: NOW + index * HOUR,
        })
      }
      const all = yield* log.page({ targetId: target }, null, 10)
      expect(all.items.map((row) => row.action)).toEqual([
        "entry.hide",
        "contest.update",
        "contest.create",
      ])
      expect(all.items[1]).toMatchObject({
        actorId: actor.id,
        targetType: "contest",
        before: { title: "Before", n: 1 },
        after: { title: "After", n: 1, nested: { ok: true } },
        at: NOW + HOUR,
      })
      expect(all.items[0]?.actorId).toBeNull()
      expect(all.items[2]?.before).toBeNull()

      const contestOnly = yield* log.page({ targetId: target, actionPrefix: "contest." }, null, 1)
      expect(contestOnly.items.map((row) => row.action)).toEqual(["contest.update"])
      const rest = yield* log.page(
        { targetId: target, actionPrefix: "contest." },
        contestOnly.nextCursor,
        1,
      )
      expect(rest.items.map((row) => row.action)).toEqual(["contest.create"])
      expect(rest.nextCursor).toBeNull()

      const byActor = yield* log.page({ targetId: target, actorId: actor.id }, null, 10)
      expect(byActor.items).toHaveLength(2)
      const windowed = yield* log.page(
        { targetId: target, from: NOW + HOUR, to: NOW + 2 * HOUR },
        null,
        10,
      )
      expect(windowed.items.map((row) => row.action)).toEqual(["contest.update"])
      // "%" is a literal, not a wildcard.
      expect((yield* log.page({ targetId: target, actionPrefix: "%" }, null, 10)).items).toEqual([])
    }))
})

contract("AdminInsights", (test) => {
  test("counts a contest's activity by UTC hour, and entries and votes per contest", () =>
    Effect.gen(function* () {
      const insights = yield* AdminInsights
      const analytics = yield* ContestAnalytics
      const entries = yield* EntryRepository
      const votes = yield* VoteRepository
      const contest = yield* seedContest({ contestType: unique("type") })
      const artist = yield* seedMember({ username: unique("m").slice(0, 30) })
      const voter = yield* seedMember({ username: unique("v").slice(0, 30) })
      const hour = NOW - (NOW % HOUR)
      yield* analytics.recordEvent({ contestId: contest.id, metric: "views", at: hour + 5 })
      yield* analytics.recordEvent({ contestId: contest.id, metric: "views", at: hour + 10 })
      yield* analytics.recordEvent({ contestId: contest.id, metric: "downloads", at: hour + HOUR })
      const entry = entryOf(artist, contest.id, { createdAt: hour + 20, voteCount: 1 })
      yield* entries.insert(entry)
      yield* votes.record({
        id: crypto.randomUUID(),
        entryId: entry.id,
        contestId: contest.id,
        voterId: voter.id,
        weight: 2,
        castAt: hour + HOUR + 30,
      })
      const counts = yield* insights.activity({
        from: hour - DAY,
        to: hour + DAY,
        contestId: contest.id,
      })
      expect(counts).toEqual([
        { metric: "views", hour, count: 2 },
        { metric: "entries", hour, count: 1 },
        { metric: "downloads", hour: hour + HOUR, count: 1 },
        { metric: "votes", hour: hour + HOUR, count: 1 },
      ])
      const outside = yield* insights.activity({
        from: hour + 2 * HOUR,
        to: hour + DAY,
        contestId: contest.id,
      })
      expect(outside).toEqual([])
      const totals = yield* insights.contestTotals([contest.id, "no-such-contest"])
      expect(totals.get(contest.id)).toEqual({ entries: 1, votes: 1 })
      expect(totals.has("no-such-contest")).toBe(false)
      expect((yield* insights.contestTotals([])).size).toBe(0)
    }))

  test("counts sign-ups and first paid plans, and the paid share of members", () =>
    Effect.gen(function* () {
      const insights = yield* AdminInsights
      const ledger = yield* PaymentLedger
      // A window of its own, far from every other test's rows.
      const at = NOW + 900 * DAY
      const before = yield* insights.memberCounts
      const newcomer = yield* seedMember({ username: unique("n").slice(0, 30), createdAt: at })
      yield* seedMember({ username: unique("p").slice(0, 30), createdAt: at + 1, tier: "pro" })
      for (const [index, offset] of [0, DAY].entries()) {
        yield* ledger.save({
          id: crypto.randomUUID(),
          memberId: newcomer.id,
          checkoutSessionId: unique(`cs${index}`),
          purchase: { kind: "plan", tier: "lite" },
          amountCents: 499,
          status: "paid",
          invoiceUrl: null,
          paymentMethod: null,
          createdAt: at + offset,
          fulfilledAt: at + offset,
        })
      }
      const counts = yield* insights.activity({ from: at - HOUR, to: at + 2 * DAY })
      expect(counts).toEqual([
        { metric: "signUps", hour: at - (at % HOUR), count: 2 },
        { metric: "paidConversions", hour: at - (at % HOUR), count: 1 },
      ])
      const after = yield* insights.memberCounts
      expect(after.members - before.members).toBe(2)
      expect(after.paid - before.paid).toBe(1)
    }))
})

contract("ContestRepository.list and between", (test) => {
  test("lists by the status the clock derives, newest start first, and finds windows", () =>
    Effect.gen(function* () {
      const contests = yield* ContestRepository
      const type = unique("kind")
      const scheduled = yield* seedContest({ contestType: type, startsIn: 3 * DAY })
      const active = yield* seedContest({ contestType: type })
      const ended = yield* seedContest({ contestType: type, startsIn: -3 * DAY })
      const announced = yield* seedContest({ contestType: type, startsIn: -5 * DAY })
      yield* contests.save({ ...announced, storedStatus: " Announced " })
      const cancelled = yield* seedContest({ contestType: type, startsIn: 6 * DAY })
      yield* contests.save({ ...cancelled, storedStatus: "CANCELLED" })
      const ours = new Set([scheduled, active, ended, announced, cancelled].map((c) => c.id))
      const listed = (status?: Parameters<typeof contests.list>[0]["status"]) =>
        Effect.map(contests.list({ status, now: NOW }, null, 100), (page) =>
          page.items.filter((c) => ours.has(c.id)).map((c) => c.id),
        )
      expect(yield* listed("scheduled")).toEqual([scheduled.id])
      expect(yield* listed("active")).toEqual([active.id])
      expect(yield* listed("ended")).toEqual([ended.id])
      expect(yield* listed("announced")).toEqual([announced.id])
      expect(yield* listed("cancelled")).toEqual([cancelled.id])
      expect(yield* listed()).toEqual([
        cancelled.id,
        scheduled.id,
        active.id,
        ended.id,
        announced.id,
      ])

      const window = yield* contests.between(NOW + 2 * DAY, NOW + 7 * DAY)
      const inWindow = window.filter((c) => ours.has(c.id)).map((c) => c.id)
      expect(inWindow).toEqual([scheduled.id, cancelled.id])
    }))
})

contract("MemberRepository.search and count", (test) => {
  test("finds members by a part of e-mail, username or name, newest first, case-insensitively", () =>
    Effect.gen(function* () {
      const members = yield* MemberRepository
      const tag = unique("q").replaceAll("-", "").slice(0, 12)
      const count = yield* members.count
      const older = yield* seedMember({
        username: `${tag}old`,
        firstName: "Grace",
        createdAt: NOW - DAY,
      })
      const newer = yield* seedMember({ username: unique("x").slice(0, 30), lastName: `Van${tag}` })
      expect((yield* members.count) - count).toBe(2)
      const found = yield* members.search(tag.toUpperCase(), null, 10)
      expect(found.items.map((m) => m.id)).toEqual([newer.id, older.id])
      const first = yield* members.search(tag, null, 1)
      expect(first.items.map((m) => m.id)).toEqual([newer.id])
      const second = yield* members.search(tag, first.nextCursor, 1)
      expect(second.items.map((m) => m.id)).toEqual([older.id])
      expect((yield* members.search(`${tag}_`, null, 10)).items).toEqual([])
      expect((yield* members.search(older.email, null, 10)).items.map((m) => m.id)).toEqual([
        older.id,
      ])
    }))
})

contract("EntryRepository.saveModeration and showAllOf", (test) => {
  test("writes moderation only, and shows again just what hideAllOf hid with the reason", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const contest = yield* seedContest({ contestType: unique("type") })
      const artist = yield* seedMember({ username: unique("m").slice(0, 30) })
      const shown = entryOf(artist, contest.id, { voteCount: 4 })
      const disqualified = entryOf(artist, contest.id, {
        moderation: "disqualified",
        moderationReason: "Traced",
      })
      yield* entries.insert(shown)
      yield* entries.insert(disqualified)
      yield* entries.saveModeration({
        ...shown,
        voteCount: 99,
        moderation: "hidden",
        moderationReason: "Blurry",
      })
      expect(yield* entries.get(shown.id)).toMatchObject({
        moderation: "hidden",
        moderationReason: "Blurry",
        voteCount: 4,
      })
      yield* entries.saveModeration({ ...shown, moderation: "visible", moderationReason: null })
      yield* entries.hideAllOf(artist.id, "Suspended")
      expect((yield* entries.get(shown.id)).moderation).toBe("hidden")
      yield* entries.showAllOf(artist.id, "Suspended")
      expect(yield* entries.get(shown.id)).toMatchObject({
        moderation: "visible",
        moderationReason: null,
      })
      expect(yield* entries.get(disqualified.id)).toMatchObject({
        moderation: "disqualified",
        moderationReason: "Traced",
      })
    }))
})

contract("ContactMessageRepository for the inbox", (test) => {
  test("gets one message, pages only the unhandled ones when asked, and counts them", () =>
    Effect.gen(function* () {
      const messages = yield* ContactMessageRepository
      const before = yield* messages.countUnhandled
      const message = (handledAt: number | null, offset: number): ContactMessage => ({
        id: crypto.randomUUID(),
        memberId: null,
        name: "Ada",
        email: `${unique("c")}@example.test`,
        subject: "Hello",
        message: "A question",
        createdAt: NOW + 2000 * DAY + offset,
        handledAt,
      })
      const open = message(null, 2)
      const handled = message(NOW, 1)
      yield* messages.save(open)
      yield* messages.save(handled)
      expect(yield* messages.get(handled.id)).toEqual(handled)
      expect((yield* messages.countUnhandled) - before).toBe(1)
      const unhandled = yield* messages.page(null, 2, { unhandledOnly: true })
      expect(unhandled.items.map((m) => m.id)).toContain(open.id)
      expect(unhandled.items.map((m) => m.id)).not.toContain(handled.id)
      const all = yield* messages.page(null, 2)
      expect(all.items.map((m) => m.id)).toEqual([open.id, handled.id])
      const missing = yield* Effect.flip(messages.get("no-such-message"))
      expect(missing).toMatchObject({ _tag: "NotFound", entity: "message" })
    }))
})
