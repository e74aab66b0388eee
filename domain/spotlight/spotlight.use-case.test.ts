import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, HOUR } from "../../adapters/memory/seed.ts"
import { seedEntryOnPlan } from "../../adapters/memory/seed-entry.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { moderateEntry } from "../submissions/moderate-entry.use-case.ts"
import {
  featureEntry,
  listSpotlights,
  removeSpotlight,
  spotlightRow,
} from "./spotlight.use-case.ts"
import { SPOTLIGHT_PLANS } from "./spotlight-rules.ts"

const window = (fromNow: number, length: number) => ({
  startsAt: TEST_NOW + fromNow,
  endsAt: TEST_NOW + fromNow + length,
})

describe("the Spotlight", () => {
  test("Pro and Champ entries are eligible, read from the plan table", () =>
    Effect.sync(() => {
      expect(SPOTLIGHT_PLANS).toBe("Color Pro or Color Champ")
    }))

  test("a featured Pro entry shows while its window is open, then disappears", () =>
    Effect.gen(function* () {
      const { entry } = yield* seedEntryOnPlan("pro")
      const later = yield* seedEntryOnPlan("champ")
      yield* featureEntry("admin-1", { entryId: entry.id, ...window(-HOUR, DAY) })
      yield* featureEntry("admin-1", { entryId: later.entry.id, ...window(HOUR, DAY) })
      expect((yield* spotlightRow()).map((s) => s.entry.id)).toEqual([entry.id])
      yield* TestClock.adjust(2 * HOUR)
      expect((yield* spotlightRow()).map((s) => s.entry.id)).toEqual([later.entry.id, entry.id])
      // 24 hours on: the first ended an hour ago, the second runs until 25 hours.
      yield* TestClock.adjust(22 * HOUR)
      expect((yield* spotlightRow()).map((s) => s.entry.id)).toEqual([later.entry.id])
      expect((yield* listSpotlights()).items).toHaveLength(2)
      const audit = (yield* Memory).tables.audit.filter((r) => r.action === "entry.spotlight")
      expect(audit.map((r) => [r.actorId, r.targetId])).toEqual([
        ["admin-1", entry.id],
        ["admin-1", later.entry.id],
      ])
    }))

  test("refuses Curious and Lite entries and hidden ones, naming why", () =>
    Effect.gen(function* () {
      for (const tier of ["free", "lite"] as const) {
        const { entry } = yield* seedEntryOnPlan(tier)
        const error = yield* Effect.flip(
          featureEntry(null, { entryId: entry.id, ...window(0, DAY) }),
        )
        expect(error).toMatchObject({ _tag: "SpotlightRefused", code: "SPOTLIGHT_NOT_IN_PLAN" })
        expect(error.message).toContain("Color Pro or Color Champ")
      }
      const hidden = yield* seedEntryOnPlan("champ", "hidden")
      const error = yield* Effect.flip(
        featureEntry(null, { entryId: hidden.entry.id, ...window(0, DAY) }),
      )
      expect(error).toMatchObject({ code: "ENTRY_NOT_SHOWN" })
      expect((yield* Memory).tables.spotlights.size).toBe(0)
    }))

  test("refuses a window that ends before it starts, is in the past, or is too long", () =>
    Effect.gen(function* () {
      const { entry } = yield* seedEntryOnPlan("pro")
      const backwards = yield* Effect.flip(
        featureEntry(null, { entryId: entry.id, startsAt: TEST_NOW + DAY, endsAt: TEST_NOW }),
      )
      expect(backwards.message).toContain("endsAt: The end must be after the start")
      const past = yield* Effect.flip(
        featureEntry(null, { entryId: entry.id, ...window(-2 * DAY, DAY) }),
      )
      expect(past.message).toBe("endsAt: The end must be in the future")
      const long = yield* Effect.flip(
        featureEntry(null, { entryId: entry.id, ...window(0, 91 * DAY) }),
      )
      expect(long.message).toContain("at most 90 days")
    }))

  test("an entry hidden after featuring leaves the row; a removed spotlight is gone and audited", () =>
    Effect.gen(function* () {
      const { entry } = yield* seedEntryOnPlan("champ")
      const other = yield* seedEntryOnPlan("pro")
      yield* featureEntry(null, { entryId: entry.id, ...window(-HOUR, DAY) })
      const { spotlight } = yield* featureEntry(null, {
        entryId: other.entry.id,
        ...window(-HOUR, DAY),
      })
      yield* moderateEntry(null, { entryId: entry.id, action: "hide", reason: "Not a coloring" })
      expect((yield* spotlightRow()).map((s) => s.entry.id)).toEqual([other.entry.id])
      yield* removeSpotlight(null, spotlight.id)
      expect(yield* spotlightRow()).toEqual([])
      expect((yield* Effect.flip(removeSpotlight(null, spotlight.id)))._tag).toBe("NotFound")
      expect(
        (yield* Memory).tables.audit.filter((r) => r.action === "entry.spotlight.remove"),
      ).toHaveLength(1)
    }))
})
