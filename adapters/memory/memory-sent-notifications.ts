import { Effect } from "effect"
import { SentNotificationRepository } from "../../domain/notifications/mails/sent-notification.port.ts"
import type { MemoryStore } from "./memory-store.ts"

/** The ledger of scheduled mails (issue 24), in memory: one key per (member, kind, period). */
export const sentNotifications = (store: MemoryStore) =>
  SentNotificationRepository.of({
    claim: (sent) =>
      Effect.sync(() => {
        const key = `${sent.memberId}|${sent.kind}|${sent.period}`
        if (store.tables.sentNotifications.has(key)) return false
        store.tables.sentNotifications.add(key)
        return true
      }),
    sentTo: (kind, period) =>
      Effect.sync(() => {
        const members = new Set<string>()
        for (const key of store.tables.sentNotifications) {
          const [memberId, keyKind, keyPeriod] = key.split("|")
          if (memberId !== undefined && keyKind === kind && keyPeriod === period) {
            members.add(memberId)
          }
        }
        return members
      }),
  })
