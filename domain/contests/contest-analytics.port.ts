import { Context, type Effect } from "effect"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"

export const CONTEST_METRICS = ["views", "downloads", "submissions", "votes"] as const
export type ContestMetric = (typeof CONTEST_METRICS)[number]

export type ContestCounts = { readonly [M in ContestMetric]: number }

/**
 * The metrics recorded as events. Votes are not: each accepted vote is a row of its own (with its
 * contest and time), which `counts` counts, so a vote writes no second row.
 */
export type EventMetric = Exclude<ContestMetric, "votes">

/** The metrics a visitor makes by looking: counted once per visitor, contest and day. */
export type VisitMetric = "views" | "downloads"

/**
 * One visitor's view or download of a contest on one UTC day. The visitor is an opaque key the
 * adapter derives from the session's member, else the client's address.
 */
export interface Visit {
  readonly contestId: ContestId
  readonly metric: VisitMetric
  readonly visitor: string
  /** The UTC day, YYYY-MM-DD. */
  readonly day: string
}

/** The UTC day of an instant, as visits are keyed. */
export const visitDay = (at: Instant): string => new Date(at).toISOString().slice(0, 10)

/**
 * Downloads by signed-in members are rows; views, downloads and submissions are events counted for
 * analytics, votes are counted from the vote rows.
 */
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
      readonly metric: EventMetric
      readonly at: Instant
    }) => Effect.Effect<void>
    /**
     * Notes a visit; true when it is the visitor's first of this metric, contest and day (a
     * unique key decides, so parallel requests count once), false when it was noted already.
     */
    readonly noteVisit: (visit: Visit) => Effect.Effect<boolean>
    /** Forgets the visits of days before `day` (they decide nothing any more); answers how many. */
    readonly forgetVisitsBefore: (day: string) => Effect.Effect<number>
    /** The contest's events by metric, and its votes (the vote rows of its entries). */
    readonly counts: (contestId: ContestId) => Effect.Effect<ContestCounts>
  }
>()("colorday/ContestAnalytics") {}
