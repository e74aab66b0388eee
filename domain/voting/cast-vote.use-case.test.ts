import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote, hasVoted } from "./cast-vote.use-case.ts"

const world = Effect.gen(function* () {
  const artist = yield* seedMember({ tier: "free" })
  const contest = yield* seedContest()
  const { entry } = yield* submitEntry({ memberId: artist.id, contestId: contest.id, image: "i" })
  return { artist, contest, entry }
})

describe("castVote", () => {
  test("counts a vote with the voter's plan weight and reports it", () =>
    Effect.gen(function* () {
      const { contest, entry } = yield* world
      const pro = yield* seedMember({ tier: "pro" })
      const lite = yield* seedMember({ tier: "lite" })
      yield* castVote({ voterId: pro.id, entryId: entry.id })
      const second = yield* castVote({ voterId: lite.id, entryId: entry.id })
      expect(second.contestId).toBe(contest.id)
      expect(second.weight).toBe(1.5)
      expect(second.entry.voteCount).toBe(2)
      expect(second.entry.weightedScore).toBe(3.5)
      expect(yield* hasVoted({ voterId: pro.id, entryId: entry.id })).toBe(true)
      expect(yield* hasVoted({ voterId: null, entryId: entry.id })).toBe(false)
    }))

  test("a second vote is VotePermanent and never a second row", () =>
    Effect.gen(function* () {
      const { entry } = yield* world
      const voter = yield* seedMember()
      yield* castVote({ voterId: voter.id, entryId: entry.id })
      const again = yield* Effect.flip(castVote({ voterId: voter.id, entryId: entry.id }))
      expect(again._tag).toBe("VotePermanent")
      expect(again.code).toBe("VOTE_PERMANENT")
      const store = yield* Memory
      expect(store.tables.votes.size).toBe(1)
      expect(store.tables.entries.get(entry.id)?.voteCount).toBe(1)
    }))

  test("many parallel votes by one member leave one row and a counter of 1", () =>
    Effect.gen(function* () {
      const { entry } = yield* world
      const voter = yield* seedMember()
      const results = yield* Effect.all(
        Array.from({ length: 50 }, () =>
          Effect.result(castVote({ voterId: voter.id, entryId: entry.id })),
        ),
        { concurrency: "unbounded" },
      )
      expect(results.filter((r) => r._tag === "Success")).toHaveLength(1)
      const store = yield* Memory
      expect(store.tables.votes.size).toBe(1)
      expect(store.tables.entries.get(entry.id)?.voteCount).toBe(1)
    }))

  test("refuses a vote for one's own entry", () =>
    Effect.gen(function* () {
      const { artist, entry } = yield* world
      const error = yield* Effect.flip(castVote({ voterId: artist.id, entryId: entry.id }))
      expect(error._tag).toBe("SelfVote")
      expect(error.code).toBe("SELF_VOTE")
    }))

  test("refuses a visitor", () =>
    Effect.gen(function* () {
      const { entry } = yield* world
      const error = yield* Effect.flip(castVote({ voterId: null, entryId: entry.id }))
      expect(error._tag).toBe("AuthenticationRequired")
      expect(error.message).toBe("Please sign in to vote for submissions")
    }))

  test("accepts a vote a millisecond before the end and refuses one at the end instant", () =>
    Effect.gen(function* () {
      const { contest, entry } = yield* world
      const early = yield* seedMember()
      const late = yield* seedMember()
      yield* TestClock.setTime(contest.endsAt - 1)
      yield* castVote({ voterId: early.id, entryId: entry.id })
      yield* TestClock.setTime(contest.endsAt)
      const error = yield* Effect.flip(castVote({ voterId: late.id, entryId: entry.id }))
      expect(error._tag).toBe("VotingClosed")
      expect(error.code).toBe("VOTING_CLOSED")
      expect(error.message).toBe("This contest has ended. Voting is no longer permitted.")
    }))

  test("refuses a vote for a hidden entry as not found", () =>
    Effect.gen(function* () {
      const { entry } = yield* world
      const store = yield* Memory
      store.tables.entries.set(entry.id, { ...entry, moderation: "hidden" })
      const voter = yield* seedMember()
      const error = yield* Effect.flip(castVote({ voterId: voter.id, entryId: entry.id }))
      expect(error).toMatchObject({ _tag: "NotFound", entity: "entry" })
    }))
})
