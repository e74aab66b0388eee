import { Deferred, Effect, Exit, Option } from "effect"

/** Shares work by key with the requests that ask for it while it is under way. */
export type SingleFlight<A> = <E, R>(
  key: string,
  work: (generation: number) => Effect.Effect<A, E, R>,
) => Effect.Effect<A, E, R>

/**
 * Requests for a key whose work is under way wait for it and take its value instead of doing it
 * too. A failure is not shared: the requests that waited do the work themselves.
 *
 * `generation` (a count of writes, say) dates the work: a request joins only work begun in the
 * generation it asks in, and `work` is told the one it began in. With `keepsValues` the value
 * stays and answers every later request for the key; without, only those that waited share it.
 */
export const singleFlight = <A>({
  generation = () => 0,
  keepsValues = false,
}: {
  readonly generation?: () => number
  readonly keepsValues?: boolean
} = {}): SingleFlight<A> => {
  const flights = new Map<
    string,
    { readonly generation: number; readonly outcome: Deferred.Deferred<Option.Option<A>> }
  >()
  return (key, work) =>
    Effect.gen(function* () {
      const under = flights.get(key)
      if (under && under.generation === generation()) {
        const shared = yield* Deferred.await(under.outcome)
        if (Option.isSome(shared)) return shared.value
      }
      const began = generation()
      const outcome = Deferred.makeUnsafe<Option.Option<A>>()
      flights.set(key, { generation: began, outcome })
      return yield* Effect.onExit(work(began), (exit) => {
        const forget = Exit.isFailure(exit) || !keepsValues
        if (forget && flights.get(key)?.outcome === outcome) flights.delete(key)
        return Deferred.succeed(
          outcome,
          Exit.isSuccess(exit) ? Option.some(exit.value) : Option.none(),
        )
      })
    })
}
