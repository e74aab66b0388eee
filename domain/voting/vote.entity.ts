import type { ContestId, EntryId, Instant, MemberId, VoteId } from "../shared/ids.ts"

/** One member's permanent vote for one entry, with the voter's weight at the moment of voting. */
export interface Vote {
  readonly id: VoteId
  readonly entryId: EntryId
  readonly contestId: ContestId
  readonly voterId: MemberId
  readonly weight: number
  readonly castAt: Instant
}

/** An entry's counters right after a vote was counted on it. */
export interface VoteCounts {
  readonly voteCount: number
  readonly weightedScore: number
}

/** An entry's totals as the vote rows say; closing a contest recomputes counters from these. */
export interface VoteTally {
  readonly entryId: EntryId
  readonly rawVotes: number
  readonly weightedScore: number
}

/** A contest's published counts: visible entries, the votes on them, the members who voted. */
export interface Participation {
  readonly entries: number
  readonly votes: number
  readonly voters: number
}
