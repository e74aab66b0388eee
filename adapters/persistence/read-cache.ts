import { Effect } from "effect"
import { singleFlight } from "../shared/single-flight.ts"
import type { DatabaseShape } from "./database.ts"

/**
 * A short-lived in-process cache of reads (issue 20's read path), the rule the home page's
 * contest follows (contest-repositories.ts): a read is answered from memory for at most `ttlMs`
 * and only while no write went through this instance since it was read (DatabaseShape.writes),
 * so this instance sees its own writes at once and another process's within `ttlMs` (no pub/sub
 * between instances; issue 23). Reads inside a transaction are never kept nor answered from it.
 * At most `capacity` keys are kept (the oldest goes first). The values must not be mutated.
 *
 * Requests that miss while the same key is being read, with no write since that read began,
 * wait for it and share its value (one read, one array, so what an adapter makes of it is made
 * once too): on MySQL a read takes a round trip, and when a kept board ran out, the 64 requests
 * in flight each read it again and each answer was presented and compressed anew. A request
 * after a write reads for itself; one whose shared read failed reads for itself too.
 */
export const readCache = <A>(db: DatabaseShape, ttlMs: number, capacity: number) => {
  const kept = new Map<string, { readonly writes: number; readonly readAt: number; value: A }>()
  /** The reads under way by key, shared only with requests that come before the next write. */
  const reading = singleFlight<A>({ generation: () => db.writes() })
  return <E>(key: string, read: Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.gen(function* () {
      if (yield* db.inTransaction) return yield* read
      const wall = Date.now()
      const hit = kept.get(key)
      if (hit && hit.writes === db.writes() && wall - hit.readAt < ttlMs) return hit.value
      return yield* reading(key, (before) =>
        Effect.map(read, (fresh) => {
          // A write that landed while reading may not be in `fresh`: keep nothing then.
          if (db.writes() === before) {
            kept.delete(key)
            if (kept.size >= capacity) {
              const oldest = kept.keys().next()
              if (!oldest.done) kept.delete(oldest.value)
            }
            kept.set(key, { writes: before, readAt: wall, value: fresh })
          }
          return fresh
        }),
      )
    })
}
