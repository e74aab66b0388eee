import { type Contest } from "../contests/contest.entity.ts"
import { isOpen } from "../contests/contest-status.ts"
import { AuthenticationRequired } from "../shared/errors.ts"
import type { Instant, MemberId } from "../shared/ids.ts"
import { planOf, type Tier } from "../plans/plans.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import { SelfVote, VotePermanent, VotingClosed } from "./voting.errors.ts"

export type VoteRefusal = AuthenticationRequired | VotingClosed | SelfVote | VotePermanent

/**
 * Why a vote may not be cast, or undefined when it may. Checked in the order a member would
 * want to hear it: sign in first, then the contest's window, then their own entry, then a repeat.
 * Votes are open to every registered member regardless of plan.
 */
export const voteRefusal = (input: {
  readonly voterId: MemberId | null
  readonly entry: Pick<Entry, "id" | "memberId">
  readonly contest: Pick<Contest, "id" | "startsAt" | "endsAt" | "storedStatus">
  readonly alreadyVoted: boolean
  readonly now: Instant
}): VoteRefusal | undefined => {
  if (input.voterId === null) return new AuthenticationRequired({ action: "vote for submissions" })
  if (!isOpen(input.contest, input.now)) return new VotingClosed({ contestId: input.contest.id })
  if (input.entry.memberId === input.voterId) return new SelfVote({ entryId: input.entry.id })
  if (input.alreadyVoted) return new VotePermanent({ entryId: input.entry.id })
  return undefined
}

/** A vote weighs what the voter's plan says at the moment of voting. */
export const voteWeight = (tier: Tier): number => planOf(tier).voteWeight
