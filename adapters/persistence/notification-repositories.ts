import { createHash } from "node:crypto"
import { Context, Effect, Layer } from "effect"
import type {
  Notification,
  NotificationKind,
} from "../../domain/notifications/notification.entity.ts"
import { NotificationAudience } from "../../domain/notifications/notification-audience.port.ts"
import { NotificationRepository } from "../../domain/notifications/notification.port.ts"
import { type PushRetry, PushRetryRepository } from "../../domain/notifications/push-retry.port.ts"
import {
  type PushSubscription,
  PushSubscriptionRepository,
} from "../../domain/notifications/push-subscription.port.ts"
import { Database, isUniqueViolation } from "./database.ts"
import {
  type NotificationRow,
  NotificationTable,
  type PushRetryRow,
  PushRetryTable,
  type PushSubscriptionRow,
  PushSubscriptionTable,
} from "./notification-tables.ts"

const HOUR_MS = 60 * 60_000

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  memberId: row.memberId,
  kind: row.kind as NotificationKind,
  period: row.period,
  title: row.title,
  body: row.body,
  url: row.url,
  createdAt: row.createdAt,
  readAt: row.readAt,
  push: row.pushState === "pending" ? "pending" : "done",
})

const toSubscription = (row: PushSubscriptionRow): PushSubscription => ({
  memberId: row.memberId,
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
  createdAt: row.createdAt,
})

const endpointHash = (endpoint: string) => createHash("sha256").update(endpoint).digest("hex")

/** The bell list and its pushes' outbox (`notifications`). */
export const makeNotificationRepository = Effect.gen(function* () {
  const db = yield* Database
  const table = (m: Parameters<Parameters<typeof db.run>[0]>[0]) =>
    m.getRepository<NotificationRow>(NotificationTable)
  return NotificationRepository.of({
    add: (notification) =>
      db.run(async (m) => {
        const { memberId, kind, period } = notification
        if (await table(m).existsBy({ memberId, kind, period })) return false
        try {
          await table(m).insert({
            ...notification,
            pushState: notification.push,
          })
          return true
        } catch (error) {
          // A job on another instance added it first.
          if (isUniqueViolation(error)) return false
          throw error
        }
      }),
    recent: (memberId, limit) =>
      db.run(async (m) =>
        (
          await table(m).find({
            where: { memberId },
            order: { createdAt: "DESC", id: "DESC" },
            take: limit,
          })
        ).map(toNotification),
      ),
    unreadCount: (memberId) =>
      db.run((m) =>
        table(m)
          .createQueryBuilder("n")
          .where("n.member_id = :memberId AND n.read_at IS NULL", { memberId })
          .getCount(),
      ),
    markRead: (memberId, at) =>
      db.run(async (m) => {
        const result = await table(m)
          .createQueryBuilder()
          .update()
          .set({ readAt: at })
          .where("member_id = :memberId AND read_at IS NULL", { memberId })
          .execute()
        return result.affected ?? 0
      }),
    pendingPushes: (limit) =>
      db.run(async (m) =>
        (
          await table(m).find({
            where: { pushState: "pending" },
            order: { createdAt: "ASC", id: "ASC" },
            take: limit,
          })
        ).map(toNotification),
      ),
    claimPush: (id) =>
      db.run(async (m) => {
        const result = await table(m)
          .createQueryBuilder()
          .update()
          .set({ pushState: "done" })
          .where("id = :id AND push_state = 'pending'", { id })
          .execute()
        return (result.affected ?? 0) > 0
      }),
    latestPeriods: (kind, since) =>
      db.run(async (m) => {
        const rows: Array<{ member_id: string; period: string }> = await m.query(
          `SELECT member_id, MAX(period) AS period FROM notifications
           WHERE kind = ? AND period >= ? GROUP BY member_id`,
          [kind, since],
        )
        return new Map(rows.map((row) => [row.member_id, row.period]))
      }),
  })
})

const toRetry = (row: PushRetryRow): PushRetry => ({
  notificationId: row.notificationId,
  endpoint: row.endpoint,
  memberId: row.memberId,
  kind: row.kind as NotificationKind,
  payload: row.payload,
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt,
})

