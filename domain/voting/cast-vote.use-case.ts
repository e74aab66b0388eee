import { Clock, Effect } from "effect"
import { IdSource } from "../shared/id-source.port.ts"
import { AuthenticationRequired, NotFound } from "../shared/errors.ts"
import type { EntryId, MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { isVisible } from "../submissions/entry.entity.ts"
import { VoteRepository } from "./vote.port.ts"
import { voteRefusal, voteWeight } from "./voting.ts"

/**
 * Casts a member's permanent vote, weighted by their plan at this moment. The vote row and the
 * entry's counters are written in one transaction; the vote table's unique (entry, voter) key
 * turns a second vote, concurrent or not, into VotePermanent, never a second row (so it is not
 * asked first: the refusals the member hears before it, closed and own entry, come from the
 * reads). The plan is only read: a vote spends no credit, and a renewal keeps the tier.
 */
export const castVote = Effect.fn("castVote")(function* (input: {
  /** From the session; null for a visitor. */
  readonly voterId: MemberId | null
  readonly entryId: EntryId
}) {
  const voterId = input.voterId
  if (voterId === null) return yield* new AuthenticationRequired({ action: "vote for submissions" })
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const votes = yield* VoteRepository
      const ids = yield* IdSource
      const now = yield* Clock.currentTimeMillis

      // The entry, its contest and the voter's plan, read at once.
      const { entry, contest, tier } = yield* votes.ballot(input.entryId, voterId)
      if (!isVisible(entry)) return yield* new NotFound({ entity: "entry", id: entry.id })
      const refusal = voteRefusal({ voterId, entry, contest, alreadyVoted: false, now })
      if (refusal) return yield* refusal

      // A member who never had a subscription is on the free plan (currentSubscription's rule).
      const weight = voteWeight(tier ?? "free")
      // The counter and the row in one call: the adapter orders the statements (the counter
      // first, which locks the entry so that concurrent votes on it queue instead of deadlocking)
      // and answers the counts this vote made. A refused vote (VotePermanent) rolls the count
      // back with the transaction. The vote row is the contest's analytics too
      // (ContestAnalytics.counts): no event is written beside it.
      const counts = yield* votes.cast({
        id: yield* ids.newId,
        entryId: entry.id,
        contestId: contest.id,
        voterId,
        weight,
        castAt: now,
      })
      return { entry: { ...entry, ...counts }, contestId: contest.id, weight }
    }),
  )
})

/** Whether a member has voted for an entry (false for a visitor). */
export const hasVoted = Effect.fn("hasVoted")(function* (input: {
  readonly voterId: MemberId | null
  readonly entryId: EntryId
}) {
  if (input.voterId === null) return false
  const votes = yield* VoteRepository
  return yield* votes.hasVoted(input.entryId, input.voterId)
})

/** Which of these entries a member has voted for (none for a visitor): one read for a page. */
export const votedAmong = Effect.fn("votedAmong")(function* (input: {
  readonly voterId: MemberId | null
  readonly entryIds: ReadonlyArray<EntryId>
}) {
  if (input.voterId === null || input.entryIds.length === 0) return new Set<EntryId>()
  const votes = yield* VoteRepository
  return yield* votes.votedAmong(input.entryIds, input.voterId)
})
