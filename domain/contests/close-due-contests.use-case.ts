import { Clock, Effect } from "effect"
import type { ContestId } from "../shared/ids.ts"
import { closeContest } from "./close-contest.use-case.ts"
import { ContestRepository } from "./contest.port.ts"

/** How many due contests are read at a time. */
export const CLOSING_BATCH = 20

/**
 * Closes every contest that has ended and is not closed yet, a batch at a time until none is
 * due, and returns each closing's outcome (oldest end first).
 */
export const closeDueContests = Effect.fn("closeDueContests")(function* () {
  const contests = yield* ContestRepository
  const closed: Array<Effect.Success<ReturnType<typeof closeContest>>> = []
  // A contest the repository keeps returning is closed once; this guards against looping forever.
  const attempted = new Set<ContestId>()
  for (;;) {
    const now = yield* Clock.currentTimeMillis
    const due = (yield* contests.dueForClosing(now, CLOSING_BATCH)).filter(
      (contest) => !attempted.has(contest.id),
    )
    if (due.length === 0) return closed
    for (const contest of due) {
      attempted.add(contest.id)
      closed.push(yield* closeContest(contest.id))
    }
  }
})
