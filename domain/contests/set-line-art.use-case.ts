import { Effect } from "effect"
import type { ContestId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { Contest } from "./contest.entity.ts"
import { ContestRepository } from "./contest.port.ts"

/**
 * Gives a contest its line art (the storage key of an already stored page), replacing any
 * earlier one. Returns the contest as saved and the key it had before, so the caller can delete
 * the old files once the new ones are in place.
 */
export const setLineArt = Effect.fn("setLineArt")(function* (input: {
  readonly contestId: ContestId
  readonly lineArt: string
}) {
  const contests = yield* ContestRepository
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const contest = yield* contests.get(input.contestId)
      const updated: Contest = { ...contest, lineArt: input.lineArt }
      yield* contests.save(updated)
      return { contest: updated, previous: contest.lineArt }
    }),
  )
})
