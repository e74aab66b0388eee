import { Context, type Effect } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { Notification, NotificationKind } from "./notification.entity.ts"

/** The bell list's notifications, which are also the outbox of their pushes. */
export class NotificationRepository extends Context.Service<
  NotificationRepository,
  {
    /**
     * Records a notification. True when added; false when the member already has one of that
     * kind for that period (the unique key decides, so two racing jobs add it once).
     */
    readonly add: (notification: Notification) => Effect.Effect<boolean>
    /** The member's newest notifications, newest first. */
    readonly recent: (
      memberId: MemberId,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<Notification>>
    readonly unreadCount: (memberId: MemberId) => Effect.Effect<number>
    /** Marks every unread notification of the member read at `at`; how many it marked. */
    readonly markRead: (memberId: MemberId, at: Instant) => Effect.Effect<number>
    /** Notifications whose push is still to be sent, oldest first. */
    readonly pendingPushes: (limit: number) => Effect.Effect<ReadonlyArray<Notification>>
    /**
     * Takes a pending push for sending (pending → done): true for the one caller that took it,
     * so two instances never push the same notification.
     */
    readonly claimPush: (id: string) => Effect.Effect<boolean>
    /**
     * For each member with a notification of `kind` whose period is `since` or later (periods
     * of a kind sort as text: hours are "YYYY-MM-DDTHH"), the latest such period.
     */
    readonly latestPeriods: (
      kind: NotificationKind,
      since: string,
    ) => Effect.Effect<ReadonlyMap<MemberId, string>>
  }
>()("colorday/NotificationRepository") {}
