import { Context, type Effect } from "effect"
import type { Instant } from "../../domain/shared/ids.ts"
import type { MailKind } from "../../domain/shared/mailer.port.ts"

/**
 * A rendered e-mail as the outbox keeps it (the `mail_outbox` table): every mail is queued here in
 * the transaction of the change it reports, then delivered by the sender (mail-delivery.ts).
 */
export interface OutboxMail {
  readonly id: string
  /** The mail's kind (null for mails queued before migration 7). */
  readonly kind: MailKind | null
  readonly to: string
  readonly replyTo: string | null
  readonly subject: string
  readonly text: string
  readonly html: string | null
  /** The link the mail is about, if any (the embedded default's log line prints it). */
  readonly link: string | null
  /**
   * The one-click unsubscribe address of a mail a switch governs, sent as the List-Unsubscribe
   * header (null for other mails, and those queued before migration NotificationMail1766793600000).
   */
  readonly unsubscribeUrl: string | null
  readonly createdAt: Instant
  /** When the transport took it (the SMTP relay, or the log of the embedded default). */
  readonly sentAt: Instant | null
  /**
   * When the sender may (next) try it; while it is being sent, the end of that sender's claim.
   * Null once it is sent, or given up after MAX_DELIVERY_ATTEMPTS.
   */
  readonly nextAttemptAt: Instant | null
  readonly attempts: number
  readonly lastError: string | null
}

/** Where a mail stands: waiting for (another) attempt, sent, or given up. */
export const deliveryState = (mail: OutboxMail): "queued" | "sent" | "failed" =>
  mail.sentAt !== null ? "sent" : mail.nextAttemptAt === null ? "failed" : "queued"

export class OutboxRepository extends Context.Service<
  OutboxRepository,
  {
    /** Queues a mail; in the transaction in progress, if any. */
    readonly add: (mail: OutboxMail) => Effect.Effect<void>
    /** The newest mails first (then by id, descending), at most `limit`. */
    readonly latest: (limit: number) => Effect.Effect<ReadonlyArray<OutboxMail>>
    /** Unsent mails whose next attempt is due at `now`, the longest waiting first. */
    readonly due: (now: Instant, limit: number) => Effect.Effect<ReadonlyArray<OutboxMail>>
    /**
     * Takes a due mail for one attempt: counts the attempt and moves its next attempt to `until`
     * (so a sender that dies mid-send leaves it to be tried again then), if it is still as `seen`
     * left it. True when this call took it: of senders racing (other instances), one wins.
     */
    readonly claim: (seen: OutboxMail, until: Instant) => Effect.Effect<boolean>
    readonly markSent: (id: string, at: Instant) => Effect.Effect<void>
    /** A failed attempt: the error kept, the next attempt at `retryAt` (null: given up). */
    readonly markFailed: (id: string, error: string, retryAt: Instant | null) => Effect.Effect<void>
  }
>()("colorday/mail/OutboxRepository") {}
