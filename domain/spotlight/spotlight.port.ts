import { Context, type Effect, type Option } from "effect"
import type { Instant } from "../shared/ids.ts"
import type { Spotlight } from "./spotlight.entity.ts"

/** The Spotlight's featured entries. */
export class SpotlightRepository extends Context.Service<
  SpotlightRepository,
  {
    readonly insert: (spotlight: Spotlight) => Effect.Effect<void>
    readonly find: (id: string) => Effect.Effect<Option.Option<Spotlight>>
    readonly remove: (id: string) => Effect.Effect<void>
    /** Those showing at `now` (started, not ended), latest start first. */
    readonly activeAt: (now: Instant) => Effect.Effect<ReadonlyArray<Spotlight>>
    /** Every spotlight not ended before `since`, latest start first: the dashboard's list. */
    readonly endingAfter: (since: Instant) => Effect.Effect<ReadonlyArray<Spotlight>>
  }
>()("colorday/SpotlightRepository") {}
