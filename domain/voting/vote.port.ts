import { Context, type Effect } from "effect"
import type { Contest } from "../contests/contest.entity.ts"
import type { Tier } from "../plans/plans.ts"
import type { NotFound } from "../shared/errors.ts"
import type { ContestId, EntryId, MemberId } from "../shared/ids.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import type { Participation, Vote, VoteCounts, VoteTally } from "./vote.entity.ts"
import type { VotePermanent } from "./voting.errors.ts"

/** What a vote is decided on: the entry, its contest, and the voter's plan tier. */
export interface Ballot {
  readonly entry: Entry
  readonly contest: Contest
  /** The tier of the voter's subscription; null when they never had one (the free plan). */
  readonly tier: Tier | null
}

export class VoteRepository extends Context.Service<
  VoteRepository,
  {
    /**
     * The entry, its contest and the voter's tier in one read (a vote's only read: one statement,
     * one round trip on MySQL); NotFound when there is no such entry.
     */
    readonly ballot: (entryId: EntryId, voterId: MemberId) => Effect.Effect<Ballot, NotFound>
    /**
     * A member's vote: counts it on its entry and stores its row, in the caller's transaction,
     * and answers the entry's counters with this vote in them (exact under concurrent votes).
     * A second vote by the same member for the same entry is VotePermanent, and the caller's
     * transaction undoes the count; NotFound when the entry is gone.
     */
    readonly cast: (vote: Vote) => Effect.Effect<VoteCounts, VotePermanent | NotFound>
    /**
     * Stores a vote row alone, the entry's counters untouched (rows planted for a recount or a
     * test); a second vote by the same member for the same entry is VotePermanent.
     */
    readonly record: (vote: Vote) => Effect.Effect<void, VotePermanent>
    readonly hasVoted: (entryId: EntryId, voterId: MemberId) => Effect.Effect<boolean>
    /** Which of these entries the member has voted for (one read for a page of entries). */
    readonly votedAmong: (
      entryIds: ReadonlyArray<EntryId>,
      voterId: MemberId,
    ) => Effect.Effect<ReadonlySet<EntryId>>
    /** Raw count and weighted sum per entry of a contest, from the vote rows. */
    readonly talliesOf: (contestId: ContestId) => Effect.Effect<ReadonlyArray<VoteTally>>
    /**
     * Who took part in each contest, counted from the rows: its visible entries, the vote rows
     * on them and their distinct voters. Every contest asked for has a row (zeros when none).
     */
    readonly participationOf: (
      contestIds: ReadonlyArray<ContestId>,
    ) => Effect.Effect<ReadonlyMap<ContestId, Participation>>
  }
>()("colorday/VoteRepository") {}
