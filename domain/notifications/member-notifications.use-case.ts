import { Clock, Effect } from "effect"
import { ValidationFailed } from "../shared/errors.ts"
import type { MemberId } from "../shared/ids.ts"
import { NotificationRepository } from "./notification.port.ts"
import { PushSender } from "./push-sender.port.ts"
import { PushSubscriptionRepository } from "./push-subscription.port.ts"

/** How many notifications the bell list shows. */
export const BELL_LIST_SIZE = 30

/** The member's bell list, newest first, and how many of them are unread. */
export const memberNotifications = Effect.fn("memberNotifications")(function* (memberId: MemberId) {
  const notifications = yield* NotificationRepository
  return {
    items: yield* notifications.recent(memberId, BELL_LIST_SIZE),
    unread: yield* notifications.unreadCount(memberId),
  }
})

/** Marks the member's notifications read (the bell list was opened); how many were unread. */
export const markNotificationsRead = Effect.fn("markNotificationsRead")(function* (
  memberId: MemberId,
) {
  const now = yield* Clock.currentTimeMillis
  return yield* (yield* NotificationRepository).markRead(memberId, now)
})

/** base64url of exactly `bytes` bytes (no padding). */
const isBase64Url = (text: string, bytes: number) =>
  /^[A-Za-z0-9_-]*$/.test(text) && text.length === Math.ceil((bytes * 4) / 3)

const invalid = (field: string, message: string) =>
  new ValidationFailed({ issues: [{ field, title: "Invalid push subscription", message }] })

/**
 * Stores this browser's push subscription for the member: the push service's endpoint (an https
 * address, or whatever the sender is configured to accept), the browser's P-256 key (65 bytes)
 * and its auth secret (16 bytes).
 */
export const subscribeToPush = Effect.fn("subscribeToPush")(function* (
  memberId: MemberId,
  input: { readonly endpoint: string; readonly p256dh: string; readonly auth: string },
) {
  const sender = yield* PushSender
  if (sender.publicKey === null) {
    return yield* invalid("endpoint", "Push notifications are not configured on this server.")
  }
  if (!sender.acceptsEndpoint(input.endpoint)) {
    return yield* invalid("endpoint", "The push service's address must be an https URL.")
  }
  if (!isBase64Url(input.p256dh, 65)) {
    return yield* invalid("keys.p256dh", "The browser's key must be 65 bytes in base64url.")
  }
  if (!isBase64Url(input.auth, 16)) {
    return yield* invalid("keys.auth", "The auth secret must be 16 bytes in base64url.")
  }
  yield* (yield* PushSubscriptionRepository).save({
    memberId,
    ...input,
    createdAt: yield* Clock.currentTimeMillis,
  })
})

/** Forgets this browser's subscription (push turned off, or signed out on it). */
export const unsubscribeFromPush = Effect.fn("unsubscribeFromPush")(function* (
  memberId: MemberId,
  endpoint: string,
) {
  return yield* (yield* PushSubscriptionRepository).remove(memberId, endpoint)
})
