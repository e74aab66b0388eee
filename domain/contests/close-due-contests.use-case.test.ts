import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { CLOSING_BATCH, closeDueContests } from "./close-due-contests.use-case.ts"

describe("closeDueContests", () => {
  test("closes every ended contest, oldest first, and leaves running ones open", () =>
    Effect.gen(function* () {
      const older = yield* seedContest({ startsIn: -3 * DAY, lasts: DAY, contestType: "a" })
      const newer = yield* seedContest({ startsIn: -2 * DAY, lasts: HOUR, contestType: "b" })
      yield* seedContest({ contestType: "c" })
      const closed = yield* closeDueContests()
      expect(closed.map(({ contest }) => contest.id)).toEqual([older.id, newer.id])
      expect(closed.every(({ result }) => result.winnerEntryId === null)).toBe(true)
      expect(yield* closeDueContests()).toEqual([])
    }))

  test("decides each winner and grants their badges", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ lasts: 2 * HOUR })
      const artist = yield* seedMember()
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "a",
      })
      yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
      yield* TestClock.setTime(contest.endsAt)
      const [closed] = yield* closeDueContests()
      expect(closed?.result.winnerMemberId).toBe(artist.id)
      expect(closed?.badges.map((grant) => grant.badgeId).sort()).toEqual([
        "first-win",
        "peoples-choice",
      ])
    }))

  test("goes on past the first batch", () =>
    Effect.gen(function* () {
      const count = CLOSING_BATCH + 5
      for (let n = 0; n < count; n++) {
        yield* seedContest({ startsIn: -DAY + n * HOUR, lasts: HOUR / 2, contestType: `t${n}` })
      }
      yield* TestClock.adjust(DAY)
      expect(yield* closeDueContests()).toHaveLength(count)
    }))
})
