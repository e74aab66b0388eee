import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { startSubscription } from "../../domain/plans/quota.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { submitEntry } from "../../domain/submissions/submit-entry.use-case.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { NOW, contract, entryOf, unique } from "./support/contract.ts"

/** A daily contest, an artist's entry in it and another member to vote for it. */
const entryAndVoter = Effect.gen(function* () {
  const contest = yield* seedContest({ contestType: unique("daily") })
  const artist = yield* seedMember({ username: unique("a") })
  const voter = yield* seedMember({ username: unique("v") })
  const { entry } = yield* submitEntry({ memberId: artist.id, contestId: contest.id, image: "i" })
  /** The voter's vote on the entry, of weight 2. */
  const vote = {
    id: crypto.randomUUID(),
    entryId: entry.id,
    contestId: contest.id,
    voterId: voter.id,
    weight: 2,
    castAt: NOW,
  }
  return { contest, artist, voter, entry, vote }
})

contract("VoteRepository", (test) => {
  test("records a vote once; a second by the same member is VotePermanent", () =>
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const { contest, voter, entry, vote } = yield* entryAndVoter
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

  test("casts a vote: counts it on its entry, stores the row, answers the counts it made", () =>
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const entries = yield* EntryRepository
      const unitOfWork = yield* UnitOfWork
      const { contest, entry, vote } = yield* entryAndVoter
      expect(yield* unitOfWork.transaction(votes.cast(vote))).toEqual({
        voteCount: 1,
        weightedScore: 2,
      })
      const other = yield* seedMember({ username: unique("v") })
      const second = { ...vote, id: crypto.randomUUID(), voterId: other.id, weight: 1.5 }
      expect(yield* unitOfWork.transaction(votes.cast(second))).toEqual({
        voteCount: 2,
        weightedScore: 3.5,
      })
      // A second vote by the same member is refused, and its transaction takes the count back.
      const again = yield* Effect.flip(
        unitOfWork.transaction(votes.cast({ ...vote, id: crypto.randomUUID() })),
      )
      expect(again).toMatchObject({ _tag: "VotePermanent", entryId: entry.id })
      expect(yield* entries.get(entry.id)).toMatchObject({ voteCount: 2, weightedScore: 3.5 })
      expect(yield* votes.talliesOf(contest.id)).toEqual([
        { entryId: entry.id, rawVotes: 2, weightedScore: 3.5 },
      ])
      const gone = yield* Effect.flip(
        unitOfWork.transaction(votes.cast({ ...vote, entryId: crypto.randomUUID() })),
      )
      expect(gone).toMatchObject({ _tag: "NotFound", entity: "entry" })
    }))

  test("reads a ballot: the entry, its contest and the voter's own plan tier", () =>
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const entries = yield* EntryRepository
      const { contest, artist, voter, entry } = yield* entryAndVoter
      const ballot = yield* votes.ballot(entry.id, voter.id)
      expect(ballot.entry).toEqual(yield* entries.get(entry.id))
      expect(ballot.contest).toEqual(contest)
      const subscriptions = yield* SubscriptionRepository
      const plan = yield* subscriptions.find(voter.id)
      expect(ballot.tier).toBe(Option.isSome(plan) ? plan.value.tier : null)
      yield* subscriptions.save(startSubscription(voter.id, NOW, "champ"))
      expect((yield* votes.ballot(entry.id, voter.id)).tier).toBe("champ")
      // The artist's own plan is not the voter's.
      expect((yield* votes.ballot(entry.id, artist.id)).tier).not.toBe("champ")
      const missing = yield* Effect.flip(votes.ballot(crypto.randomUUID(), voter.id))
      expect(missing).toMatchObject({ _tag: "NotFound", entity: "entry" })
    }))

  test("tells which entries of a page a member voted for, in one read", () =>
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const voter = yield* seedMember({ username: unique("v") })
      const other = yield* seedMember({ username: unique("v") })
      const entries = []
      for (let i = 0; i < 3; i++) {
        const artist = yield* seedMember({ username: unique("a") })
        const { entry } = yield* submitEntry({
          memberId: artist.id,
          contestId: contest.id,
          image: "i",
        })
        entries.push(entry)
      }
      const [first, second, third] = entries as [Entry, Entry, Entry]
      const cast = (entryId: string, voterId: string) =>
        votes.record({
          id: crypto.randomUUID(),
          entryId,
          contestId: contest.id,
          voterId,
          weight: 1,
          castAt: NOW,
        })
      yield* cast(first.id, voter.id)
      yield* cast(third.id, voter.id)
      yield* cast(second.id, other.id)
      const ids = [first.id, second.id, third.id]
      expect([...(yield* votes.votedAmong(ids, voter.id))].sort()).toEqual(
        [first.id, third.id].sort(),
      )
      expect([...(yield* votes.votedAmong(ids, other.id))]).toEqual([second.id])
      expect((yield* votes.votedAmong([], voter.id)).size).toBe(0)
    }))

  test("counts a contest's visible entries, the votes on them and their distinct voters", () =>
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const entries = yield* EntryRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const quiet = yield* seedContest({ contestType: unique("daily") })
      const artist = yield* seedMember({ username: unique("a") })
      const [ann, bob, cid] = [
        yield* seedMember({ username: unique("v") }),
        yield* seedMember({ username: unique("v") }),
        yield* seedMember({ username: unique("v") }),
      ]
      const first = entryOf(artist, contest.id)
      const second = entryOf(artist, contest.id)
      const hidden = entryOf(artist, contest.id, { moderation: "hidden", moderationReason: "x" })
      for (const entry of [first, second, hidden]) yield* entries.insert(entry)
      const vote = (entryId: string, voterId: string) =>
        votes.record({
          id: crypto.randomUUID(),
          entryId,
          contestId: contest.id,
          voterId,
          weight: 1,
          castAt: NOW,
        })
      yield* vote(first.id, ann.id)
      yield* vote(first.id, bob.id)
      yield* vote(second.id, ann.id)
      // Only on the hidden entry: neither the vote nor the voter counts.
      yield* vote(hidden.id, cid.id)
      const counts = yield* votes.participationOf([contest.id, quiet.id])
      expect(counts.get(contest.id)).toEqual({ entries: 2, votes: 3, voters: 2 })
      expect(counts.get(quiet.id)).toEqual({ entries: 0, votes: 0, voters: 0 })
      expect((yield* votes.participationOf([])).size).toBe(0)
    }))
})
