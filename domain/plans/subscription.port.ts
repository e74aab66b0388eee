import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { PlanPeriod } from "./plan-period.ts"
import type { Subscription } from "./subscription.entity.ts"

export class SubscriptionRepository extends Context.Service<
  SubscriptionRepository,
  {
    readonly find: (memberId: MemberId) => Effect.Effect<Option.Option<Subscription>>
    /**
     * Reads the subscription and, inside a transaction, holds it until the transaction ends, so
     * two entries racing for the last credit are served one after the other.
     */
    readonly lock: (memberId: MemberId) => Effect.Effect<Option.Option<Subscription>>
    /**
     * Writes the subscription and, when its tier changes, the member's plan periods as
     * plan-period.ts periodChange says (at the clock's now), in the same transaction.
     */
    readonly save: (subscription: Subscription) => Effect.Effect<void>
    /** One member's paid-tier periods, the newest first ("Download my data"). */
    readonly periodsOf: (memberId: MemberId) => Effect.Effect<ReadonlyArray<PlanPeriod>>
    /** The paid-tier periods that overlap [from, until), every member's (the monthly drawings). */
    readonly periodsDuring: (
      from: Instant,
      until: Instant,
    ) => Effect.Effect<ReadonlyArray<PlanPeriod>>
    /**
     * Subscriptions whose renewal is due (`renewsAt <= now`), by member id, after `afterMemberId`:
     * at most `limit`. What the monthly renewal walks through.
     */
    readonly dueForRenewal: (
      now: Instant,
      afterMemberId: MemberId | null,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<Subscription>>
  }
>()("colorday/SubscriptionRepository") {}
