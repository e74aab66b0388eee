import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { checkEntryEligibility } from "./entry-eligibility.ts"

/** The check an upload is refused by before its photo is read: submitEntry's rule, no writes. */
describe("checkEntryEligibility", () => {
  test("lets a member with a credit enter an open contest, spending and saving nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 1 })
      const contest = yield* seedContest()
      yield* checkEntryEligibility({ memberId: member.id, contestId: contest.id })
      const store = yield* Memory
      expect(store.tables.subscriptions.get(member.id)?.remaining).toBe(1)
      expect(store.tables.entries.size).toBe(0)
    }))

  test("refuses no credit left, a closed contest and an unknown one, as submitEntry does", () =>
    Effect.gen(function* () {
      const broke = yield* seedMember({ tier: "free", remaining: 0 })
      const member = yield* seedMember({ tier: "free" })
      const open = yield* seedContest({ contestType: "daily" })
      const ended = yield* seedContest({ contestType: "weekly", startsIn: -2 * DAY, lasts: DAY })
      const noCredit = yield* Effect.flip(
        checkEntryEligibility({ memberId: broke.id, contestId: open.id }),
      )
      expect(noCredit._tag).toBe("OutOfSubmissions")
      const closed = yield* Effect.flip(
        checkEntryEligibility({ memberId: member.id, contestId: ended.id }),
      )
      expect(closed._tag).toBe("ContestClosed")
      const unknown = yield* Effect.flip(
        checkEntryEligibility({ memberId: member.id, contestId: "no-such-contest" }),
      )
      expect(unknown._tag).toBe("NotFound")
    }))

  test("counts a renewal that is due (the 1st has passed) without saving it", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free", remaining: 0 })
      const contest = yield* seedContest()
      const subscriptions = yield* SubscriptionRepository
      const store = yield* Memory
      const stored = store.tables.subscriptions.get(member.id)
      if (stored === undefined) throw new Error("the seeded member has no subscription")
      const lapsed = { ...stored, renewsAt: stored.renewsAt - 40 * DAY }
      yield* subscriptions.save(lapsed)
      yield* checkEntryEligibility({ memberId: member.id, contestId: contest.id })
      expect(store.tables.subscriptions.get(member.id)).toEqual(lapsed)
    }))
})
