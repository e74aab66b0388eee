import { EntitySchema } from "typeorm"
import { id, instant, int, ref, text } from "./table-columns.ts"

/** Web Push and the bell list (issue 24, migration WebPushAndBellList). */

const memberForeignKey = (name: string) => ({
  name,
  target: "Member",
  columnNames: ["member_id"],
  referencedColumnNames: ["id"],
  onDelete: "CASCADE" as const,
})

export interface NotificationRow {
  id: string
  memberId: string
  kind: string
  period: string
  title: string
  body: string
  url: string
  createdAt: number
  readAt: number | null
  pushState: string
}

/**
 * The bell list, one row per (member, kind, period), and the outbox of each one's push
 * (push_state pending until a delivery pass takes it).
 */
export const NotificationTable = new EntitySchema<NotificationRow>({
  name: "Notification",
  tableName: "notifications",
  columns: {
    id: id(),
    memberId: ref("member_id"),
    kind: text("kind", 24),
    period: text("period", 64),
    title: text("title", 200),
    body: text("body", 500),
    url: text("url", 300),
    createdAt: instant("created_at"),
    readAt: instant("read_at", true),
    pushState: text("push_state", 8),
  },
  uniques: [
    { name: "UQ_notifications_member_kind_period", columns: ["memberId", "kind", "period"] },
  ],
  indices: [
    { name: "IDX_notifications_member", columns: ["memberId", "createdAt"] },
    { name: "IDX_notifications_push", columns: ["pushState", "createdAt"] },
    // The new-votes batch's latest period per member (migration PushRetriesAndVoteTimes).
    { name: "IDX_notifications_kind_period", columns: ["kind", "period"] },
  ],
  foreignKeys: [memberForeignKey("FK_notifications_member")],
})

export interface PushSubscriptionRow {
  endpointHash: string
  endpoint: string
  memberId: string
  p256dh: string
  auth: string
  createdAt: number
}

/**
 * One row per browser (device), keyed by the SHA-256 of its push endpoint: an endpoint is too
 * long for a MySQL key, and the same browser subscribing again replaces its row.
 */
export const PushSubscriptionTable = new EntitySchema<PushSubscriptionRow>({
  name: "PushSubscription",
  tableName: "push_subscriptions",
  columns: {
    endpointHash: { ...text("endpoint_hash", 64), primary: true },
    endpoint: text("endpoint", 1000),
    memberId: ref("member_id"),
    p256dh: text("p256dh", 100),
    auth: text("auth", 32),
    createdAt: instant("created_at"),
  },
  indices: [{ name: "IDX_push_subscriptions_member", columns: ["memberId"] }],
  foreignKeys: [memberForeignKey("FK_push_subscriptions_member")],
})

export interface PushRetryRow {
  notificationId: string
  endpointHash: string
  endpoint: string
  memberId: string
  kind: string
  payload: string
  attempts: number
  nextAttemptAt: number
}

/**
 * Pushes to try again (migration PushRetriesAndVoteTimes): one row per notification and device
 * whose push service failed, until it is sent, the device is gone, or it is given up. Removed
 * with the notification (and so with the member).
 */
export const PushRetryTable = new EntitySchema<PushRetryRow>({
  name: "PushRetry",
  tableName: "push_retries",
  columns: {
    notificationId: { ...ref("notification_id"), primary: true },
    endpointHash: { ...text("endpoint_hash", 64), primary: true },
    endpoint: text("endpoint", 1000),
    memberId: ref("member_id"),
    kind: text("kind", 24),
    payload: text("payload", 2000),
    attempts: int("attempts"),
    nextAttemptAt: instant("next_attempt_at"),
  },
  indices: [{ name: "IDX_push_retries_due", columns: ["nextAttemptAt"] }],
  foreignKeys: [
    {
      name: "FK_push_retries_notification",
      target: "Notification",
      columnNames: ["notification_id"],
      referencedColumnNames: ["id"],
      onDelete: "CASCADE" as const,
    },
  ],
})
