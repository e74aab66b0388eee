import { Context, Effect } from "effect"
import { NotificationAudience } from "../../domain/notifications/notification-audience.port.ts"
import { NotificationRepository } from "../../domain/notifications/notification.port.ts"
import { type PushOutcome, PushSender } from "../../domain/notifications/push-sender.port.ts"
import { PushRetryRepository } from "../../domain/notifications/push-retry.port.ts"
import { PushSubscriptionRepository } from "../../domain/notifications/push-subscription.port.ts"
import { isVisible } from "../../domain/submissions/entry.entity.ts"
import type { MemoryStore } from "./memory-store.ts"

const HOUR_MS = 60 * 60_000

/** The bell list (issue 24), in memory. */
export const notifications = (store: MemoryStore) =>
  NotificationRepository.of({
    add: (notification) =>
      Effect.sync(() => {
        const taken = [...store.tables.notifications.values()].some(
          (other) =>
            other.memberId === notification.memberId &&
            other.kind === notification.kind &&
            other.period === notification.period,
        )
        if (taken) return false
        store.tables.notifications.set(notification.id, notification)
        return true
      }),
    recent: (memberId, limit) =>
      Effect.sync(() =>
        [...store.tables.notifications.values()]
          .filter((notification) => notification.memberId === memberId)
          .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id))
          .slice(0, limit),
      ),
    unreadCount: (memberId) =>
      Effect.sync(
        () =>
          [...store.tables.notifications.values()].filter(
            (notification) => notification.memberId === memberId && notification.readAt === null,
          ).length,
      ),
    markRead: (memberId, at) =>
      Effect.sync(() => {
        let marked = 0
        for (const notification of store.tables.notifications.values()) {
          if (notification.memberId !== memberId || notification.readAt !== null) continue
          store.tables.notifications.set(notification.id, { ...notification, readAt: at })
          marked += 1
        }
        return marked
      }),
    pendingPushes: (limit) =>
      Effect.sync(() =>
        [...store.tables.notifications.values()]
          .filter((notification) => notification.push === "pending")
          .sort((a, b) => a.createdAt - b.createdAt)
          .slice(0, limit),
      ),
    claimPush: (id) =>
      Effect.sync(() => {
        const notification = store.tables.notifications.get(id)
        if (notification?.push !== "pending") return false
        store.tables.notifications.set(id, { ...notification, push: "done" })
        return true
      }),
    latestPeriods: (kind, since) =>
      Effect.sync(() => {
        const latest = new Map<string, string>()
        for (const { memberId, kind: of, period } of store.tables.notifications.values()) {
          if (of !== kind || period < since) continue
          if (period > (latest.get(memberId) ?? "")) latest.set(memberId, period)
        }
        return latest
      }),
  })

const retryKey = (notificationId: string, endpoint: string) => `${notificationId}|${endpoint}`

/** Pushes to try again, in memory. */
export const pushRetries = (store: MemoryStore) =>
  PushRetryRepository.of({
    schedule: (retry) =>
      Effect.sync(
        () =>
          void store.tables.pushRetries.set(retryKey(retry.notificationId, retry.endpoint), retry),
      ),
    due: (now, limit) =>
      Effect.sync(() =>
        [...store.tables.pushRetries.values()]
          .filter((retry) => retry.nextAttemptAt <= now)
          .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt)
          .slice(0, limit),
      ),
    claim: (seen, until) =>
      Effect.sync(() => {
        const key = retryKey(seen.notificationId, seen.endpoint)
        const stored = store.tables.pushRetries.get(key)
        if (stored?.nextAttemptAt !== seen.nextAttemptAt || stored.attempts !== seen.attempts) {
          return false
        }
        store.tables.pushRetries.set(key, { ...stored, nextAttemptAt: until })
        return true
      }),
    remove: (notificationId, endpoint) =>
      Effect.sync(() => void store.tables.pushRetries.delete(retryKey(notificationId, endpoint))),
  })

/** Push subscriptions, by endpoint, in memory. */
export const pushSubscriptions = (store: MemoryStore) =>
  PushSubscriptionRepository.of({
    save: (subscription) =>
      Effect.sync(
        () => void store.tables.pushSubscriptions.set(subscription.endpoint, subscription),
      ),
    remove: (memberId, endpoint) =>
      Effect.sync(() => {
        if (store.tables.pushSubscriptions.get(endpoint)?.memberId !== memberId) return false
        return store.tables.pushSubscriptions.delete(endpoint)
      }),
    removeEndpoint: (endpoint) =>
      Effect.sync(() => void store.tables.pushSubscriptions.delete(endpoint)),
    of: (memberId) =>
      Effect.sync(() =>
        [...store.tables.pushSubscriptions.values()].filter((s) => s.memberId === memberId),
      ),
  })

/** Who the scheduled notifications are for, over the memory tables. */
export const notificationAudience = (store: MemoryStore) =>
  NotificationAudience.of({
    reminderCandidates: (contestId, enteredFrom, enteredTo) =>
      Effect.sync(() => {
        const entries = [...store.tables.entries.values()]
        const entered = new Set(
          entries.filter((entry) => entry.contestId === contestId).map((entry) => entry.memberId),
        )
        const candidates = new Set([
          ...store.tables.downloads
            .filter((download) => download.contestId === contestId)
            .map((download) => download.memberId),
          ...entries
            .filter((entry) => entry.createdAt >= enteredFrom && entry.createdAt < enteredTo)
            .map((entry) => entry.memberId),
        ])
        return [...candidates].filter((memberId) => !entered.has(memberId)).sort()
      }),
    votesReceivedByHour: (from, to) =>
      Effect.sync(() => {
        const counts = new Map<string, { memberId: string; hour: number; votes: number }>()
        for (const vote of store.tables.votes.values()) {
          if (vote.castAt < from || vote.castAt >= to) continue
          const entry = store.tables.entries.get(vote.entryId)
          if (entry === undefined || !isVisible(entry)) continue
          const hour = vote.castAt - (vote.castAt % HOUR_MS)
          const key = `${entry.memberId}|${hour}`
          const count = counts.get(key) ?? { memberId: entry.memberId, hour, votes: 0 }
          counts.set(key, { ...count, votes: count.votes + 1 })
        }
        return [...counts.values()]
      }),
  })

/** What the memory push service was sent, and how it answers each endpoint (default: accepted). */
export class MemoryPushService extends Context.Service<
  MemoryPushService,
  {
    readonly sent: Array<{ readonly endpoint: string; readonly payload: string }>
    readonly answers: Map<string, PushOutcome>
  }
>()("colorday/memory/PushService") {}

export const MEMORY_VAPID_PUBLIC_KEY = "memory-vapid-public-key"

/** A PushSender that records each push instead of sending it (tests read MemoryPushService). */
export const memoryPushSender = (service: MemoryPushService["Service"]) =>
  PushSender.of({
    publicKey: MEMORY_VAPID_PUBLIC_KEY,
    acceptsEndpoint: (endpoint) => endpoint.startsWith("https://"),
    send: (subscription, payload) =>
      Effect.sync(() => {
        service.sent.push({ endpoint: subscription.endpoint, payload })
        return service.answers.get(subscription.endpoint) ?? "delivered"
      }),
  })
