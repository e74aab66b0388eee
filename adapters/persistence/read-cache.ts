import { Effect } from "effect"
import type { DatabaseShape } from "./database.ts"

/**
 * A short-lived in-process cache of reads (issue 20's read path), the rule the home page's
 * contest follows (contest-repositories.ts): a read is answered from memory for at most `ttlMs`
 * and only while no write went through this instance since it was read (DatabaseShape.writes),
 * so this instance sees its own writes at once and another process's within `ttlMs` (no pub/sub
 * between instances; issue 23). Reads inside a transaction are never kept nor answered from it.
 * At most `capacity` keys are kept (the oldest goes first). The values must not be mutated.
 */
export const readCache = <A>(db: DatabaseShape, ttlMs: number, capacity: number) => {
  const kept = new Map<string, { readonly writes: number; readonly readAt: number; value: A }>()
  return <E>(key: string, read: Effect.Effect<A, E>): Effect.Effect<A, E> =>
    Effect.gen(function* () {
      if (yield* db.inTransaction) return yield* read
      const wall = Date.now()
      const hit = kept.get(key)
      if (hit && hit.writes === db.writes() && wall - hit.readAt < ttlMs) return hit.value
      const before = db.writes()
      const value = yield* read
      // A write that landed while reading may not be in `value`: keep nothing then.
      if (db.writes() === before) {
        kept.delete(key)
        if (kept.size >= capacity) {
          const oldest = kept.keys().next()
          if (!oldest.done) kept.delete(oldest.value)
        }
        kept.set(key, { writes: before, readAt: wall, value })
      }
      return value
    })
}
