/** Mail in memory: sent mail kept for tests to read, and the outbox. */
import { Effect } from "effect"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { type OutboxMail, OutboxRepository } from "../mail/outbox.ts"
import type { MemoryStore } from "./memory-store.ts"
import { byId, newestFirstById } from "./memory-paging.ts"

/** Records every mail in `store.tables.mails` instead of sending it, so tests can read them. */
export const mailer = (store: MemoryStore) =>
  Mailer.of({ send: (mail) => Effect.sync(() => void store.tables.mails.push(mail)) })

export const outbox = (store: MemoryStore) => {
  const update = (id: string, change: (mail: OutboxMail) => OutboxMail) =>
    Effect.sync(() => {
      const mail = store.tables.outbox.get(id)
      if (mail) store.tables.outbox.set(id, change(mail))
    })
  return OutboxRepository.of({
    add: (mail) => Effect.sync(() => void store.tables.outbox.set(mail.id, mail)),
    latest: (limit) =>
      Effect.sync(() => [...store.tables.outbox.values()].sort(newestFirstById).slice(0, limit)),
    due: (now, limit) =>
      Effect.sync(() =>
        [...store.tables.outbox.values()]
          .filter((mail) => mail.sentAt === null && mail.nextAttemptAt !== null)
          .filter((mail) => (mail.nextAttemptAt ?? Infinity) <= now)
          .sort((a, b) => (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0) || byId(a, b))
          .slice(0, limit),
      ),
    claim: (seen, until) =>
      Effect.sync(() => {
        const mail = store.tables.outbox.get(seen.id)
        if (!mail || mail.sentAt !== null || mail.nextAttemptAt !== seen.nextAttemptAt) return false
        store.tables.outbox.set(seen.id, {
          ...mail,
          nextAttemptAt: until,
          attempts: mail.attempts + 1,
        })
        return true
      }),
    markSent: (id, at) =>
      update(id, (mail) => ({ ...mail, sentAt: at, nextAttemptAt: null, lastError: null })),
    markFailed: (id, error, retryAt) =>
      update(id, (mail) => ({ ...mail, lastError: error.slice(0, 500), nextAttemptAt: retryAt })),
  })
}
