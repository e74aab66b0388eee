import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { memberStats } from "../accounts/member-stats.use-case.ts"
import { awardBadges } from "../badges/award-badges.use-case.ts"
import { BadgeRepository } from "../badges/badge.port.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { closeContest } from "./close-contest.use-case.ts"

describe("closeContest", () => {
  test("picks the highest weighted score; People's Choice goes to the most raw votes", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const ann = yield* seedMember({ username: "ann" })
      const bob = yield* seedMember({ username: "bob" })
      const { entry: annEntry } = yield* submitEntry({
        memberId: ann.id,
        contestId: contest.id,
        image: "a",
      })
      const { entry: bobEntry } = yield* submitEntry({
        memberId: bob.id,
        contestId: contest.id,
        image: "b",
      })
      // Ann: one champ vote (3). Bob: two free votes (2 raw, 2 weighted).
      const champ = yield* seedMember({ tier: "champ" })
      yield* castVote({ voterId: champ.id, entryId: annEntry.id })
      for (const voter of [yield* seedMember(), yield* seedMember()]) {
        yield* castVote({ voterId: voter.id, entryId: bobEntry.id })
      }
      yield* TestClock.setTime(contest.endsAt)
      const { result, badges } = yield* closeContest(contest.id)
      expect(result).toMatchObject({
        closedAt: contest.endsAt,
        winnerEntryId: annEntry.id,
        winnerMemberId: ann.id,
        winnerRawVotes: 1,
        winnerWeightedScore: 3,
        peoplesChoiceEntryId: bobEntry.id,
        peoplesChoiceMemberId: bob.id,
        totalEntries: 2,
        totalVotes: 3,
      })
      expect(badges.map((b) => `${b.memberId}:${b.badgeId}`).sort()).toEqual(
        [`${ann.id}:first-win`, `${bob.id}:peoples-choice`].sort(),
      )
      expect(yield* memberStats(ann.id)).toEqual({
        totalSubmissions: 1,
        totalVotes: 1,
        winCount: 1,
        contestsParticipated: 1,
      })
    }))

  test("ties go to the earlier entry", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const first = yield* seedMember()
      const second = yield* seedMember()
      const { entry: early } = yield* submitEntry({
        memberId: first.id,
        contestId: contest.id,
        image: "a",
      })
      yield* TestClock.adjust(60_000)
      const { entry: late } = yield* submitEntry({
        memberId: second.id,
        contestId: contest.id,
        image: "b",
      })
      for (const entry of [late, early]) {
        yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
      }
      yield* TestClock.setTime(contest.endsAt + HOUR)
      const { result } = yield* closeContest(contest.id)
      expect(result.winnerEntryId).toBe(early.id)
    }))

  test("recomputes counters from the vote rows, the source of truth", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const artist = yield* seedMember()
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "a",
      })
      yield* castVote({ voterId: (yield* seedMember({ tier: "pro" })).id, entryId: entry.id })
      const store = yield* Memory
      store.tables.entries.set(entry.id, { ...entry, voteCount: 99, weightedScore: 99 })
      yield* TestClock.setTime(contest.endsAt)
      const { result } = yield* closeContest(contest.id)
      expect(store.tables.entries.get(entry.id)).toMatchObject({ voteCount: 1, weightedScore: 2 })
      expect(result.winnerWeightedScore).toBe(2)
    }))

  test("refuses a contest that has not ended, and a cancelled one", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const open = yield* Effect.flip(closeContest(contest.id))
      expect(open).toMatchObject({ _tag: "ContestNotClosable", status: "active" })
      const store = yield* Memory
      store.tables.contests.set(contest.id, { ...contest, storedStatus: "Cancelled" })
      yield* TestClock.setTime(contest.endsAt)
      const cancelled = yield* Effect.flip(closeContest(contest.id))
      expect(cancelled).toMatchObject({ _tag: "ContestNotClosable", status: "cancelled" })
      expect(store.tables.contests.get(contest.id)?.result).toBeNull()
    }))

  test("closing twice returns the first result and grants nothing more", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const artist = yield* seedMember()
      yield* submitEntry({ memberId: artist.id, contestId: contest.id, image: "a" })
      yield* TestClock.setTime(contest.endsAt)
      const first = yield* closeContest(contest.id)
      yield* TestClock.adjust(DAY)
      const second = yield* closeContest(contest.id)
      expect(second.result).toEqual(first.result)
      expect(second.badges).toEqual([])
    }))
})

describe("awardBadges", () => {
  test("a backfill run twice grants each badge once", () =>
    Effect.gen(function* () {
      const artist = yield* seedMember({ tier: "pro" })
      for (let day = 0; day < 3; day++) {
        yield* TestClock.setTime(TEST_NOW + day * DAY)
        const contest = yield* seedContest({ startsIn: 0, lasts: DAY })
        const { entry } = yield* submitEntry({
          memberId: artist.id,
          contestId: contest.id,
          image: "a",
        })
        yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
        yield* TestClock.setTime(contest.endsAt)
        yield* closeContest(contest.id)
      }
      const store = yield* Memory
      store.tables.badges.clear()
      const first = yield* awardBadges()
      expect(first.map((grant) => grant.badgeId).sort()).toEqual([
        "first-win",
        "hat-trick",
        "peoples-choice",
      ])
      expect(yield* awardBadges()).toEqual([])
      const badges = yield* BadgeRepository
      expect((yield* badges.of(artist.id)).map((grant) => grant.badgeId).sort()).toEqual([
        "first-win",
        "hat-trick",
        "peoples-choice",
      ])
    }))
})
