import { Effect, Layer } from "effect"
import webpush from "web-push"
import { type PushOutcome, PushSender } from "../../domain/notifications/push-sender.port.ts"
import type { PushConfig } from "./vapid-keys.ts"

/** How long a push service has to answer. */
const SEND_TIMEOUT_MS = 10_000
/** How long a push service keeps a message for a browser that is offline (a day). */
const TIME_TO_LIVE_S = 24 * 60 * 60

/** A 4xx the push service would answer again to the same message (not a timeout, not a rate limit). */
export const isPermanentRefusal = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 408 && status !== 429

/**
 * Sends with the `web-push` library: it encrypts the payload for the browser (RFC 8291,
 * aes128gcm) and signs the request with our VAPID keys (RFC 8292); the request itself goes out
 * with fetch, as web-push's own sender speaks only https (a local push service in tests is plain
 * http, allowed only with PUSH_ALLOW_HTTP).
 */
export const webPushSender = (
  config: PushConfig,
  log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
) => {
  const vapid = config.vapid
  const acceptsEndpoint = (endpoint: string) => {
    try {
      const url = new URL(endpoint)
      return url.protocol === "https:" || (config.allowHttpEndpoints && url.protocol === "http:")
    } catch {
      return false
    }
  }
  const send = async (
    subscription: { endpoint: string; p256dh: string; auth: string },
    payload: string,
  ): Promise<PushOutcome> => {
    if (vapid === null || !acceptsEndpoint(subscription.endpoint)) return "failed"
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      payload,
      {
        vapidDetails: { subject: config.subject, ...vapid },
        TTL: TIME_TO_LIVE_S,
        contentEncoding: "aes128gcm",
      },
    )
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      await response.body?.cancel()
      if (response.status === 404 || response.status === 410) return "gone"
      if (response.ok) return "delivered"
      log(`push: ${new URL(request.endpoint).host} answered ${response.status}`)
      return isPermanentRefusal(response.status) ? "refused" : "failed"
    } catch (error) {
      log(`push: ${new URL(request.endpoint).host} did not answer (${(error as Error).message})`)
      return "failed"
    }
  }
  return PushSender.of({
    publicKey: vapid?.publicKey ?? null,
    acceptsEndpoint,
    send: (subscription, payload) => Effect.promise(() => send(subscription, payload)),
  })
}

/**
 * The PushSender of `config`, resolved when the layer is built (push off without VAPID keys): on
 * the embedded default's first start that is when its keys are generated into DATA_DIR.
 */
export const layerWebPush = (config: () => PushConfig, log?: (line: string) => void) =>
  Layer.effect(
    PushSender,
    Effect.sync(() => webPushSender(config(), log)),
  )
