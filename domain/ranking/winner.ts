import type { ContestResult } from "../contests/contest.entity.ts"
import type { Instant } from "../shared/ids.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import { compareForRanking, PODIUM_SIZE } from "./leaderboard.ts"

type Candidate = Pick<
  Entry,
  "id" | "memberId" | "voteCount" | "weightedScore" | "createdAt" | "moderation"
>

const earlier = (a: Candidate, b: Candidate) =>
  a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)

/**
 * The result's podium: the first PODIUM_SIZE entries in compareForRanking order (score, then the
 * earlier entry), only those with a score, as a winner needs one. Visible entries only.
 */
export const podiumOf = <
  C extends Pick<Entry, "id" | "weightedScore" | "createdAt" | "moderation">,
>(
  entries: Iterable<C>,
): ReadonlyArray<C> =>
  [...entries]
    .filter((entry) => entry.moderation === "visible" && entry.weightedScore > 0)
    .sort(compareForRanking)
    .slice(0, PODIUM_SIZE)

/**
 * The outcome of closing a contest: the winner has the highest weighted score, the People's
 * Choice the most raw votes; ties go to the earlier entry. Both need at least one vote: a contest
 * nobody voted in has no winner. The podium is the top 3 by the winner's rule (the winner first).
 * Hidden and disqualified entries take no part. Counts must already equal the vote rows (the use
 * case recomputes them).
 */
export const decideResult = (entries: Iterable<Candidate>, closedAt: Instant): ContestResult => {
  const all = [...entries]
  const podium = podiumOf(all)
  const winner: Candidate | undefined = podium[0]
  let peoplesChoice: Candidate | undefined
  let totalEntries = 0
  let totalVotes = 0
  for (const entry of all) {
    if (entry.moderation !== "visible") continue
    totalEntries += 1
    totalVotes += entry.voteCount
    if (
      !peoplesChoice ||
      entry.voteCount > peoplesChoice.voteCount ||
      (entry.voteCount === peoplesChoice.voteCount && earlier(entry, peoplesChoice))
    ) {
      peoplesChoice = entry
    }
  }
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
    podiumEntryIds: podium.map((entry) => entry.id),
  }
}
