import { Context, type Effect, type Option } from "effect"
import type { Purchase } from "../../domain/billing/payment.entity.ts"
import type { Instant, MemberId } from "../../domain/shared/ids.ts"

/**
 * The offline checkout's sessions: what a payment provider keeps about a checkout, kept by us
 * (the `checkout_sessions` table) so the embedded default behaves like the provider without one.
 */
export type OfflineSessionStatus = "open" | "paid" | "cancelled"

export interface OfflineSession {
  /** `cs_offline_…`: unguessable, since the checkout page is reached by it alone. */
  readonly id: string
  readonly idempotencyKey: string
  readonly memberId: MemberId
  readonly purchase: Purchase
  readonly amountCents: number
  readonly status: OfflineSessionStatus
  readonly returnUrl: string
  readonly cancelUrl: string
  readonly createdAt: Instant
  /** When it was paid or cancelled. */
  readonly completedAt: Instant | null
}

/** How long an offline checkout can be paid: as a short-lived provider session would. */
export const OFFLINE_CHECKOUT_LIFETIME_MS = 30 * 60 * 1000

/** When an offline checkout stops being payable. */
export const offlineExpiresAt = (session: OfflineSession): Instant =>
  session.createdAt + OFFLINE_CHECKOUT_LIFETIME_MS

/** An open session whose lifetime has passed: it can no longer be paid. */
export const isOfflineExpired = (session: OfflineSession, now: Instant): boolean =>
  session.status === "open" && offlineExpiresAt(session) <= now

export class OfflineSessions extends Context.Service<
  OfflineSessions,
  {
    /** Stores a new session, or answers the one already stored under its idempotency key. */
    readonly create: (session: OfflineSession) => Effect.Effect<OfflineSession>
    readonly find: (id: string) => Effect.Effect<Option.Option<OfflineSession>>
    /**
     * Moves an open session to paid or cancelled, atomically (of two racing calls one wins), and
     * answers the session as it is afterwards; a session no longer open is left as it is.
     */
    readonly complete: (
      id: string,
      status: "paid" | "cancelled",
      at: Instant,
    ) => Effect.Effect<Option.Option<OfflineSession>>
  }
>()("colorday/payments/OfflineSessions") {}