/** Pushes to try again (`push_retries`). */
export const makePushRetryRepository = Effect.gen(function* () {
  const db = yield* Database
  const table = (m: Parameters<Parameters<typeof db.run>[0]>[0]) =>
    m.getRepository<PushRetryRow>(PushRetryTable)
  return PushRetryRepository.of({
    schedule: (retry) =>
      db.run(async (m) => {
        await table(m).upsert({ ...retry, endpointHash: endpointHash(retry.endpoint) }, [
          "notificationId",
          "endpointHash",
        ])
      }),
    due: (now, limit) =>
      db.run(async (m) =>
        (
          await table(m)
            .createQueryBuilder("r")
            .where("r.next_attempt_at <= :now", { now })
            .orderBy("r.next_attempt_at", "ASC")
            .take(limit)
            .getMany()
        ).map(toRetry),
      ),
    claim: (seen, until) =>
      db.run(async (m) => {
        // Conditional on what was read: of two instances, the first update wins.
        const result = await table(m)
          .createQueryBuilder()
          .update()
          .set({ nextAttemptAt: until })
          .where(
            "notification_id = :id AND endpoint_hash = :hash AND next_attempt_at = :at AND attempts = :attempts",
            {
              id: seen.notificationId,
              hash: endpointHash(seen.endpoint),
              at: seen.nextAttemptAt,
              attempts: seen.attempts,
            },
          )
          .execute()
        return (result.affected ?? 0) > 0
      }),
    remove: (notificationId, endpoint) =>
      db.run(async (m) => {
        await table(m).delete({ notificationId, endpointHash: endpointHash(endpoint) })
      }),
  })
})

/** Push subscriptions, one per browser (`push_subscriptions`). */
export const makePushSubscriptionRepository = Effect.gen(function* () {
  const db = yield* Database
  const table = (m: Parameters<Parameters<typeof db.run>[0]>[0]) =>
    m.getRepository<PushSubscriptionRow>(PushSubscriptionTable)
  return PushSubscriptionRepository.of({
    save: (subscription) =>
      db.run(async (m) => {
        const row = { ...subscription, endpointHash: endpointHash(subscription.endpoint) }
        await table(m).upsert(row, ["endpointHash"])
      }),
    remove: (memberId, endpoint) =>
      db.run(async (m) => {
        const result = await table(m).delete({ endpointHash: endpointHash(endpoint), memberId })
        return (result.affected ?? 0) > 0
      }),
    removeEndpoint: (endpoint) =>
      db.run(async (m) => {
        await table(m).delete({ endpointHash: endpointHash(endpoint) })
      }),
    of: (memberId) =>
      db.run(async (m) =>
        (await table(m).find({ where: { memberId }, order: { createdAt: "ASC" } })).map(
          toSubscription,
        ),
      ),
  })
})

/** Who the scheduled notifications are for, in two queries over downloads, entries and votes. */
export const makeNotificationAudience = Effect.gen(function* () {
  const db = yield* Database
  return NotificationAudience.of({
    reminderCandidates: (contestId, enteredFrom, enteredTo) =>
      db.run(async (m) => {
        const rows: Array<{ member_id: string }> = await m.query(
          `SELECT DISTINCT c.member_id FROM (
             SELECT member_id FROM downloads WHERE contest_id = ?
             UNION SELECT member_id FROM entries WHERE created_at >= ? AND created_at < ?
           ) c
           WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.contest_id = ? AND e.member_id = c.member_id)
           ORDER BY c.member_id`,
          [contestId, enteredFrom, enteredTo, contestId],
        )
        return rows.map((row) => row.member_id)
      }),
    votesReceivedByHour: (from, to) =>
      db.run(async (m) => {
        // Served by IDX_votes_cast_at: only the window's votes are read.
        const rows: Array<{ member_id: string; hour: number | string; votes: number | string }> =
          await m.query(
            `SELECT e.member_id, v.cast_at - (v.cast_at % ${HOUR_MS}) AS hour, COUNT(*) AS votes
             FROM votes v JOIN entries e ON e.id = v.entry_id
             WHERE v.cast_at >= ? AND v.cast_at < ? AND e.moderation = 'visible'
             GROUP BY e.member_id, v.cast_at - (v.cast_at % ${HOUR_MS})`,
            [from, to],
          )
        return rows.map((row) => ({
          memberId: row.member_id,
          hour: Number(row.hour),
          votes: Number(row.votes),
        }))
      }),
  })
})

export const layerNotificationRepositories = Layer.effectContext(
  Effect.gen(function* () {
    return Context.make(NotificationRepository, yield* makeNotificationRepository).pipe(
      Context.add(PushSubscriptionRepository, yield* makePushSubscriptionRepository),
      Context.add(NotificationAudience, yield* makeNotificationAudience),
      Context.add(PushRetryRepository, yield* makePushRetryRepository),
    )
  }),
)
