import { Context, type Effect } from "effect"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"

export const CONTEST_METRICS = ["views", "downloads", "submissions", "votes"] as const
export type ContestMetric = (typeof CONTEST_METRICS)[number]

export type ContestCounts = { readonly [M in ContestMetric]: number }

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
    /**
     * Notes a visit; true when it is the visitor's first of this metric, contest and day (a
     * unique key decides, so parallel requests count once), false when it was noted already.
     */
    readonly noteVisit: (visit: Visit) => Effect.Effect<boolean>
    /** Forgets the visits of days before `day` (they decide nothing any more); answers how many. */
    readonly forgetVisitsBefore: (day: string) => Effect.Effect<number>
    readonly counts: (contestId: ContestId) => Effect.Effect<ContestCounts>
  }
>()("colorday/ContestAnalytics") {}
