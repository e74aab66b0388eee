import { Clock, Effect, Option } from "effect"
import type { MemberId } from "../shared/ids.ts"
import { renewIfDue, startSubscription } from "./quota.ts"
import { SubscriptionRepository } from "./subscription.port.ts"

/**
 * A member's subscription as of now: the free plan for a member who never had one, renewed when
 * the 1st has passed. Saved when either happened, so the renewal is recorded once. The row is
 * locked for the rest of the transaction, since the caller may spend a credit from it.
 */
export const currentSubscription = Effect.fn("currentSubscription")(function* (memberId: MemberId) {
  const subscriptions = yield* SubscriptionRepository
  const now = yield* Clock.currentTimeMillis
  const stored = yield* subscriptions.lock(memberId)
  const current = Option.match(stored, {
    onNone: () => startSubscription(memberId, now),
    onSome: (subscription) => renewIfDue(subscription, now),
  })
  if (Option.isNone(stored) || stored.value !== current) yield* subscriptions.save(current)
  return current
})
