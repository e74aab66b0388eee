import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { submitEntry } from "../../domain/submissions/submit-entry.use-case.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { NOW, contract, unique } from "./support/contract.ts"

contract("VoteRepository", (test) => {
  test("records a vote once; a second by the same member is VotePermanent", () =>
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const artist = yield* seedMember({ username: unique("a") })
      const voter = yield* seedMember({ username: unique("v") })
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "i",
      })
      const vote = {
        id: crypto.randomUUID(),
        entryId: entry.id,
        contestId: contest.id,
        voterId: voter.id,
        weight: 2,
        castAt: NOW,
      }
      expect(yield* votes.hasVoted(entry.id, voter.id)).toBe(false)
      yield* votes.record(vote)
      expect(yield* votes.hasVoted(entry.id, voter.id)).toBe(true)
      const again = yield* Effect.flip(votes.record({ ...vote, id: crypto.randomUUID() }))
      expect(again).toMatchObject({ _tag: "VotePermanent", entryId: entry.id })
      const other = yield* seedMember({ username: unique("v") })
      yield* votes.record({ ...vote, id: crypto.randomUUID(), voterId: other.id, weight: 1.5 })
      expect(yield* votes.talliesOf(contest.id)).toEqual([
        { entryId: entry.id, rawVotes: 2, weightedScore: 3.5 },
      ])
    }))
})
