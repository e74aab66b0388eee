import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { DAY, seedContest } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { listContests, showContest } from "./contest-listing.use-case.ts"

describe("listContests", () => {
  test("lists contests newest first, a page at a time, each with its status now", () =>
    Effect.gen(function* () {
      const past = yield* seedContest({ startsIn: -3 * DAY, lasts: DAY, title: "Past" })
      const live = yield* seedContest({ title: "Live" })
      const next = yield* seedContest({ startsIn: 2 * DAY, title: "Next" })
      const first = yield* listContests({ limit: 2 })
      expect(first.items.map((c) => [c.id, c.status])).toEqual([
        [next.id, "scheduled"],
        [live.id, "active"],
      ])
      const second = yield* listContests({ cursor: first.nextCursor, limit: 2 })
      expect(second.items.map((c) => [c.id, c.status])).toEqual([[past.id, "ended"]])
      expect(second.nextCursor).toBeNull()
    }))
})

describe("showContest", () => {
  test("shows one contest with its status, or NotFound", () =>
    Effect.gen(function* () {
      const live = yield* seedContest()
      expect(yield* showContest(live.id)).toEqual({ ...live, status: "active" })
      const error = yield* Effect.flip(showContest("nope"))
      expect(error.message).toBe("No contest with id nope")
    }))
})
