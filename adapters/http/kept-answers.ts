import { Effect } from "effect"
import { type SingleFlight, singleFlight } from "../shared/single-flight.ts"

/**
 * What a route made of an object the repository keeps a while (a gallery page's entries, a
 * board's ranked entries: read-cache.ts hands back the same array meanwhile), kept by that object
 * and a part of the question (the period, the cursor), so it is made once and, being the same
 * object, serialised, tagged and compressed once (tagged-answers.ts), not once per request.
 *
 * Requests that ask while it is being made wait for it instead of making it too: on MySQL making
 * it takes round trips (a board reads its members' avatars), and the 64 requests in flight when a
 * kept board ran out each read 24 avatars, presented the board and compressed it anew. A failure
 * is not kept: the requests that waited for it make it themselves.
 */
export const keptAnswers = <K extends object, A>() => {
  const kept = new WeakMap<K, SingleFlight<A>>()
  return <E, R>(key: K, part: string, make: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.suspend(() => {
      const parts = kept.get(key) ?? singleFlight<A>({ keepsValues: true })
      kept.set(key, parts)
      return parts(part, () => make)
    })
}
