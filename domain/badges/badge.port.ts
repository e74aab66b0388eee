import { Context, type Effect } from "effect"
import type { MemberId } from "../shared/ids.ts"
import type { BadgeGrant } from "./badges.ts"

export class BadgeRepository extends Context.Service<
  BadgeRepository,
  {
    /** Grants a badge once per member: true when newly granted, false when already held. */
    readonly grant: (grant: BadgeGrant) => Effect.Effect<boolean>
    readonly of: (memberId: MemberId) => Effect.Effect<ReadonlyArray<BadgeGrant>>
  }
>()("colorday/BadgeRepository") {}
