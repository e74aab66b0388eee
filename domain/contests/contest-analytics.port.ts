import { Context, type Effect } from "effect"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"

export const CONTEST_METRICS = ["views", "downloads", "submissions", "votes"] as const
export type ContestMetric = (typeof CONTEST_METRICS)[number]

export type ContestCounts = { readonly [M in ContestMetric]: number }

/** Downloads by signed-in members are rows; every metric is an event counted for analytics. */
export class ContestAnalytics extends Context.Service<
  ContestAnalytics,
  {
    readonly recordDownload: (download: {
      readonly contestId: ContestId
      readonly memberId: MemberId
      readonly at: Instant
    }) => Effect.Effect<void>
    readonly recordEvent: (event: {
      readonly contestId: ContestId
      readonly metric: ContestMetric
      readonly at: Instant
    }) => Effect.Effect<void>
    readonly counts: (contestId: ContestId) => Effect.Effect<ContestCounts>
  }
>()("colorday/ContestAnalytics") {}
