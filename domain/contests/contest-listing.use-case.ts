import { Clock, Effect } from "effect"
import type { ContestId } from "../shared/ids.ts"
import { pageSize } from "../shared/paging.ts"
import type { Contest } from "./contest.entity.ts"
import { ContestRepository } from "./contest.port.ts"
import { type ContestStatus, contestStatus } from "./contest-status.ts"

/** A contest with the status the clock gives it now. */
export interface ContestWithStatus extends Contest {
  readonly status: ContestStatus
}

/** Contests by start, newest first, a page at a time, each with its status now. */
export const listContests = Effect.fn("listContests")(function* (
  request: {
    readonly cursor?: string | null | undefined
    readonly limit?: number | undefined
  } = {},
) {
  const contests = yield* ContestRepository
  const now = yield* Clock.currentTimeMillis
  const page = yield* contests.page(request.cursor ?? null, pageSize(request.limit))
  return {
    items: page.items.map((contest): ContestWithStatus => ({
      ...contest,
      status: contestStatus(contest, now),
    })),
    nextCursor: page.nextCursor,
  }
})

/** One contest with its status now, or NotFound. */
export const showContest = Effect.fn("showContest")(function* (contestId: ContestId) {
  const contests = yield* ContestRepository
  const contest = yield* contests.get(contestId)
  const now = yield* Clock.currentTimeMillis
  return { ...contest, status: contestStatus(contest, now) } satisfies ContestWithStatus
})
