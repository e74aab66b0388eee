import { Clock, Effect } from "effect"
import { IdSource } from "../shared/id-source.port.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { Contest } from "./contest.entity.ts"
import { prizeIssues } from "./contest-prize.ts"
import { ContestRepository } from "./contest.port.ts"
import { type ContestDraft, contestDraftIssues, dailyWindow } from "./contest-window.ts"
import { ContestOverlap } from "./contests.errors.ts"
import { type PrizeInput, prizeForNewContest } from "./default-prize.use-case.ts"
import { SiteSettings } from "../site/site-settings.port.ts"

export type { PrizeInput } from "./default-prize.use-case.ts"

export interface CreateContest extends ContestDraft {
  readonly lineArt?: string | null | undefined
  /** The prize; absent gives a daily contest the daily default; null is no prize on purpose. */
  readonly prize?: PrizeInput | null | undefined
  /** Only paid plans may enter; false when absent. */
  readonly subscribersOnly?: boolean | undefined
}

/**
 * Creates a contest for a window; it is "scheduled" until its start comes. One contest of a type
 * runs at a time, so a window overlapping another of the same type is refused. A daily contest
 * created without a prize gets the daily default the admin set (default-prize.use-case.ts).
 */
export const createContest = Effect.fn("createContest")(function* (input: CreateContest) {
  const issues = [...contestDraftIssues(input), ...(input.prize ? prizeIssues(input.prize) : [])]
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const contests = yield* ContestRepository
  const ids = yield* IdSource
  const dailyDefault = yield* (yield* SiteSettings).defaultPrize
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const clash = yield* contests.overlapping(input)
      const first = clash[0]
      if (first) return yield* new ContestOverlap({ contestId: first.id, title: first.title })
      const contest: Contest = {
        id: yield* ids.newId,
        title: input.title.trim(),
        description: input.description.trim(),
        lineArt: input.lineArt ?? null,
        contestType: input.contestType.trim().toLowerCase(),
        artStyle: input.artStyle.trim(),
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        storedStatus: "scheduled",
        createdAt: yield* Clock.currentTimeMillis,
        result: null,
        announcedAt: null,
        prize: prizeForNewContest(input.contestType, input.prize, dailyDefault),
        subscribersOnly: input.subscribersOnly ?? false,
      }
      yield* contests.save(contest)
      return contest
    }),
  )
})

export interface ScheduleDailyContest extends Omit<CreateContest, "startsAt" | "endsAt"> {
  /** Calendar day "YYYY-MM-DD" in `timeZone`. */
  readonly day: string
  readonly timeZone: string
}

/** Schedules the daily contest of a calendar day: local midnight for 24 hours. */
export const scheduleDailyContest = Effect.fn("scheduleDailyContest")(function* (
  input: ScheduleDailyContest,
) {
  const window = dailyWindow(input.day, input.timeZone)
  if (!window) {
    return yield* new ValidationFailed({
      issues: [
        {
          field: "day",
          title: "Invalid day",
          message: `"${input.day}" in "${input.timeZone}" is not a calendar day (YYYY-MM-DD) in a known time zone`,
        },
      ],
    })
  }
  return yield* createContest({ ...input, ...window })
})
