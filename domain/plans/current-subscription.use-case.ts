import { Clock, Effect, Option } from "effect"
import type { MemberId } from "../shared/ids.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
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

/**
 * A member's subscription as of now, to show or to read a perk from (nothing is spent): read
 * without a transaction or a lock when nothing is to be written (it exists and its renewal is
 * not due), else `currentSubscription` in a transaction of its own, which starts or renews it
 * once. Every signed-in page asks for this (GET /api/session), so its usual case is one read.
 */
export const subscriptionAsOfNow = Effect.fn("subscriptionAsOfNow")(function* (memberId: MemberId) {
  const subscriptions = yield* SubscriptionRepository
  const now = yield* Clock.currentTimeMillis
  const stored = yield* subscriptions.find(memberId)
  if (Option.isSome(stored) && renewIfDue(stored.value, now) === stored.value) return stored.value
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(currentSubscription(memberId))
})
