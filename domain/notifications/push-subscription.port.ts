import { Context, type Effect } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"

/** A browser's push subscription (its PushSubscription.toJSON()), one per device. */
export interface PushSubscription {
  readonly memberId: MemberId
  /** The push service's address for this browser: unique, it names the device. */
  readonly endpoint: string
  /** The browser's P-256 public key (base64url, uncompressed point). */
  readonly p256dh: string
  /** The browser's 16-byte auth secret (base64url). */
  readonly auth: string
  readonly createdAt: Instant
}

export class PushSubscriptionRepository extends Context.Service<
  PushSubscriptionRepository,
  {
    /**
     * Stores the subscription, replacing the one with the same endpoint (a browser subscribing
     * again, or signed in as another member now: the device is theirs).
     */
    readonly save: (subscription: PushSubscription) => Effect.Effect<void>
    /** Removes the member's subscription at `endpoint`; true when there was one. */
    readonly remove: (memberId: MemberId, endpoint: string) => Effect.Effect<boolean>
    /** Removes whichever subscription has `endpoint` (the push service said it is gone). */
    readonly removeEndpoint: (endpoint: string) => Effect.Effect<void>
    readonly of: (memberId: MemberId) => Effect.Effect<ReadonlyArray<PushSubscription>>
  }
>()("colorday/PushSubscriptionRepository") {}
