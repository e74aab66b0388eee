import { Context, type Effect } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { NotificationKind } from "./notification.entity.ts"

/**
 * A push that one device's push service did not take (an answer other than 404/410, or none),
 * to be tried again at `nextAttemptAt`. One per (notification, device endpoint): the devices
 * that took it are not sent it again.
 */
export interface PushRetry {
  readonly notificationId: string
  readonly endpoint: string
  readonly memberId: MemberId
  readonly kind: NotificationKind
  /** The push's JSON, as first sent. */
  readonly payload: string
  /** Attempts made so far (1 after the first failure). */
  readonly attempts: number
  readonly nextAttemptAt: Instant
}

/** The pushes waiting to be tried again. */
export class PushRetryRepository extends Context.Service<
  PushRetryRepository,
  {
    /** Records (or replaces) the retry of this notification to this endpoint. */
    readonly schedule: (retry: PushRetry) => Effect.Effect<void>
    /** Retries due at `now`, the longest waiting first. */
    readonly due: (now: Instant, limit: number) => Effect.Effect<ReadonlyArray<PushRetry>>
    /**
     * Takes a due retry for one attempt: moves its next attempt to `until` if it is still as
     * `seen` left it. True for the one caller that took it (two instances never send it twice).
     */
    readonly claim: (seen: PushRetry, until: Instant) => Effect.Effect<boolean>
    /** The retry is over: sent, the device gone, or given up. */
    readonly remove: (notificationId: string, endpoint: string) => Effect.Effect<void>
  }
>()("colorday/PushRetryRepository") {}
