import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { submitEntry } from "../../domain/submissions/submit-entry.use-case.ts"
import { castVote } from "../../domain/voting/cast-vote.use-case.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { contract, unique } from "./support/contract.ts"

/** Fires `n` copies of `effect` at once and tells how many succeeded. */
const burst = <A, E, R>(n: number, effect: (i: number) => Effect.Effect<A, E, R>) =>
  Effect.map(
    Effect.all(
      Array.from({ length: n }, (_, i) => Effect.result(effect(i))),
      { concurrency: "unbounded" },
    ),
    (results) => ({
      ok: results.filter((r) => r._tag === "Success").length,
      failures: results.flatMap((r) => (r._tag === "Failure" ? [r.failure] : [])),
    }),
  )

contract("concurrency guarantees", (test) => {
  test("200 parallel votes by one member on one entry leave one vote row and a counter of 1", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ contestType: unique("daily") })
      const artist = yield* seedMember({ username: unique("a") })
      const voter = yield* seedMember({ username: unique("v"), tier: "pro" })
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "i",
      })
      const { ok, failures } = yield* burst(200, () =>
        castVote({ voterId: voter.id, entryId: entry.id }),
      )
      expect(ok).toBe(1)
      expect(new Set(failures.map((f) => f._tag))).toEqual(new Set(["VotePermanent"]))
      const votes = yield* VoteRepository
      expect(yield* votes.talliesOf(contest.id)).toEqual([
        { entryId: entry.id, rawVotes: 1, weightedScore: 2 },
      ])
      const entries = yield* EntryRepository
      expect(yield* entries.get(entry.id)).toMatchObject({ voteCount: 1, weightedScore: 2 })
    }))

  test("40 parallel votes by different members on one entry each answer a count of its own", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ contestType: unique("daily") })
      const artist = yield* seedMember({ username: unique("a") })
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "i",
      })
      const voters = [] as Array<{ id: string }>
      for (let i = 0; i < 40; i++) {
        voters.push(yield* seedMember({ username: unique("v"), tier: "pro" }))
      }
      const answers = yield* Effect.all(
        voters.map((voter) => castVote({ voterId: voter.id, entryId: entry.id })),
        { concurrency: "unbounded" },
      )
      // Each vote answers the counters as its own increment left them: 1..40 once each, never
      // a count read before another vote's or after it.
      const byCount = (a: number, b: number) => a - b
      const expected = voters.map((_, i) => i + 1)
      expect(answers.map((a) => a.entry.voteCount).sort(byCount)).toEqual(expected)
      expect(answers.map((a) => a.entry.weightedScore).sort(byCount)).toEqual(
        expected.map((n) => n * 2),
      )
      const entries = yield* EntryRepository
      expect(yield* entries.get(entry.id)).toMatchObject({ voteCount: 40, weightedScore: 80 })
    }))

  test("50 parallel entries by a member with 1 credit left make one entry and 0 credits", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ contestType: unique("daily") })
      const artist = yield* seedMember({ username: unique("a"), tier: "free", remaining: 1 })
      const { ok, failures } = yield* burst(50, (i) =>
        submitEntry({ memberId: artist.id, contestId: contest.id, image: `i${i}` }),
      )
      expect(ok).toBe(1)
      expect(new Set(failures.map((f) => f._tag))).toEqual(new Set(["OutOfSubmissions"]))
      const entries = yield* EntryRepository
      expect(yield* entries.ofContest(contest.id)).toHaveLength(1)
      const subscriptions = yield* SubscriptionRepository
      expect(Option.getOrThrow(yield* subscriptions.find(artist.id)).remaining).toBe(0)
    }))

  test("after a storm of mixed votes every counter equals its vote rows", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ contestType: unique("daily") })
      const artists = [] as Array<{ id: string }>
      for (let i = 0; i < 4; i++) artists.push(yield* seedMember({ username: unique("a") }))
      const entryIds: Array<string> = []
      for (const artist of artists) {
        entryIds.push(
          (yield* submitEntry({ memberId: artist.id, contestId: contest.id, image: "i" })).entry.id,
        )
      }
      const tiers = ["free", "lite", "pro", "champ"] as const
      const voters = [] as Array<{ id: string }>
      for (let i = 0; i < 12; i++) {
        voters.push(yield* seedMember({ username: unique("v"), tier: tiers[i % 4] }))
      }
      // Every voter votes for every entry twice over, all at once; some are self-votes (artists
      // are not voters here, so none), duplicates are refused.
      const ballots = voters.flatMap((voter) =>
        [...entryIds, ...entryIds].map((entryId) => ({ voterId: voter.id, entryId })),
      )
      const { ok } = yield* burst(ballots.length, (i) =>
        castVote(ballots[i] as (typeof ballots)[number]),
      )
      expect(ok).toBe(voters.length * entryIds.length)
      const votes = yield* VoteRepository
      const entries = yield* EntryRepository
      const tallies = new Map((yield* votes.talliesOf(contest.id)).map((t) => [t.entryId, t]))
      for (const entry of yield* entries.ofContest(contest.id)) {
        const tally = tallies.get(entry.id)
        expect(entry.voteCount).toBe(tally?.rawVotes)
        expect(entry.weightedScore).toBeCloseTo(tally?.weightedScore ?? -1, 9)
        expect(entry.voteCount).toBe(voters.length)
      }
    }))
})
