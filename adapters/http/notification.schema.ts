import { Schema } from "effect"
import { NOTIFICATION_KINDS } from "../../domain/notifications/notification.entity.ts"

/** The bodies of Web Push and the bell list (issue 24). */

export const VapidPublicKeyBody = Schema.Struct({
  /** The VAPID public key (base64url) to subscribe with; null when this server has push off. */
  publicKey: Schema.NullOr(Schema.String),
}).annotate({ identifier: "VapidPublicKey" })

export const NotificationBody = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literals(NOTIFICATION_KINDS),
  title: Schema.String,
  body: Schema.String,
  /** The site's page it opens (a path). */
  url: Schema.String,
  /** ISO 8601 */
  createdAt: Schema.String,
  read: Schema.Boolean,
}).annotate({ identifier: "Notification" })

export const NotificationListBody = Schema.Struct({
  /** Newest first, at most 30. */
  items: Schema.Array(NotificationBody),
  unread: Schema.Finite,
}).annotate({ identifier: "NotificationList" })
