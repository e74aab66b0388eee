import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { PLANS, TIERS } from "../plans/plans.ts"
import { checkEntryEligibility, mayEnter } from "./entry-eligibility.ts"
import { submitEntry } from "./submit-entry.use-case.ts"

/** Subscribers-only contests: everyone sees them, only paid plans enter (issue 19). */
describe("subscribers-only contests", () => {
  it("take every paid plan and not the free one, as the plan table grants the perk", () => {
    const members = { subscribersOnly: true }
    expect(TIERS.filter((tier) => mayEnter(members, tier))).toEqual(["lite", "pro", "champ"])
    expect(TIERS.filter((tier) => PLANS[tier].perks.includes("subscriber-contests"))).toEqual([
      "lite",
      "pro",
      "champ",
    ])
    expect(TIERS.every((tier) => mayEnter({ subscribersOnly: false }, tier))).toBe(true)
  })

  test("refuse a free member's entry with SUBSCRIBERS_ONLY and the way to a plan, writing nothing", () =>
    Effect.gen(function* () {
      const free = yield* seedMember({ tier: "free", remaining: 2 })
      const contest = yield* seedContest({ subscribersOnly: true })
      const refused = yield* Effect.flip(
        submitEntry({ memberId: free.id, contestId: contest.id, image: "images/a" }),
      )
      expect(refused).toMatchObject({
        _tag: "SubscribersOnly",
        code: "SUBSCRIBERS_ONLY",
        upgradeUrl: "/pricing",
      })
      const checked = yield* Effect.flip(
        checkEntryEligibility({ memberId: free.id, contestId: contest.id }),
      )
      expect(checked._tag).toBe("SubscribersOnly")
      const store = yield* Memory
      expect(store.tables.entries.size).toBe(0)
      expect(store.tables.subscriptions.get(free.id)?.remaining).toBe(2)
    }))

  test("let a Lite member enter, spending a credit, and a free member enter the other contests", () =>
    Effect.gen(function* () {
      const lite = yield* seedMember({ tier: "lite", remaining: 3 })
      const free = yield* seedMember({ tier: "free", remaining: 2 })
      const members = yield* seedContest({ subscribersOnly: true, contestType: "daily" })
      const open = yield* seedContest({ contestType: "weekly" })
      const entered = yield* submitEntry({ memberId: lite.id, contestId: members.id, image: "i" })
      expect(entered.subscription.remaining).toBe(2)
      yield* submitEntry({ memberId: free.id, contestId: open.id, image: "j" })
      expect((yield* Memory).tables.entries.size).toBe(2)
    }))
})
