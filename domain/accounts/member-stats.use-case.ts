import { Effect } from "effect"
import { ContestRepository } from "../contests/contest.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { MemberRepository } from "./member.port.ts"

/** The profile's counters, in the spec's field names (GET /api/users/user-stats/user). */
export const memberStats = Effect.fn("memberStats")(function* (memberId: MemberId) {
  const members = yield* MemberRepository
  const entries = yield* EntryRepository
  const contests = yield* ContestRepository
  const member = yield* members.get(memberId)
  const stats = yield* entries.statsOf(member.id)
  return {
    totalSubmissions: stats.entries,
    totalVotes: stats.votesReceived,
    winCount: yield* contests.winsOf(member.id),
    contestsParticipated: stats.contestsEntered,
  }
})
