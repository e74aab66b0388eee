import { Context, type Effect, type Option } from "effect"
import type { Tier } from "../plans/plans.ts"
import type { EntryId, MemberId } from "../shared/ids.ts"
import type { Feedback } from "./feedback.entity.ts"

/** Professional feedback, one row per judge and entry (the pair is unique). */
export class FeedbackRepository extends Context.Service<
  FeedbackRepository,
  {
    readonly find: (entryId: EntryId, judgeId: MemberId) => Effect.Effect<Option.Option<Feedback>>
    /** Inserts new feedback or rewrites the text of the judge's own (same id). */
    readonly save: (feedback: Feedback) => Effect.Effect<void>
    /** An entry's feedback, oldest first. */
    readonly ofEntry: (entryId: EntryId) => Effect.Effect<ReadonlyArray<Feedback>>
    /**
     * The judges' queue: visible entries, newest first, whose artist is on one of `tiers` now and
     * that no judge has written feedback on yet, leaving out `judgeId`'s own; at most `limit`.
     */
    readonly awaiting: (
      judgeId: MemberId,
      tiers: ReadonlyArray<Tier>,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<EntryId>>
  }
>()("colorday/FeedbackRepository") {}
