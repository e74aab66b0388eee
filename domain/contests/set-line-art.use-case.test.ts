import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedContest } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { setLineArt } from "./set-line-art.use-case.ts"

describe("setLineArt", () => {
  test("gives a contest its line art and tells which key it replaced", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const first = yield* setLineArt({ contestId: contest.id, lineArt: "line-art/a.png" })
      expect(first.previous).toBeNull()
      expect(first.contest).toEqual({ ...contest, lineArt: "line-art/a.png" })
      const second = yield* setLineArt({ contestId: contest.id, lineArt: "line-art/b.png" })
      expect(second.previous).toBe("line-art/a.png")
      expect((yield* Memory).tables.contests.get(contest.id)?.lineArt).toBe("line-art/b.png")
    }))

  test("refuses an unknown contest with NotFound", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(setLineArt({ contestId: "nope", lineArt: "line-art/a.png" }))
      expect(error._tag).toBe("NotFound")
    }))
})
