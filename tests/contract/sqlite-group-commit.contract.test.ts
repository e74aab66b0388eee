import { mkdtempSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, ManagedRuntime } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { Database, layerDatabase } from "../../adapters/persistence/database.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"

/** A second, plain better-sqlite3 connection on the same file: what is committed, as others see it. */
interface SqliteFile {
  pragma(sql: string): unknown
  exec(sql: string): unknown
  prepare(sql: string): { all(): Array<{ id: number }> }
  close(): void
}
const Sqlite = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => SqliteFile

// SQLite only: transactions that queue for the one connection share a COMMIT
// (adapters/persistence/database.ts, onceSqlite), and each answers only once that COMMIT is done.

let dir: string
let file: string
let runtime: ManagedRuntime.ManagedRuntime<Database | UnitOfWork, never>
let other: SqliteFile

const sql = (statement: string, params: ReadonlyArray<number> = []) =>
  Effect.gen(function* () {
    const db = yield* Database
    return yield* Effect.orDie(db.sql(statement, params))
  })

/** The ids another connection sees committed now. */
const committedIds = () =>
  other
    .prepare("SELECT id FROM notes ORDER BY id")
    .all()
    .map((row) => row.id)

/** A transaction that writes note `id`, then fails (or dies) when asked to. */
const writeNote = (id: number, ending: "ok" | "fail" | "die") =>
  Effect.gen(function* () {
    const unitOfWork = yield* UnitOfWork
    return yield* unitOfWork.transaction(
      Effect.andThen(sql("INSERT INTO notes (id) VALUES (?)", [id]), () =>
        ending === "fail"
          ? Effect.fail(`note ${id} refused`)
          : ending === "die"
            ? Effect.die(`note ${id} broke`)
            : Effect.succeed(id),
      ),
    )
  })

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "colorday-group-commit-"))
  file = join(dir, "colorday.sqlite")
  runtime = ManagedRuntime.make(layerDatabase({ sqliteFile: file }))
  await runtime.runPromise(sql("CREATE TABLE notes (id INTEGER PRIMARY KEY)"))
  other = new Sqlite(file)
  // No waiting for a lock: a write the serving connection still held would fail at once.
  other.pragma("busy_timeout = 0")
})
afterEach(async () => {
  other.close()
  await runtime.dispose()
  rmSync(dir, { recursive: true, force: true })
})

describe("SQLite's group commit", () => {
  it("answers each of many side-by-side transactions only once another connection sees its write", async () => {
    const seenWhenAnswered: Array<boolean> = []
    await runtime.runPromise(
      Effect.forEach(
        Array.from({ length: 40 }, (_, n) => n + 1),
        (id) =>
          Effect.tap(writeNote(id, "ok"), () =>
            Effect.sync(() => seenWhenAnswered.push(committedIds().includes(id))),
          ),
        { concurrency: "unbounded" },
      ),
    )
    expect(seenWhenAnswered).toHaveLength(40)
    expect(seenWhenAnswered.every(Boolean)).toBe(true)
    expect(committedIds()).toEqual(Array.from({ length: 40 }, (_, n) => n + 1))
  })

  it("undoes only a failed transaction's own writes, and tells each its own outcome", async () => {
    const endings = Array.from({ length: 30 }, (_, n) =>
      n % 3 === 1 ? "fail" : n % 3 === 2 ? "die" : "ok",
    ) as Array<"ok" | "fail" | "die">
    const exits = await runtime.runPromise(
      Effect.forEach(endings, (ending, n) => Effect.exit(writeNote(n + 1, ending)), {
        concurrency: "unbounded",
      }),
    )
    exits.forEach((exit, n) => {
      if (endings[n] === "ok") expect(exit).toEqual(Exit.succeed(n + 1))
      else if (endings[n] === "fail") expect(exit).toEqual(Exit.fail(`note ${n + 1} refused`))
      else expect(Exit.isFailure(exit) && String(exit.cause)).toContain(`note ${n + 1} broke`)
    })
    const kept = endings.flatMap((ending, n) => (ending === "ok" ? [n + 1] : []))
    expect(committedIds()).toEqual(kept)
  })

  it("commits the open group before a write outside a transaction; a read queued behind it sees the group's writes", async () => {
    const seen: Array<unknown> = []
    const note = (id: number) => writeNote(id, "ok")
    const plainWrite = Effect.tap(sql("INSERT INTO notes (id) VALUES (6)"), () =>
      Effect.sync(() => seen.push(committedIds())),
    )
    const read = sql("SELECT COUNT(*) AS notes FROM notes")
    const answers = await runtime.runPromise(
      Effect.all([note(1), note(2), note(3), read, note(4), note(5), plainWrite], {
        concurrency: "unbounded",
      }),
    )
    // Queued after three notes, the read saw them; the plain write, once answered, was
    // committed with every note before it.
    expect(answers[3]).toEqual([{ notes: 3 }])
    expect(seen).toEqual([[1, 2, 3, 4, 5, 6]])
  })

  it("leaves no transaction open: another connection may write as soon as the work is done", async () => {
    await runtime.runPromise(Effect.exit(writeNote(1, "fail")))
    expect(() => other.exec("INSERT INTO notes (id) VALUES (100)")).not.toThrow()
    await runtime.runPromise(writeNote(2, "ok"))
    expect(() => other.exec("INSERT INTO notes (id) VALUES (101)")).not.toThrow()
    expect(committedIds()).toEqual([2, 100, 101])
  })
})
