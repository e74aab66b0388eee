import { Clock, Effect } from "effect"
import { awardBadges } from "../badges/award-badges.use-case.ts"
import { decideResult } from "../ranking/winner.ts"
import type { ContestId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { VoteRepository } from "../voting/vote.port.ts"
import { ContestRepository } from "./contest.port.ts"
import { contestStatus } from "./contest-status.ts"
import { ContestNotClosable } from "./contests.errors.ts"

/**
 * Closes an ended contest: counters are recomputed from the vote rows (the source of truth), the
 * winner and People's Choice decided, the result stored, and the entrants' badges granted — all
 * in one transaction. Closing again returns the stored result unchanged.
 */
export const closeContest = Effect.fn("closeContest")(function* (contestId: ContestId) {
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const contests = yield* ContestRepository
      const entries = yield* EntryRepository
      const votes = yield* VoteRepository
      const now = yield* Clock.currentTimeMillis

      const contest = yield* contests.get(contestId)
      if (contest.result) return { contest, result: contest.result, badges: [] }
      const status = contestStatus(contest, now)
      if (status === "cancelled" || status === "scheduled" || status === "active") {
        return yield* new ContestNotClosable({ contestId, status })
      }

      yield* entries.setTallies(contest.id, yield* votes.talliesOf(contest.id))
      const counted = yield* entries.ofContest(contest.id)
      const result = decideResult(counted, now)
      const closed = { ...contest, result }
      yield* contests.save(closed)
      const badges = yield* awardBadges({ memberIds: counted.map((entry) => entry.memberId) })
      return { contest: closed, result, badges }
    }),
  )
})
