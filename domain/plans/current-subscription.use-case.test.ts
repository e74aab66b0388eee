import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { subscriptionAsOfNow } from "./current-subscription.use-case.ts"
import { SubscriptionRepository } from "./subscription.port.ts"

/** The repository, with its locks and saves counted. */
const counted = Effect.gen(function* () {
  const subscriptions = yield* SubscriptionRepository
  const calls = { lock: 0, save: 0 }
  const repository = SubscriptionRepository.of({
    ...subscriptions,
    lock: (memberId) => Effect.suspend(() => ((calls.lock += 1), subscriptions.lock(memberId))),
    save: (subscription) =>
      Effect.suspend(() => ((calls.save += 1), subscriptions.save(subscription))),
  })
  return { calls, repository, subscriptions }
})

describe("subscriptionAsOfNow", () => {
  test("reads a subscription that is not due without locking or writing it", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro", remaining: 7 })
      const { calls, repository, subscriptions } = yield* counted
      const shown = yield* Effect.provideService(
        subscriptionAsOfNow(member.id),
        SubscriptionRepository,
        repository,
      )
      expect(shown).toEqual(Option.getOrThrow(yield* subscriptions.find(member.id)))
      expect(shown.remaining).toBe(7)
      expect(calls).toEqual({ lock: 0, save: 0 })
    }))

  test("renews a subscription whose 1st has passed, once, and then only reads it", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "pro", remaining: 0 })
      const { calls, repository, subscriptions } = yield* counted
      const asOfNow = Effect.provideService(
        subscriptionAsOfNow(member.id),
        SubscriptionRepository,
        repository,
      )
      yield* TestClock.setTime(Date.UTC(2026, 11, 1, 0, 5))
      const renewed = yield* asOfNow
      expect(renewed.remaining).toBe(20)
      expect(renewed.renewsAt).toBe(Date.UTC(2027, 0, 1))
      expect(Option.getOrThrow(yield* subscriptions.find(member.id))).toEqual(renewed)
      expect(calls).toEqual({ lock: 1, save: 1 })
      expect(yield* asOfNow).toEqual(renewed)
      expect(calls).toEqual({ lock: 1, save: 1 })
    }))

  test("starts the free plan for a member who never had a subscription, and keeps it", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const { subscriptions } = yield* counted
      const memberId = `${member.id}-new`
      expect(Option.isNone(yield* subscriptions.find(memberId))).toBe(true)
      const started = yield* subscriptionAsOfNow(memberId)
      expect(started.tier).toBe("free")
      expect(Option.getOrThrow(yield* subscriptions.find(memberId))).toEqual(started)
    }))
})
