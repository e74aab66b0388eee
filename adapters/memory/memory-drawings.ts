/** The monthly drawings and their free entries, in memory. */
import { Effect, Option } from "effect"
import { DRAWING_TIERS } from "../../domain/drawings/drawing.entity.ts"
import { DrawingRepository } from "../../domain/drawings/drawing.port.ts"
import { isDeletedAccount } from "../../domain/drawings/eligibility.ts"
import type { MemoryStore } from "./memory-store.ts"

const tierOrder = (tier: string) => DRAWING_TIERS.indexOf(tier as (typeof DRAWING_TIERS)[number])

export const drawings = (store: MemoryStore) => {
  const all = () => [...store.tables.drawings.values()]
  return DrawingRepository.of({
    create: (drawing) =>
      Effect.sync(() => {
        // The unique (month, tier) key a database enforces.
        if (all().some((d) => d.month === drawing.month && d.tier === drawing.tier)) return false
        store.tables.drawings.set(drawing.id, drawing)
        return true
      }),
    find: (month, tier) =>
      Effect.sync(() =>
        Option.fromNullishOr(all().find((d) => d.month === month && d.tier === tier)),
      ),
    findById: (id) => Effect.sync(() => Option.fromNullishOr(store.tables.drawings.get(id))),
    list: Effect.sync(() =>
      all().sort((a, b) =>
        a.month === b.month ? tierOrder(a.tier) - tierOrder(b.tier) : a.month < b.month ? 1 : -1,
      ),
    ),
    recordDraw: (id, outcome) =>
      Effect.sync(() => {
        const drawing = store.tables.drawings.get(id)
        if (drawing?.status !== "committed") return false
        store.tables.drawings.set(id, { ...drawing, ...outcome, status: "drawn" })
        return true
      }),
    markPaid: (id, at) =>
      Effect.sync(() => {
        const drawing = store.tables.drawings.get(id)
        if (drawing?.status !== "drawn") return false
        store.tables.drawings.set(id, { ...drawing, status: "paid", paidAt: at })
        return true
      }),
    addFreeEntry: (entry) =>
      Effect.sync(() => {
        const key = `${entry.memberId}|${entry.month}`
        if (store.tables.freeEntries.has(key)) return false
        store.tables.freeEntries.set(key, entry)
        return true
      }),
    findFreeEntry: (memberId, month) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.freeEntries.get(`${memberId}|${month}`))),
    freeEntrants: (month) =>
      Effect.sync(() =>
        [...store.tables.freeEntries.values()]
          .filter((entry) => entry.month === month)
          .map((entry) => entry.memberId),
      ),
    barredMembers: Effect.sync(() =>
      [...store.tables.members.values()]
        .filter((member) => member.suspendedAt !== null || isDeletedAccount(member.email))
        .map((member) => member.id),
    ),
    freeEntriesOf: (memberId) =>
      Effect.sync(() =>
        [...store.tables.freeEntries.values()]
          .filter((entry) => entry.memberId === memberId)
          .sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0)),
      ),
  })
}
