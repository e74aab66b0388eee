import { Context, type Effect } from "effect"
import type { PushSubscription } from "./push-subscription.port.ts"

/**
 * What became of one push: accepted by the push service, gone (404/410: the browser
 * unsubscribed, the subscription is to be removed), or failed otherwise (logged; tried again later
 * with backoff, a few times: deliverPushes).
 */
export type PushOutcome = "delivered" | "gone" | "failed"

/** Sends Web Push messages (RFC 8030 / 8291 / 8292), signed with this server's VAPID keys. */
export class PushSender extends Context.Service<
  PushSender,
  {
    /** The VAPID public key browsers subscribe with (base64url), or null when push is off. */
    readonly publicKey: string | null
    /** Whether subscriptions may point at this address (https; plain http only where configured). */
    readonly acceptsEndpoint: (endpoint: string) => boolean
    readonly send: (subscription: PushSubscription, payload: string) => Effect.Effect<PushOutcome>
  }
>()("colorday/PushSender") {}
