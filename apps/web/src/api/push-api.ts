import type { components } from "../../../api-client/schema.ts"
import { call } from "./http.ts"

/** Web Push and the bell list's calls (issue 24). */

type Schemas = components["schemas"]
export type NotificationItem = Schemas["Notification"]
export type NotificationList = Schemas["NotificationList"]

export const notificationsKey = ["notifications"] as const

export const pushApi = {
  vapidPublicKey: () => call("GET", "/api/push/vapid-public-key"),
  /** Stores this browser's subscription (PushSubscription.toJSON()) for the signed-in member. */
  subscribe: (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) =>
    call("POST", "/api/push/subscriptions", { body: subscription }),
  unsubscribe: (endpoint: string) =>
    call("DELETE", "/api/push/subscriptions", { body: { endpoint } }),
  notifications: () => call("GET", "/api/notifications"),
  markRead: () => call("POST", "/api/notifications/read"),
}
