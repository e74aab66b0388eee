import { Effect } from "effect"
import {
  markNotificationsRead,
  memberNotifications,
} from "../../../domain/notifications/member-notifications.use-case.ts"
import type { Notification } from "../../../domain/notifications/notification.entity.ts"
import { NotificationListBody } from "../notification.schema.ts"
import { noContent, ok, type Reply, route } from "../route.ts"
import { signedIn } from "./shared.ts"

/** The bell list (issue 24): the signed-in member's own notifications. */

const present = (notification: Notification) => ({
  id: notification.id,
  kind: notification.kind,
  title: notification.title,
  body: notification.body,
  url: notification.url,
  createdAt: new Date(notification.createdAt).toISOString(),
  read: notification.readAt !== null,
})

export const notificationRoutes = [
  route({
    method: "GET",
    path: "/api/notifications",
    tag: "notifications",
    summary:
      "Your notifications (contest reminders, new votes, badges unlocked), newest first, and how many are unread",
    access: "member",
    okBody: NotificationListBody,
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        const { items, unread } = yield* memberNotifications(member.id)
        const reply: Reply = {
          ...ok({ items: items.map(present), unread }),
          headers: { "Cache-Control": "no-store" },
        }
        return reply
      }),
  }),
  route({
    method: "POST",
    path: "/api/notifications/read",
    tag: "notifications",
    summary: "Marks all your notifications read (the bell list was opened). 204",
    access: "member",
    responses: { 204: "Marked read" },
    handler: ({ caller }) =>
      Effect.gen(function* () {
        const member = yield* signedIn(caller)
        yield* markNotificationsRead(member.id)
        return noContent()
      }),
  }),
]
