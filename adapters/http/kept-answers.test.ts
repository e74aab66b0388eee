import { Deferred, Effect, Fiber } from "effect"
import { describe, expect, it } from "vitest"
import { keptAnswers } from "./kept-answers.ts"

/** Making an answer that waits for `gate`, counting how often it is made. */
const gatedMaking = (gate: Deferred.Deferred<void>, failFirst = false) => {
  let made = 0
  const make = Effect.gen(function* () {
    made += 1
    const run = made
    yield* Deferred.await(gate)
    if (failFirst && run === 1) return yield* Effect.fail("the first making failed")
    return { run }
  })
  return { make, made: () => made }
}

describe("keptAnswers", () => {
  it("makes an answer once for the requests that ask while it is made, and keeps it", async () => {
    const board: ReadonlyArray<string> = ["entry"]
    const { answers, made } = await Effect.runPromise(
      Effect.gen(function* () {
        const answer = keptAnswers<ReadonlyArray<string>, { run: number }>()
        const gate = yield* Deferred.make<void>()
        const making = gatedMaking(gate)
        const fibers = []
        for (let n = 0; n < 4; n++) {
          fibers.push(yield* Effect.forkChild(answer(board, "all", making.make)))
          yield* Effect.yieldNow
        }
        yield* Deferred.succeed(gate, undefined)
        const answers = yield* Effect.forEach(fibers, Fiber.join)
        answers.push(yield* answer(board, "all", making.make))
        // Another part of the question is an answer of its own.
        const week = yield* answer(board, "week", making.make)
        expect(week).not.toBe(answers[0])
        return { answers, made: making.made() }
      }),
    )
    expect(made).toBe(2)
    expect(answers.every((answer) => answer === answers[0])).toBe(true)
  })

  it("keeps no failure: the requests that waited make the answer themselves", async () => {
    const board: ReadonlyArray<string> = ["entry"]
    const outcomes = await Effect.runPromise(
      Effect.gen(function* () {
        const answer = keptAnswers<ReadonlyArray<string>, { run: number }>()
        const gate = yield* Deferred.make<void>()
        const making = gatedMaking(gate, true)
        const fibers = []
        for (let n = 0; n < 3; n++) {
          fibers.push(yield* Effect.forkChild(answer(board, "all", making.make)))
          yield* Effect.yieldNow
        }
        yield* Deferred.succeed(gate, undefined)
        const outcomes = yield* Effect.forEach(fibers, (fiber) => Effect.result(Fiber.join(fiber)))
        const after = yield* answer(board, "all", making.make)
        return { outcomes, after }
      }),
    )
    expect(outcomes.outcomes[0]?._tag).toBe("Failure")
    const made = outcomes.outcomes.slice(1)
    expect(made.every((outcome) => outcome._tag === "Success")).toBe(true)
    // Made again after the failure, then kept.
    expect(made.map((outcome) => outcome._tag === "Success" && outcome.success)).toContain(
      outcomes.after,
    )
  })
})
