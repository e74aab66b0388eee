/** The unit of work, ids and job leases of the memory world. */
import { JobLease } from "../../domain/jobs/job-lease.port.ts"
import { Context, Effect, Exit, Semaphore } from "effect"
import { IdSource, sha256Hex } from "../../domain/shared/id-source.port.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import type { MemoryStore } from "./memory-store.ts"

/** Whether the current fiber already runs inside a memory transaction (nested calls join it). */
const InTransaction = Context.Reference<boolean>("colorday/memory/InTransaction", {
  defaultValue: () => false,
})

export const unitOfWork = (store: MemoryStore) => {
  // One writer at a time, like SQLite: transactions are serialised and roll back on failure.
  const lock = Semaphore.makeUnsafe(1)
  return UnitOfWork.of({
    transaction: (effect) =>
      Effect.gen(function* () {
        if (yield* InTransaction) return yield* effect
        return yield* lock.withPermit(
          Effect.suspend(() => {
            const before = store.snapshot()
            return effect.pipe(
              Effect.provideService(InTransaction, true),
              Effect.onExit((exit) =>
                Effect.sync(() => {
                  if (Exit.isFailure(exit)) store.restore(before)
                }),
              ),
            )
          }),
        )
      }),
  })
}

export const idSource = () => {
  let next = 0
  return IdSource.of({
    // Ordered ids keep test output readable; the SQL adapters use random UUIDs.
    newId: Effect.sync(() => `id-${String(++next).padStart(8, "0")}`),
    newToken: Effect.sync(() => {
      const bytes = crypto.getRandomValues(new Uint8Array(32))
      return btoa(String.fromCharCode(...bytes))
        .replaceAll("+", "-")
        .replaceAll("/", "_")
        .replace(/=+$/, "")
    }),
    digest: sha256Hex,
  })
}

/** Leases in a map of this store: one process, so this only has to get the rule right. */
export const jobLeases = () => {
  const leases = new Map<string, { holder: string; until: number }>()
  return JobLease.of({
    acquire: (job, holder, now, until) =>
      Effect.sync(() => {
        const lease = leases.get(job)
        if (lease && lease.holder !== holder && lease.until > now) return false
        leases.set(job, { holder, until })
        return true
      }),
  })
}
