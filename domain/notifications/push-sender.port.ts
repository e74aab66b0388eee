import { Context, type Effect } from "effect"
import type { PushSubscription } from "./push-subscription.port.ts"

/**
 * What became of one push: accepted by the push service, gone (404/410: the browser
 * unsubscribed, the subscription is to be removed), refused for good (another 4xx but 408 and
 * 429: the same message would be refused again; logged, not retried), or failed otherwise (no
 * answer, 5xx, 408, 429; logged and tried again later with backoff, a few times: deliverPushes).
 */
export type PushOutcome = "delivered" | "gone" | "refused" | "failed"

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
