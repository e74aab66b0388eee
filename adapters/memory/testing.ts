import { it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { layerMemoryImageStore } from "./image-store.ts"
import { layerMemory } from "./memory.layers.ts"
import { layerMemoryPasswordHasher } from "./password-hasher.ts"
import { layerMemoryPayments } from "./payments.ts"

/** Every port in memory, plus the fast test-only password hasher, images and the offline checkout. */
const layerMemoryWorld = Layer.merge(
  Layer.provideMerge(Layer.merge(layerMemoryPayments, layerMemoryImageStore), layerMemory),
  layerMemoryPasswordHasher,
)

export type MemoryServices = Layer.Success<typeof layerMemoryWorld>

/** Sunday 2026-11-22 12:00 UTC: where every memory-backed test's TestClock starts. */
export const TEST_NOW = Date.UTC(2026, 10, 22, 12)

/** An `it.effect` test over a fresh in-memory world, the TestClock set to TEST_NOW. */
export const itWithMemory = (
  name: string,
  body: () => Effect.Effect<unknown, unknown, MemoryServices>,
) =>
  it.effect(name, () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(TEST_NOW)
      yield* body()
    }).pipe(Effect.provide(layerMemoryWorld)),
  )

/**
 * The memory UnitOfWork whose first transaction does all its work, then deadlocks and is rolled
 * back and run again, as the SQL adapter does on a deadlock or a busy SQLite.
 */
export const deadlockingOnce = Effect.gen(function* () {
  const unitOfWork = yield* UnitOfWork
  let deadlocks = 1
  return UnitOfWork.of({
    transaction: (effect) => {
      if (deadlocks === 0) return unitOfWork.transaction(effect)
      deadlocks -= 1
      return unitOfWork
        .transaction(Effect.andThen(effect, Effect.die(new Error("ER_LOCK_DEADLOCK"))))
        .pipe(Effect.catchDefect(() => unitOfWork.transaction(effect)))
    },
  })
})
