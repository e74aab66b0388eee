import type { PushNotifications } from "../accounts/member-settings.ts"
import type { Instant, MemberId } from "../shared/ids.ts"

/**
 * A notification of the bell list, and the Web Push message sent for it (issue 24). One row per
 * (member, kind, period): the period names what it is about (a contest, an hour of votes, a
 * badge), so a job run twice, or on two instances, records and pushes it once.
 */
export const NOTIFICATION_KINDS = ["contest-reminder", "new-votes", "achievement"] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Whether its push was still to send, is being sent, or is done (sent, or nowhere to send). */
export type PushState = "pending" | "done"

export interface Notification {
  readonly id: string
  readonly memberId: MemberId
  readonly kind: NotificationKind
  /** What it is about, unique per member and kind: a contest id, an hour, a badge id. */
  readonly period: string
  readonly title: string
  readonly body: string
  /** The site's page it opens, a path ("/", "/profile?tab=achievements"). */
  readonly url: string
  readonly createdAt: Instant
  readonly readAt: Instant | null
  readonly push: PushState
}

/** The Settings switch (`push.*`) that governs each kind. */
export const SWITCH_OF: { readonly [K in NotificationKind]: keyof PushNotifications } = {
  "contest-reminder": "contestReminders",
  "new-votes": "newVotes",
  achievement: "achievementUnlocked",
}

/** The JSON a push carries to the service worker (apps/web/public/sw.js reads these fields). */
export const pushPayload = (notification: Notification): string =>
  JSON.stringify({
    id: notification.id,
    kind: notification.kind,
    title: notification.title,
    body: notification.body,
    url: notification.url,
  })
