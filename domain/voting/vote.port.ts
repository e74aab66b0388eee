import { Context, type Effect } from "effect"
import type { ContestId, EntryId, MemberId } from "../shared/ids.ts"
import type { Vote, VoteTally } from "./vote.entity.ts"
import type { VotePermanent } from "./voting.errors.ts"

export class VoteRepository extends Context.Service<
  VoteRepository,
  {
    /** Stores a vote; a second vote by the same member for the same entry is VotePermanent. */
    readonly record: (vote: Vote) => Effect.Effect<void, VotePermanent>
    readonly hasVoted: (entryId: EntryId, voterId: MemberId) => Effect.Effect<boolean>
    /** Raw count and weighted sum per entry of a contest, from the vote rows. */
    readonly talliesOf: (contestId: ContestId) => Effect.Effect<ReadonlyArray<VoteTally>>
  }
>()("colorday/VoteRepository") {}
