import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId, PaymentId } from "../shared/ids.ts"
import type { Page } from "../shared/paging.ts"
import type { Payment } from "./payment.entity.ts"

/** The payments ledger: one row per checkout session, the source of billing history. */
export class PaymentLedger extends Context.Service<
  PaymentLedger,
  {
    /** Inserts or updates the row of this checkout session id. */
    readonly save: (payment: Payment) => Effect.Effect<void>
    readonly findByCheckoutSession: (
      checkoutSessionId: string,
    ) => Effect.Effect<Option.Option<Payment>>
    /** The row by its own id (the reference a checkout's cancel link carries). */
    readonly findById: (id: PaymentId) => Effect.Effect<Option.Option<Payment>>
    /**
     * Reads the row and, inside a transaction, holds it until the transaction ends, so the webhook
     * and the return page fulfilling one checkout at once are served one after the other.
     */
    readonly lock: (checkoutSessionId: string) => Effect.Effect<Option.Option<Payment>>
    /**
     * A member's checkouts still pending at `now` (not paid, cancelled or expired, and within
     * their lifetime), newest first.
     */
    readonly openCheckoutsOf: (
      memberId: MemberId,
      now: Instant,
    ) => Effect.Effect<ReadonlyArray<Payment>>
    /** A member's payments, newest first. */
    readonly historyOf: (
      memberId: MemberId,
      cursor: string | null,
      limit: number,
    ) => Effect.Effect<Page<Payment>>
  }
>()("colorday/PaymentLedger") {}
