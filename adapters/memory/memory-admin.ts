/** Contact messages, the audit log and admin insights, in memory. */
import { Effect } from "effect"
import {
  type ActivityMetric,
  AdminInsights,
  type HourlyCount,
} from "../../domain/admin/admin-insights.port.ts"
import { AuditLog, type AuditRecord } from "../../domain/admin/audit-log.port.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import type { MemoryStore } from "./memory-store.ts"
import { keysetPage, newestFirstById } from "./memory-paging.ts"

export const contactMessages = (store: MemoryStore) =>
  ContactMessageRepository.of({
    save: (message) =>
      Effect.sync(() => void store.tables.contactMessages.set(message.id, message)),
    get: (id) =>
      Effect.suspend(() => {
        const message = store.tables.contactMessages.get(id)
        return message
          ? Effect.succeed(message)
          : Effect.fail(new NotFound({ entity: "message", id }))
      }),
    countUnhandled: Effect.sync(
      () =>
        [...store.tables.contactMessages.values()].filter((message) => message.handledAt === null)
          .length,
    ),
    page: (cursor, limit, filter) =>
      Effect.sync(() =>
        keysetPage<ContactMessage>(
          [...store.tables.contactMessages.values()].filter(
            (message) => !filter?.unhandledOnly || message.handledAt === null,
          ),
          newestFirstById,
          (message) => message.id,
          (value) =>
            typeof value === "string" ? store.tables.contactMessages.get(value) : undefined,
          cursor,
          limit,
        ),
      ),
  })

const HOUR_MS = 3_600_000

export const auditLog = (store: MemoryStore) =>
  AuditLog.of({
    record: (record) =>
      Effect.sync(() => {
        const id = String(store.tables.audit.length + 1)
        // Stored as the SQL adapters store it: JSON, so what reads back is plain data.
        store.tables.audit.push({
          ...record,
          id,
          before: JSON.parse(JSON.stringify(record.before ?? null)) as unknown,
          after: JSON.parse(JSON.stringify(record.after ?? null)) as unknown,
        })
      }),
    page: (filter, cursor, limit) =>
      Effect.sync(() => {
        const matching = store.tables.audit.filter(
          (record) =>
            (filter.actorId === undefined || record.actorId === filter.actorId) &&
            (filter.actionPrefix === undefined || record.action.startsWith(filter.actionPrefix)) &&
            (filter.targetType === undefined || record.targetType === filter.targetType) &&
            (filter.targetId === undefined || record.targetId === filter.targetId) &&
            (filter.from === undefined || record.at >= filter.from) &&
            (filter.to === undefined || record.at < filter.to),
        )
        const byNumber = (a: AuditRecord, b: AuditRecord) => Number(b.id) - Number(a.id)
        return keysetPage(
          matching,
          byNumber,
          (record) => record.id,
          (value) => store.tables.audit.find((record) => record.id === value),
          cursor,
          limit,
        )
      }),
  })

export const adminInsights = (store: MemoryStore) =>
  AdminInsights.of({
    activity: (window) =>
      Effect.sync(() => {
        const counts = new Map<string, HourlyCount>()
        const count = (metric: ActivityMetric, at: number, contestId: string | null) => {
          if (at < window.from || at >= window.to) return
          if (window.contestId !== undefined && contestId !== window.contestId) return
          const hour = at - (at % HOUR_MS)
          const key = `${metric}|${hour}`
          const found = counts.get(key)
          counts.set(key, { metric, hour, count: (found?.count ?? 0) + 1 })
        }
        const t = store.tables
        for (const event of t.events) {
          if (event.metric === "views" || event.metric === "downloads") {
            count(event.metric, event.at, event.contestId)
          }
        }
        for (const entry of t.entries.values()) count("entries", entry.createdAt, entry.contestId)
        for (const vote of t.votes.values()) count("votes", vote.castAt, vote.contestId)
        for (const member of t.members.values()) count("signUps", member.createdAt, null)
        const firstPaid = new Map<string, number>()
        for (const payment of t.payments.values()) {
          if (payment.purchase.kind !== "plan" || payment.status !== "paid") continue
          const earlier = firstPaid.get(payment.memberId)
          if (earlier === undefined || payment.createdAt < earlier) {
            firstPaid.set(payment.memberId, payment.createdAt)
          }
        }
        for (const at of firstPaid.values()) count("paidConversions", at, null)
        return [...counts.values()].sort((a, b) => a.hour - b.hour)
      }),
    contestTotals: (contestIds) =>
      Effect.sync(() => {
        const wanted = new Set(contestIds)
        const totals = new Map<string, { entries: number; votes: number }>()
        for (const entry of store.tables.entries.values()) {
          if (!wanted.has(entry.contestId)) continue
          const found = totals.get(entry.contestId) ?? { entries: 0, votes: 0 }
          totals.set(entry.contestId, {
            entries: found.entries + 1,
            votes: found.votes + entry.voteCount,
          })
        }
        return totals
      }),
    memberCounts: Effect.sync(() => ({
      members: store.tables.members.size,
      paid: [...store.tables.subscriptions.values()].filter((s) => s.tier !== "free").length,
    })),
  })
