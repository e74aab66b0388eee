import { Clock, Effect } from "effect"
import { ContestRepository } from "./contest.port.ts"
import { selectHomeContest } from "./contest-selection.ts"
import { contestStatus } from "./contest-status.ts"
import { countdownBadge } from "./countdown.ts"

/**
 * The home page's contest with its status and countdown at `at` (the clock's reading they were
 * worked out from), or undefined when there is none.
 */
export const currentContest = Effect.fn("currentContest")(function* () {
  const contests = yield* ContestRepository
  const now = yield* Clock.currentTimeMillis
  const contest = selectHomeContest(yield* contests.homeCandidates(now), now)
  if (!contest) return undefined
  return {
    contest,
    status: contestStatus(contest, now),
    countdown: countdownBadge(contest, now),
    at: now,
  }
})
