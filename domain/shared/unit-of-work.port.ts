import { Context, Effect } from "effect"

/**
 * Runs a use case's writes as one transaction: all of them commit, or none do.
 * Nested calls join the transaction already open. Adapters retry deadlocks and wait on busy.
 */
export class UnitOfWork extends Context.Service<
  UnitOfWork,
  {
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  }
>()("colorday/UnitOfWork") {}

/** `effect` as one transaction of the UnitOfWork in context. */
export const transactionally = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const unitOfWork = yield* UnitOfWork
    return yield* unitOfWork.transaction(effect)
  })
