/** Premium pages and custom line art requests, in memory. */
import { Effect, Option } from "effect"
import { LineArtRequestRepository } from "../../domain/perks/line-art-request.port.ts"
import { PremiumPageRepository } from "../../domain/perks/premium-page.port.ts"
import type { MemoryStore } from "./memory-store.ts"

export const premiumPages = (store: MemoryStore) =>
  PremiumPageRepository.of({
    put: (page) => Effect.sync(() => void store.tables.premiumPages.set(page.week, page)),
    forWeek: (week) => Effect.sync(() => Option.fromNullishOr(store.tables.premiumPages.get(week))),
    latest: (limit) =>
      Effect.sync(() =>
        [...store.tables.premiumPages.values()]
          .sort((a, b) => (a.week < b.week ? 1 : a.week > b.week ? -1 : 0))
          .slice(0, limit),
      ),
  })

export const lineArtRequests = (store: MemoryStore) => {
  const all = () => [...store.tables.lineArtRequests.values()]
  return LineArtRequestRepository.of({
    create: (request) =>
      Effect.sync(() => void store.tables.lineArtRequests.set(request.id, request)),
    lock: (id) => Effect.sync(() => Option.fromNullishOr(store.tables.lineArtRequests.get(id))),
    save: (request) =>
      Effect.sync(() => void store.tables.lineArtRequests.set(request.id, request)),
    ofMember: (memberId) =>
      Effect.sync(() =>
        all()
          .filter((request) => request.memberId === memberId)
          .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1)),
      ),
    withStatus: (statuses) =>
      Effect.sync(() =>
        all()
          .filter((request) => statuses.includes(request.status))
          .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)),
      ),
  })
}
