import { Clock, Effect } from "effect"
import { isTimeZone, type Period, periodStart } from "../shared/calendar.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { pageSize } from "../shared/paging.ts"
import type { AgeGroup } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { podium, toLeaderboardRows } from "./leaderboard.ts"

export interface LeaderboardRequest {
  readonly period: Period
  /** The viewer's IANA time zone: periods start at their local midnight. */
  readonly timeZone: string
  readonly contestType?: string | undefined
  readonly ageGroup?: AgeGroup | "all" | undefined
  readonly limit?: number | undefined
}

/** The leaderboard of a period: entries ranked by weighted votes, ties to the earlier date. */
export const leaderboard = Effect.fn("leaderboard")(function* (request: LeaderboardRequest) {
  if (!isTimeZone(request.timeZone)) {
    return yield* new ValidationFailed({
      issues: [
        {
          field: "tz",
          title: "Unknown time zone",
          message: `"${request.timeZone}" is not an IANA time zone`,
        },
      ],
    })
  }
  const entries = yield* EntryRepository
  const now = yield* Clock.currentTimeMillis
  const ranked = yield* entries.leaderboard(
    {
      since: periodStart(request.period, now, request.timeZone),
      contestType: request.contestType,
      ageGroup: request.ageGroup,
    },
    pageSize(request.limit),
  )
  const rows = toLeaderboardRows(ranked)
  // `ranked` too: a repository that keeps a board a while (the SQL one, a second) hands back the
  // same array meanwhile, by which an adapter may keep what it made of the board.
  return { period: request.period, rows, podium: podium(rows), ranked }
})
