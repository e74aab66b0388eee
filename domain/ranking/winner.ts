import type { ContestResult } from "../contests/contest.entity.ts"
import type { Instant } from "../shared/ids.ts"
import type { Entry } from "../submissions/entry.entity.ts"

type Candidate = Pick<
  Entry,
  "id" | "memberId" | "voteCount" | "weightedScore" | "createdAt" | "moderation"
>

const earlier = (a: Candidate, b: Candidate) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)

/**
 * The outcome of closing a contest, in one pass: the winner has the highest weighted score, the
 * People's Choice the most raw votes; ties go to the earlier entry. Both need at least one vote:
 * a contest nobody voted in has no winner. Hidden and disqualified entries take no part. Counts must already equal the vote rows (the use case recomputes them).
 */
export const decideResult = (entries: Iterable<Candidate>, closedAt: Instant): ContestResult => {
  let winner: Candidate | undefined
  let peoplesChoice: Candidate | undefined
  let totalEntries = 0
  let totalVotes = 0
  for (const entry of entries) {
    if (entry.moderation !== "visible") continue
    totalEntries += 1
    totalVotes += entry.voteCount
    if (
      !winner ||
      entry.weightedScore > winner.weightedScore ||
      (entry.weightedScore === winner.weightedScore && earlier(entry, winner))
    ) {
      winner = entry
    }
    if (
      !peoplesChoice ||
      entry.voteCount > peoplesChoice.voteCount ||
      (entry.voteCount === peoplesChoice.voteCount && earlier(entry, peoplesChoice))
    ) {
      peoplesChoice = entry
    }
  }
  if (winner && winner.weightedScore <= 0) winner = undefined
  return {
    closedAt,
    winnerEntryId: winner?.id ?? null,
    winnerMemberId: winner?.memberId ?? null,
    winnerRawVotes: winner?.voteCount ?? 0,
    winnerWeightedScore: winner?.weightedScore ?? 0,
    peoplesChoiceEntryId: peoplesChoice && peoplesChoice.voteCount > 0 ? peoplesChoice.id : null,
    peoplesChoiceMemberId:
      peoplesChoice && peoplesChoice.voteCount > 0 ? peoplesChoice.memberId : null,
    totalEntries,
    totalVotes,
  }
}
