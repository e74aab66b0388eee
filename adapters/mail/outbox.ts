import { Context, type Effect } from "effect"
import type { Instant } from "../../domain/shared/ids.ts"

/** A rendered e-mail as the outbox keeps it (the `mail_outbox` table). */
export interface OutboxMail {
  readonly id: string
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string | null
  readonly createdAt: Instant
  /** When a relay took it; null while it only sits in the outbox (the embedded default). */
  readonly sentAt: Instant | null
  readonly attempts: number
  readonly lastError: string | null
}

/** The outbox table: where mail goes without an SMTP relay, readable with `colorday mail outbox`. */
export class OutboxRepository extends Context.Service<
  OutboxRepository,
  {
    readonly add: (mail: OutboxMail) => Effect.Effect<void>
    /** The newest mails first (then by id, descending), at most `limit`. */
    readonly latest: (limit: number) => Effect.Effect<ReadonlyArray<OutboxMail>>
  }
>()("colorday/mail/OutboxRepository") {}
