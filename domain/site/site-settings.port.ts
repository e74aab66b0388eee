import { Context, type Effect, type Option } from "effect"
import type { ContestPrize } from "../contests/contest-prize.ts"
import type { Instant } from "../shared/ids.ts"

/** What the admin sets for the whole site, one value per setting. */
export class SiteSettings extends Context.Service<
  SiteSettings,
  {
    /** The prize a daily contest gets when it is created without one; none until the admin sets it. */
    readonly defaultPrize: Effect.Effect<Option.Option<ContestPrize>>
    /** Sets the daily default prize, or takes it away with null. */
    readonly setDefaultPrize: (prize: ContestPrize | null, at: Instant) => Effect.Effect<void>
  }
>()("colorday/SiteSettings") {}
