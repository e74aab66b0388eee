import { Clock, Effect } from "effect"
import type { ContestId, MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { ContestAnalytics, type VisitMetric, visitDay } from "./contest-analytics.port.ts"
import { ContestRepository } from "./contest.port.ts"

export interface ContestVisit {
  readonly contestId: ContestId
  /** The signed-in member, if any: a download by a member is also a row of theirs. */
  readonly memberId: MemberId | null
  /** Who looked: the adapter's key for the member, else the client's address. */
  readonly visitor: string
}

/**
 * Counts a view or a download at most once per visitor, contest and UTC day, so a script
 * repeating the request cannot inflate the analytics; answers the contest and whether it counted.
 */
const recordVisit = (metric: VisitMetric) =>
  Effect.fn(`record-${metric}`)(function* (input: ContestVisit) {
    const contests = yield* ContestRepository
    const analytics = yield* ContestAnalytics
    const contest = yield* contests.get(input.contestId)
    const at = yield* Clock.currentTimeMillis
    const counted = yield* (yield* UnitOfWork).transaction(
      Effect.gen(function* () {
        const first = yield* analytics.noteVisit({
          contestId: contest.id,
          metric,
          visitor: input.visitor,
          day: visitDay(at),
        })
        if (!first) return false
        if (metric === "downloads" && input.memberId !== null) {
          yield* analytics.recordDownload({ contestId: contest.id, memberId: input.memberId, at })
        }
        yield* analytics.recordEvent({ contestId: contest.id, metric, at })
        return true
      }),
    )
    return { contest, counted }
  })

/** Anyone may download the line art; a visitor's downloads count once a day per contest. */
export const recordDownload = recordVisit("downloads")

/** A contest page seen; a visitor's views count once a day per contest. */
export const recordView = recordVisit("views")
