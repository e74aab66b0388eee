import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Deferred, Effect, Fiber, ManagedRuntime } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { Database, layerDatabase } from "../../adapters/persistence/database.ts"
import { readCache } from "../../adapters/persistence/read-cache.ts"

// The read caches' rules (adapters/persistence/read-cache.ts) over a real database's count of
// writes: a read is kept a while and only until a write; requests that miss while the same key is
// being read share that read, unless a write came between.

let dir: string
let runtime: ManagedRuntime.ManagedRuntime<Database, never>

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "colorday-read-cache-"))
  runtime = ManagedRuntime.make(layerDatabase({ sqliteFile: join(dir, "colorday.sqlite") }))
})
afterEach(async () => {
  await runtime.dispose()
  rmSync(dir, { recursive: true, force: true })
})

/** A read that waits for `gate` and answers a new array each time, counting how often it ran. */
const gatedRead = (gate: Deferred.Deferred<void>) => {
  let runs = 0
  const read = Effect.gen(function* () {
    runs += 1
    const run = runs
    yield* Deferred.await(gate)
    if (run === 1 && failFirst.value) return yield* Effect.fail("the first read failed")
    return [run]
  })
  const failFirst = { value: false }
  return { read, runs: () => runs, failFirst }
}

/** Forks `count` requests for one key and lets each start its read (or its wait). */
const forkRequests = <E>(
  cache: (key: string, read: Effect.Effect<Array<number>, E>) => Effect.Effect<Array<number>, E>,
  read: Effect.Effect<Array<number>, E>,
  count: number,
) =>
  Effect.gen(function* () {
    const fibers = []
    for (let n = 0; n < count; n++) {
      fibers.push(yield* Effect.forkChild(cache("board", read)))
      yield* Effect.yieldNow
    }
    return fibers
  })

/** A cache of 8 keys kept `ttlMs` over the database, and a read of "board" that waits for `gate`. */
const cacheAndBoard = (ttlMs = 60_000) =>
  Effect.gen(function* () {
    const db = yield* Database
    const gate = yield* Deferred.make<void>()
    return { db, cache: readCache<Array<number>>(db, ttlMs, 8), gate, board: gatedRead(gate) }
  })

describe("read cache", () => {
  it("shares one read among the requests that miss while it runs, and keeps its answer", async () => {
    const answers = await runtime.runPromise(
      Effect.gen(function* () {
        const { cache, gate, board } = yield* cacheAndBoard()
        const fibers = yield* forkRequests(cache, board.read, 5)
        expect(board.runs()).toBe(1)
        yield* Deferred.succeed(gate, undefined)
        const answers = yield* Effect.forEach(fibers, Fiber.join)
        // Kept: a request after it is answered without a read.
        answers.push(yield* cache("board", board.read))
        expect(board.runs()).toBe(1)
        return answers
      }),
    )
    expect(answers.every((answer) => answer === answers[0])).toBe(true)
    expect(answers[0]).toEqual([1])
  })

  it("shares a read only while it runs: once its answer expires, a request reads again", async () => {
    const [first, second, runs] = await runtime.runPromise(
      Effect.gen(function* () {
        // Nothing is kept past its read (ttl 0): only a read under way could answer.
        const { cache, gate, board } = yield* cacheAndBoard(0)
        yield* Deferred.succeed(gate, undefined)
        const first = yield* cache("board", board.read)
        const second = yield* cache("board", board.read)
        return [first, second, board.runs()] as const
      }),
    )
    expect(runs).toBe(2)
    expect(first).toEqual([1])
    expect(second).toEqual([2])
  })

  it("does not share a read that began before a write: a request after it reads again", async () => {
    const [before, after, runs] = await runtime.runPromise(
      Effect.gen(function* () {
        const { db, cache, gate, board } = yield* cacheAndBoard()
        const [early] = yield* forkRequests(cache, board.read, 1)
        yield* db.noteWrite
        const [late] = yield* forkRequests(cache, board.read, 1)
        yield* Deferred.succeed(gate, undefined)
        return [yield* Fiber.join(early!), yield* Fiber.join(late!), board.runs()] as const
      }),
    )
    expect(runs).toBe(2)
    expect(before).toEqual([1])
    expect(after).toEqual([2])
  })

  it("lets the requests that waited for a failed read read for themselves", async () => {
    const outcomes = await runtime.runPromise(
      Effect.gen(function* () {
        const { cache, gate, board } = yield* cacheAndBoard()
        board.failFirst.value = true
        const fibers = yield* forkRequests(cache, board.read, 3)
        yield* Deferred.succeed(gate, undefined)
        return yield* Effect.forEach(fibers, (fiber) => Effect.result(Fiber.join(fiber)))
      }),
    )
    expect(outcomes[0]?._tag).toBe("Failure")
    const rest = outcomes
      .slice(1)
      .map((outcome) => (outcome._tag === "Success" ? outcome.success : null))
    expect(rest.every((answer) => answer !== null && answer[0]! >= 2)).toBe(true)
  })
})
