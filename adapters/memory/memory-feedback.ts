/** Professional feedback and the Spotlight (issue 19), in memory. */
import { Effect, Option } from "effect"
import { FeedbackRepository } from "../../domain/feedback/feedback.port.ts"
import { parseTier } from "../../domain/plans/plans.ts"
import { SpotlightRepository } from "../../domain/spotlight/spotlight.port.ts"
import { isVisible } from "../../domain/submissions/entry.entity.ts"
import type { MemoryStore } from "./memory-store.ts"

const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

export const feedback = (store: MemoryStore) =>
  FeedbackRepository.of({
    find: (entryId, judgeId) =>
      Effect.sync(() => Option.fromNullishOr(store.tables.feedback.get(`${entryId}|${judgeId}`))),
    save: (given) =>
      Effect.sync(() => {
        store.tables.feedback.set(`${given.entryId}|${given.judgeId}`, given)
      }),
    ofEntry: (entryId) =>
      Effect.sync(() =>
        [...store.tables.feedback.values()]
          .filter((f) => f.entryId === entryId)
          .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)),
      ),
    awaiting: (judgeId, tiers, limit) =>
      Effect.sync(() => {
        const written = new Set([...store.tables.feedback.values()].map((f) => f.entryId))
        const onTier = (memberId: string) => {
          const tier = parseTier(store.tables.subscriptions.get(memberId)?.tier ?? "free")
          return tier !== undefined && tiers.includes(tier)
        }
        return [...store.tables.entries.values()]
          .filter(
            (entry) =>
              isVisible(entry) &&
              entry.memberId !== judgeId &&
              !written.has(entry.id) &&
              onTier(entry.memberId),
          )
          .sort(newestFirst)
          .slice(0, limit)
          .map((entry) => entry.id)
      }),
  })

const latestStartFirst = (
  a: { startsAt: number; id: string },
  b: { startsAt: number; id: string },
) => b.startsAt - a.startsAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

export const spotlights = (store: MemoryStore) =>
  SpotlightRepository.of({
    insert: (spotlight) =>
      Effect.sync(() => {
        store.tables.spotlights.set(spotlight.id, spotlight)
      }),
    find: (id) => Effect.sync(() => Option.fromNullishOr(store.tables.spotlights.get(id))),
    remove: (id) =>
      Effect.sync(() => {
        store.tables.spotlights.delete(id)
      }),
    activeAt: (now) =>
      Effect.sync(() =>
        [...store.tables.spotlights.values()]
          .filter((s) => s.startsAt <= now && now < s.endsAt)
          .sort(latestStartFirst),
      ),
    endingAfter: (since) =>
      Effect.sync(() =>
        [...store.tables.spotlights.values()]
          .filter((s) => s.endsAt > since)
          .sort(latestStartFirst),
      ),
  })
