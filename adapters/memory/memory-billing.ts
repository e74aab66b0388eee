/** Subscriptions, the payment ledger and offline checkout sessions, in memory. */
import { Clock, Effect, Option } from "effect"
import { isOpenCheckout } from "../../domain/billing/payment.entity.ts"
import { PaymentLedger } from "../../domain/billing/payment.port.ts"
import { heldDuring, periodChange } from "../../domain/plans/plan-period.ts"
import { parseTier } from "../../domain/plans/plans.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { OfflineSessions } from "../payments/offline-sessions.ts"
import type { MemoryStore } from "./memory-store.ts"
import { keysetPage, byId } from "./memory-paging.ts"

export const subscriptions = (store: MemoryStore) =>
  SubscriptionRepository.of({
    find: (memberId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.subscriptions.get(memberId))),
    // Memory transactions are serialised already, so holding the row needs nothing more.
    lock: (memberId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.subscriptions.get(memberId))),
    save: (subscription) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const { memberId } = subscription
        const tier = parseTier(subscription.tier) ?? "free"
        const periods = store.tables.planPeriods
        const open = periods.findIndex((p) => p.memberId === memberId && p.until === null)
        const change = periodChange(periods[open], memberId, tier, now)
        const ended = periods[open]
        if (change.end && ended !== undefined) periods[open] = { ...ended, until: now }
        if (change.open !== null) periods.push(change.open)
        store.tables.subscriptions.set(memberId, subscription)
      }),
    periodsOf: (memberId) =>
      Effect.sync(() =>
        store.tables.planPeriods
          .filter((p) => p.memberId === memberId)
          .sort((a, b) => b.from - a.from),
      ),
    periodsDuring: (from, until) =>
      Effect.sync(() => store.tables.planPeriods.filter((p) => heldDuring(p, from, until))),
    dueForRenewal: (now, afterMemberId, limit) =>
      Effect.sync(() =>
        [...store.tables.subscriptions.values()]
          .filter(
            (s) => s.renewsAt <= now && (afterMemberId === null || s.memberId > afterMemberId),
          )
          .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0))
          .slice(0, limit),
      ),
  })

export const payments = (store: MemoryStore) =>
  PaymentLedger.of({
    save: (payment) =>
      Effect.sync(() => void store.tables.payments.set(payment.checkoutSessionId, payment)),
    findByCheckoutSession: (checkoutSessionId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.payments.get(checkoutSessionId))),
    findById: (id) =>
      Effect.sync(() =>
        Option.fromNullishOr([...store.tables.payments.values()].find((p) => p.id === id)),
      ),
    // Memory transactions are serialised already, so holding the row needs nothing more.
    lock: (checkoutSessionId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.payments.get(checkoutSessionId))),
    openCheckoutsOf: (memberId, now) =>
      Effect.sync(() =>
        [...store.tables.payments.values()]
          .filter((p) => p.memberId === memberId && isOpenCheckout(p, now))
          .sort((a, b) => b.createdAt - a.createdAt || byId(b, a)),
      ),
    historyOf: (memberId, cursor, limit) =>
      Effect.sync(() => {
        const own = [...store.tables.payments.values()].filter((p) => p.memberId === memberId)
        return keysetPage(
          own,
          (a, b) => b.createdAt - a.createdAt || byId(b, a),
          (payment) => payment.checkoutSessionId,
          (value) => (typeof value === "string" ? store.tables.payments.get(value) : undefined),
          cursor,
          limit,
        )
      }),
  })

export const checkoutSessions = (store: MemoryStore) =>
  OfflineSessions.of({
    create: (session) =>
      Effect.sync(() => {
        const existing = [...store.tables.checkoutSessions.values()].find(
          (s) => s.idempotencyKey === session.idempotencyKey,
        )
        if (existing) return existing
        store.tables.checkoutSessions.set(session.id, session)
        return session
      }),
    find: (id) => Effect.sync(() => Option.fromNullishOr(store.tables.checkoutSessions.get(id))),
    complete: (id, status, at) =>
      Effect.sync(() => {
        const session = store.tables.checkoutSessions.get(id)
        if (session?.status === "open") {
          store.tables.checkoutSessions.set(id, { ...session, status, completedAt: at })
        }
        return Option.fromNullishOr(store.tables.checkoutSessions.get(id))
      }),
  })
