import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { memberDataExport } from "../accounts/member-data-export.use-case.ts"
import { MemberRepository } from "../accounts/member.port.ts"
import { commitMonth, drawMonth, requestFreeEntry } from "./drawings.use-case.ts"
import { entrantsOf } from "./eligibility.ts"

// The memory world's clock starts on 2026-11-22.
const DECEMBER_FIRST = Date.UTC(2026, 11, 1, 0, 5)

/** Issue 19: suspended members are in no drawing; a member's free entries are in their data. */
describe("drawing fairness", () => {
  it("leaves a suspended member out of the plan's and the free route's entrants", () => {
    const since = Date.UTC(2026, 9, 1)
    const periods = [
      { memberId: "m-ann", tier: "lite" as const, from: since, until: null },
      { memberId: "m-bob", tier: "lite" as const, from: since, until: null },
      { memberId: "m-cat", tier: "pro" as const, from: since, until: null },
    ]
    expect(entrantsOf("lite", "2026-11", periods, ["m-dan", "m-eve"], ["m-bob", "m-eve"])).toEqual([
      "m-ann",
      "m-dan",
    ])
    expect(entrantsOf("pro", "2026-11", periods, ["m-dan"], ["m-cat"])).toEqual([])
    expect(entrantsOf("lite", "2026-11", periods, ["m-dan"])).toEqual(["m-ann", "m-bob", "m-dan"])
  })

  test("a draw leaves out whoever is suspended when it is made, by plan or free entry", () =>
    Effect.gen(function* () {
      const kept = yield* seedMember({ tier: "lite" })
      const suspendedSubscriber = yield* seedMember({ tier: "lite" })
      const suspendedFree = yield* seedMember({ tier: "free" })
      yield* requestFreeEntry(suspendedFree.id)
      yield* commitMonth("2026-11")
      const members = yield* MemberRepository
      for (const member of [suspendedSubscriber, suspendedFree]) {
        yield* members.save({ ...member, suspendedAt: Date.UTC(2026, 10, 25) })
      }
      yield* TestClock.setTime(DECEMBER_FIRST)
      const drawn = yield* drawMonth("2026-11")
      const lite = drawn.find((result) => result.drawing.tier === "lite")?.drawing
      expect(lite?.entrants).toEqual([kept.id])
      expect(lite?.winnerId).toBe(kept.id)
    }))

  test("a member's free drawing entries are in their data export, newest month first", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ tier: "free" })
      yield* requestFreeEntry(member.id)
      yield* TestClock.setTime(DECEMBER_FIRST)
      yield* requestFreeEntry(member.id)
      const other = yield* seedMember({ tier: "free" })
      yield* requestFreeEntry(other.id)
      const exported = yield* memberDataExport(member.id)
      expect(exported.freeDrawingEntries.map((entry) => entry.month)).toEqual([
        "2026-12",
        "2026-11",
      ])
    }))
})
