import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { DAY, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { ContestRepository } from "../contests/contest.port.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { recordView } from "../contests/record-download.use-case.ts"
import { runScheduledJobs } from "./scheduled-jobs.use-case.ts"

describe("runScheduledJobs", () => {
  test("closes ended contests and renews subscriptions on the 1st, once per lease holder", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "lite" })
      const contest = yield* seedContest({ lasts: DAY })
      yield* submitEntry({ memberId: member.id, contestId: contest.id, image: "i" })
      // Move past the contest's end and the 1st of next month.
      yield* TestClock.setTime(Date.UTC(2026, 11, 1, 1))
      const report = yield* runScheduledJobs("instance-a")
      expect(report).toMatchObject({ closedContests: 1, renewedSubscriptions: 1, skipped: [] })
      const contests = yield* ContestRepository
      expect((yield* contests.get(contest.id)).result).not.toBeNull()
      const subscriptions = yield* SubscriptionRepository
      expect(Option.getOrThrow(yield* subscriptions.find(member.id)).remaining).toBe(5)
      // Another instance finds the leases held and does nothing.
      const other = yield* runScheduledJobs("instance-b")
      expect(other.skipped).toEqual(
        expect.arrayContaining(["close-due-contests", "renew-subscriptions", "forget-old-visits"]),
      )
    }))

  test("forgets the visits noted before yesterday, so the once-a-day notes do not pile up", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ lasts: DAY })
      const visitor = { contestId: contest.id, memberId: null, visitor: "address:a" }
      yield* recordView(visitor)
      yield* TestClock.adjust("1 day")
      yield* recordView(visitor)
      yield* runScheduledJobs("instance-a")
      // Today's and yesterday's notes are kept: a repeat today still does not count.
      expect((yield* Memory).tables.visits.size).toBe(2)
      expect((yield* recordView(visitor)).counted).toBe(false)
      yield* TestClock.adjust("2 days")
      yield* runScheduledJobs("instance-a")
      expect((yield* Memory).tables.visits.size).toBe(0)
    }))
})
