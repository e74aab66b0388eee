import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW as NOON } from "../../adapters/memory/testing.ts"
import { submitEntry } from "./submit-entry.use-case.ts"

describe("submitEntry", () => {
  test("stores the entry and spends one credit", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      const contest = yield* seedContest()
      const { entry, subscription } = yield* submitEntry({
        memberId: member.id,
        contestId: contest.id,
        image: "images/abc",
      })
      expect(subscription.remaining).toBe(1)
      expect(entry).toMatchObject({
        contestId: contest.id,
        memberId: member.id,
        artistName: member.username,
        ageGroup: "adult",
        contestType: "traditional",
        voteCount: 0,
        weightedScore: 0,
        createdAt: NOON,
      })
      const store = yield* Memory
      expect(store.tables.entries.get(entry.id)).toEqual(entry)
      expect(store.tables.subscriptions.get(member.id)?.remaining).toBe(1)
    }))

  test("with no credit left is refused and writes nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const contest = yield* seedContest()
      const store = yield* Memory
      const error = yield* Effect.flip(
        submitEntry({ memberId: member.id, contestId: contest.id, image: "images/abc" }),
      )
      expect(error._tag).toBe("OutOfSubmissions")
      expect(error.code).toBe("OUT_OF_SUBMISSIONS")
      expect(error.message).toBe("You've run out of submissions, upgrade for more")
      expect(store.tables.entries.size).toBe(0)
      expect(store.tables.subscriptions.get(member.id)?.remaining).toBe(0)
      expect(store.tables.events.filter((e) => e.metric === "submissions")).toHaveLength(0)
    }))

  test("spends the last credit once, then refuses", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 1 })
      const contest = yield* seedContest()
      const submit = submitEntry({ memberId: member.id, contestId: contest.id, image: "i" })
      const results = yield* Effect.all([submit, submit, submit].map(Effect.result), {
        concurrency: "unbounded",
      })
      expect(results.filter((r) => r._tag === "Success")).toHaveLength(1)
      const store = yield* Memory
      expect(store.tables.entries.size).toBe(1)
      expect(store.tables.subscriptions.get(member.id)?.remaining).toBe(0)
    }))

  test("an unlimited plan never runs out and spends nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "champ", remaining: 0 })
      const contest = yield* seedContest()
      for (let i = 0; i < 5; i++) {
        yield* submitEntry({ memberId: member.id, contestId: contest.id, image: `i${i}` })
      }
      const store = yield* Memory
      expect(store.tables.entries.size).toBe(5)
    }))

  test("renews the monthly allowance on the 1st before spending", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "lite", remaining: 0 })
      // Renewal is due on Dec 1st 00:00 UTC; move past it and open a contest then.
      yield* TestClock.setTime(Date.UTC(2026, 11, 1, 0, 30))
      const contest = yield* seedContest()
      const { subscription } = yield* submitEntry({
        memberId: member.id,
        contestId: contest.id,
        image: "i",
      })
      expect(subscription.remaining).toBe(4)
      expect(subscription.renewsAt).toBe(Date.UTC(2027, 0, 1))
    }))

  test("is refused before the contest starts and from the end instant on", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro" })
      const upcoming = yield* seedContest({ startsIn: HOUR, lasts: DAY })
      const early = yield* Effect.flip(
        submitEntry({ memberId: member.id, contestId: upcoming.id, image: "i" }),
      )
      expect(early._tag).toBe("ContestClosed")
      expect(early.message).toContain("has not started")

      yield* TestClock.setTime(upcoming.endsAt - 1)
      yield* submitEntry({ memberId: member.id, contestId: upcoming.id, image: "i" })
      yield* TestClock.setTime(upcoming.endsAt)
      const late = yield* Effect.flip(
        submitEntry({ memberId: member.id, contestId: upcoming.id, image: "i" }),
      )
      expect(late._tag).toBe("ContestClosed")
      expect(late.code).toBe("CONTEST_CLOSED")
    }))

  test("names the missing contest or member", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const error = yield* Effect.flip(
        submitEntry({ memberId: member.id, contestId: "nope", image: "i" }),
      )
      expect(error).toMatchObject({ _tag: "NotFound", entity: "contest", id: "nope" })
      const contest = yield* seedContest()
      const ghost = yield* Effect.flip(
        submitEntry({ memberId: "ghost", contestId: contest.id, image: "i" }),
      )
      expect(ghost).toMatchObject({ _tag: "NotFound", entity: "member", id: "ghost" })
    }))
})
