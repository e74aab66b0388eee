import { Context, type Effect } from "effect"
import type { Instant, MemberId } from "../../shared/ids.ts"

/**
 * The scheduled mails (issue 24), each sent at most once per member and period: the contest
 * announcement once per contest, the weekly summary once per local Sunday.
 */
export type ScheduledMailKind = "contest-announcement" | "weekly-summary"

export const SCHEDULED_MAIL_KINDS: ReadonlyArray<ScheduledMailKind> = [
  "contest-announcement",
  "weekly-summary",
]

export const isScheduledMailKind = (value: string): value is ScheduledMailKind =>
  SCHEDULED_MAIL_KINDS.some((kind) => kind === value)

/** One mail sent by the scheduler: the ledger's row (`sent_notifications`). */
export interface SentNotification {
  readonly memberId: MemberId
  readonly kind: ScheduledMailKind
  /** What the mail is about: the contest's id, or the Sunday ("YYYY-MM-DD") of a summary. */
  readonly period: string
  readonly sentAt: Instant
}

/**
 * The ledger of scheduled mails, keyed by (member, kind, period). A row is written in the
 * transaction that queues its mail, so a mail exists if and only if its row does: a crash or a
 * restart re-runs the job, which skips what is recorded.
 */
export class SentNotificationRepository extends Context.Service<
  SentNotificationRepository,
  {
    /**
     * Records the mail. True when this call recorded it; false when the (member, kind, period)
     * was recorded already, so of two racing senders exactly one sends.
     */
    readonly claim: (sent: SentNotification) => Effect.Effect<boolean>
    /** The members that already have this kind for this period. */
    readonly sentTo: (
      kind: ScheduledMailKind,
      period: string,
    ) => Effect.Effect<ReadonlySet<MemberId>>
  }
>()("colorday/SentNotificationRepository") {}
