import { Data } from "effect"
import type { ContestId, EntryId } from "../shared/ids.ts"

/** The contest has ended (or not started, or was cancelled): no more votes. */
export class VotingClosed extends Data.TaggedError("VotingClosed")<{
  readonly contestId: ContestId
}> {
  readonly code = "VOTING_CLOSED"
  override get message() {
    return "This contest has ended. Voting is no longer permitted."
  }
}

/** A member may not vote for their own entry. */
export class SelfVote extends Data.TaggedError("SelfVote")<{ readonly entryId: EntryId }> {
  readonly code = "SELF_VOTE"
  override get message() {
    return "You cannot vote for your own entry."
  }
}

/** The member already voted for this entry; votes are permanent and counted once. */
export class VotePermanent extends Data.TaggedError("VotePermanent")<{
  readonly entryId: EntryId
}> {
  readonly code = "VOTE_PERMANENT"
  override get message() {
    return "You have already voted for this submission. Votes cannot be removed once cast."
  }
}
