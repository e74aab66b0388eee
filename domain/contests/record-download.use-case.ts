import { Clock, Effect } from "effect"
import type { ContestId, MemberId } from "../shared/ids.ts"
import { ContestAnalytics } from "./contest-analytics.port.ts"
import { ContestRepository } from "./contest.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"

/**
 * Anyone may download the line art; a download by a signed-in member is recorded as a row, and
 * every download is counted for analytics.
 */
export const recordDownload = Effect.fn("recordDownload")(function* (input: {
  readonly contestId: ContestId
  readonly memberId: MemberId | null
}) {
  const contests = yield* ContestRepository
  const analytics = yield* ContestAnalytics
  const unitOfWork = yield* UnitOfWork
  const contest = yield* contests.get(input.contestId)
  const at = yield* Clock.currentTimeMillis
  yield* unitOfWork.transaction(
    Effect.gen(function* () {
      if (input.memberId !== null) {
        yield* analytics.recordDownload({ contestId: contest.id, memberId: input.memberId, at })
      }
      yield* analytics.recordEvent({ contestId: contest.id, metric: "downloads", at })
    }),
  )
  return contest
})
