import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { renewSubscriptions } from "./renew-subscriptions.use-case.ts"
import { SubscriptionRepository } from "./subscription.port.ts"

describe("renewSubscriptions", () => {
  test("renews every subscription due on the 1st, page by page, once", () =>
    Effect.gen(function* () {
      const tiers = ["free", "lite", "pro", "champ", "free", "lite", "pro"] as const
      const members = []
      for (const tier of tiers) members.push(yield* seedMember({ tier, remaining: 0 }))
      // Nothing is due mid-month.
      expect((yield* renewSubscriptions({ pageSize: 2 })).renewed).toBe(0)

      yield* TestClock.setTime(Date.UTC(2026, 11, 1, 0, 5))
      const run = yield* renewSubscriptions({ pageSize: 2 })
      expect(run.renewed).toBe(tiers.length)
      const subscriptions = yield* SubscriptionRepository
      const after = []
      for (const member of members) {
        after.push(Option.getOrThrow(yield* subscriptions.find(member.id)))
      }
      expect(after.map((s) => s.remaining)).toEqual([2, 5, 20, 0, 2, 5, 20])
      expect(new Set(after.map((s) => s.renewsAt))).toEqual(new Set([Date.UTC(2027, 0, 1)]))

      // A rerun the same month finds nothing due.
      expect((yield* renewSubscriptions({ pageSize: 2 })).renewed).toBe(0)
    }))
})
