import { Context, type Effect } from "effect"
import type { ContestId, Instant, MemberId } from "../shared/ids.ts"

/** Who a scheduled notification is for: questions over downloads, entries and votes. */
export class NotificationAudience extends Context.Service<
  NotificationAudience,
  {
    /**
     * Members who downloaded the contest's line art, or entered a contest in [enteredFrom,
     * enteredTo) (yesterday), and have no entry in this contest.
     */
    readonly reminderCandidates: (
      contestId: ContestId,
      enteredFrom: Instant,
      enteredTo: Instant,
    ) => Effect.Effect<ReadonlyArray<MemberId>>
    /**
     * Votes cast in [from, to) on each member's visible entries, per member and clock hour (the
     * hour's first instant), for the members and hours with any.
     */
    readonly votesReceivedByHour: (
      from: Instant,
      to: Instant,
    ) => Effect.Effect<
      ReadonlyArray<{
        readonly memberId: MemberId
        readonly hour: Instant
        readonly votes: number
      }>
    >
  }
>()("colorday/NotificationAudience") {}
