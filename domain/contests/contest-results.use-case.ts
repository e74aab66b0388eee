import { Clock, Effect } from "effect"
import { resultRanking, type RankedEntry, rankingPage } from "../ranking/contest-ranking.ts"
import { decideResult } from "../ranking/winner.ts"
import type { ContestId, EntryId, Instant } from "../shared/ids.ts"
import { type Entry, isVisible } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import type { Participation } from "../voting/vote.entity.ts"
import { VoteRepository } from "../voting/vote.port.ts"
import type { Contest, ContestResult } from "./contest.entity.ts"
import { ContestRepository } from "./contest.port.ts"
import { contestStatus } from "./contest-status.ts"
import { NoResult } from "./contests.errors.ts"

/**
 * A contest's published result: "announced" once an admin announced it (the stored result,
 * decided at close), "provisional" from its end until then (decided the same way, live from its
 * entries). Hidden and disqualified entries take no part.
 */
export type ResultStatus = "provisional" | "announced"

export interface ContestResults {
  readonly contest: Contest
  readonly status: ResultStatus
  readonly announcedAt: Instant | null
  /** The winner; while provisional, the entry leading (labelled so by the status). */
  readonly winner: RankedEntry | null
  readonly peoplesChoice: RankedEntry | null
  /** The top 3 (fewer when fewer entries have a score), from the whole ranking. */
  readonly podium: ReadonlyArray<RankedEntry>
  /** One page of the ranking. */
  readonly ranking: ReadonlyArray<RankedEntry>
  readonly nextCursor: string | null
  readonly counts: Participation
}

/** Whether a contest has a result at `now`, and which kind; null when it has none. */
export const resultStatusOf = (contest: Contest, now: Instant): ResultStatus | null => {
  const status = contestStatus(contest, now)
  return status === "announced" ? "announced" : status === "ended" ? "provisional" : null
}

/**
 * The result a status publishes: the stored one once announced (the decision made at close),
 * else the same decision made now over the entries as they are. A contest marked announced
 * without a stored result (written by another system) is decided live too.
 */
const decided = (
  contest: Contest,
  status: ResultStatus,
  entries: ReadonlyArray<Entry>,
  now: Instant,
): ContestResult =>
  status === "announced" && contest.result ? contest.result : decideResult(entries, now)

const rowOf = (ranked: ReadonlyArray<RankedEntry>) => {
  const byId = new Map(ranked.map((row) => [row.entry.id, row]))
  return (id: EntryId | null): RankedEntry | null => (id === null ? null : (byId.get(id) ?? null))
}

/**
 * GET /api/challenges/:id/results: the result of a contest that has ended, with one page of its
 * ranking. NotFound for no such contest; NoResult while it runs or when it was cancelled. Reads
 * one contest's entries (hundreds), as closing does.
 */
export const contestResults = Effect.fn("contestResults")(function* (
  contestId: ContestId,
  cursor: string | null,
  limit: number,
) {
  const contests = yield* ContestRepository
  const now = yield* Clock.currentTimeMillis
  const contest = yield* contests.get(contestId)
  const status = resultStatusOf(contest, now)
  if (status === null) {
    return yield* new NoResult({ contestId, status: contestStatus(contest, now) })
  }
  const entries = yield* (yield* EntryRepository).ofContest(contest.id)
  const ranked = resultRanking(entries)
  const result = decided(contest, status, entries, now)
  const row = rowOf(ranked)
  const page = rankingPage(ranked, cursor, limit)
  const counts = (yield* (yield* VoteRepository).participationOf([contest.id])).get(contest.id)
  return {
    contest,
    status,
    announcedAt: status === "announced" ? contest.announcedAt : null,
    winner: row(result.winnerEntryId),
    peoplesChoice: row(result.peoplesChoiceEntryId),
    podium: result.podiumEntryIds.map(row).filter((r): r is RankedEntry => r !== null),
    ranking: page.items,
    nextCursor: page.nextCursor,
    counts: counts ?? { entries: 0, votes: 0, voters: 0 },
  } satisfies ContestResults
})

/** A past contest as the archive and "Yesterday's winner" show it. */
export interface PastContest {
  readonly contest: Contest
  readonly status: ResultStatus
  readonly announcedAt: Instant | null
  /** The announced winner (rank 1); null while provisional or when nobody won. */
  readonly winner: RankedEntry | null
  readonly counts: Participation
}

const pastContests = (page: ReadonlyArray<Contest>, now: Instant) =>
  Effect.gen(function* () {
    const entries = yield* EntryRepository
    const counts = yield* (yield* VoteRepository).participationOf(page.map((c) => c.id))
    const items: Array<PastContest> = []
    for (const contest of page) {
      const status = resultStatusOf(contest, now) ?? "provisional"
      const winnerId = status === "announced" ? (contest.result?.winnerEntryId ?? null) : null
      const winner =
        winnerId === null
          ? null
          : yield* entries.get(winnerId).pipe(
              Effect.map((entry) => (isVisible(entry) ? { rank: 1, entry } : null)),
              Effect.catchTag("NotFound", () => Effect.succeed(null)),
            )
      items.push({
        contest,
        status,
        announcedAt: status === "announced" ? contest.announcedAt : null,
        winner,
        counts: counts.get(contest.id) ?? { entries: 0, votes: 0, voters: 0 },
      })
    }
    return items
  })

/** GET /api/challenges/archive: past contests (ended, not cancelled), the latest first, paged. */
export const contestArchive = Effect.fn("contestArchive")(function* (
  cursor: string | null,
  limit: number,
) {
  const now = yield* Clock.currentTimeMillis
  const page = yield* (yield* ContestRepository).past(now, cursor, limit)
  return { items: yield* pastContests(page.items, now), nextCursor: page.nextCursor }
})

/** GET /api/challenges/latest-winner: the last announced contest, or null when none is. */
export const latestWinner = Effect.fn("latestWinner")(function* () {
  const now = yield* Clock.currentTimeMillis
  const page = yield* (yield* ContestRepository).list({ status: "announced", now }, null, 1)
  const items = yield* pastContests(page.items, now)
  return items[0] ?? null
})
