import { Context, type Effect } from "effect"
import type { ContestId, Instant } from "../shared/ids.ts"

export const ACTIVITY_METRICS = [
  "views",
  "downloads",
  "entries",
  "votes",
  "signUps",
  "paidConversions",
] as const
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number]

/** How many of one metric happened in one UTC hour (`hour` is the hour's first millisecond). */
export interface HourlyCount {
  readonly metric: ActivityMetric
  readonly hour: Instant
  readonly count: number
}

export interface ContestTotals {
  readonly entries: number
  readonly votes: number
}

/**
 * The read side of the dashboard: counts the site's tables already hold, aggregated by the
 * database (hour buckets; the domain groups hours into the admin's days).
 */
export class AdminInsights extends Context.Service<
  AdminInsights,
  {
    /**
     * Hourly counts in [from, to). With a contest: its views, downloads, entries and votes only
     * (sign-ups and paid conversions are not a contest's).
     */
    readonly activity: (window: {
      readonly from: Instant
      readonly to: Instant
      readonly contestId?: ContestId | undefined
    }) => Effect.Effect<ReadonlyArray<HourlyCount>>
    /** Entries and raw votes per contest, for the contests named (absent ones have none). */
    readonly contestTotals: (
      contestIds: ReadonlyArray<ContestId>,
    ) => Effect.Effect<ReadonlyMap<ContestId, ContestTotals>>
    /** Members in all, and how many are on a paid plan now. */
    readonly memberCounts: Effect.Effect<{ readonly members: number; readonly paid: number }>
  }
>()("colorday/AdminInsights") {}
