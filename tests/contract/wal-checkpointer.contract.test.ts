import { existsSync, mkdtempSync, openSync, readSync, closeSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createRequire } from "node:module"
import { Effect, Exit, ManagedRuntime } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { Database, layerDatabase } from "../../adapters/persistence/database.ts"
import { startWalCheckpointer } from "../../adapters/persistence/wal-checkpointer.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"

/** A plain better-sqlite3 connection as the writer (the parts used here; it ships no types). */
interface Statement {
  run(...params: ReadonlyArray<string>): unknown
  get(): unknown
}
interface SqliteFile {
  pragma(sql: string): unknown
  exec(sql: string): unknown
  prepare(sql: string): Statement
  transaction(body: () => void): () => void
  close(): void
}
const Sqlite = createRequire(import.meta.url)("better-sqlite3") as new (file: string) => SqliteFile

// SQLite only: a file's WAL is checkpointed by a worker thread, not by the serving connection's
// commits (adapters/persistence/wal-checkpointer.ts).

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "colorday-wal-"))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The database size the file's own header gives (bytes 28–31): what checkpoints moved into it. */
const pagesInFile = (file: string): number => {
  if (!existsSync(file) || statSync(file).size < 100) return 0
  const header = Buffer.alloc(100)
  const fd = openSync(file, "r")
  try {
    readSync(fd, header, 0, 100, 0)
  } finally {
    closeSync(fd)
  }
  return header.readUInt32BE(28)
}

const walBytes = (file: string) => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0)

const eventually = async (check: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50))
  return check()
}

const open = (file: string) => ManagedRuntime.make(layerDatabase({ sqliteFile: file }))

/** Whether another connection holds SQLite's write lock now (a probe that never waits). */
const writeLockTaken = (probe: SqliteFile): boolean => {
  try {
    probe.exec("BEGIN IMMEDIATE")
    probe.exec("ROLLBACK")
    return false
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true
    throw error
  }
}

const sql = <A>(statement: string, params: ReadonlyArray<string | number> = []) =>
  Effect.gen(function* () {
    const db = yield* Database
    return yield* Effect.orDie(db.sql<A>(statement, params))
  })

const insertNotes = (count: number) =>
  Effect.gen(function* () {
    yield* sql("CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    for (let n = 0; n < count; n++)
      yield* sql("INSERT INTO notes (body) VALUES (?)", ["x".repeat(500)])
  })

describe("the SQLite file's WAL checkpointer", () => {
  it("the serving connection checkpoints nothing itself; the worker moves the WAL's pages into the file", async () => {
    const file = join(dir, "colorday.sqlite")
    const runtime = open(file)
    try {
      const [autocheckpoint] = await runtime.runPromise(
        sql<Array<{ wal_autocheckpoint: number }>>("PRAGMA wal_autocheckpoint"),
      )
      expect(autocheckpoint?.wal_autocheckpoint).toBe(0)
      const [journal] = await runtime.runPromise(
        sql<Array<{ journal_mode: string }>>("PRAGMA journal_mode"),
      )
      expect(journal?.journal_mode).toBe("wal")

      // 2,000 commits: past SQLite's own threshold (1,000 pages) twice over.
      await runtime.runPromise(insertNotes(2_000))
      const [pages] = await runtime.runPromise(
        sql<Array<{ page_count: number }>>("PRAGMA page_count"),
      )
      expect(pages?.page_count).toBeGreaterThan(200)
      // Nothing but the worker moves pages while the connection is open (it starts once the WAL passes 4 MB).
      expect(await eventually(() => pagesInFile(file) === pages?.page_count, 15_000)).toBe(true)
    } finally {
      await runtime.dispose()
    }
  })

  it("keeps every committed row across a close and a reopen, and the close removes the WAL", async () => {
    const file = join(dir, "colorday.sqlite")
    const first = open(file)
    await first.runPromise(insertNotes(300))
    await first.dispose()
    expect(existsSync(`${file}-wal`)).toBe(false)

    const second = open(file)
    try {
      const [counted] = await second.runPromise(
        sql<Array<{ notes: number }>>("SELECT COUNT(*) AS notes FROM notes"),
      )
      expect(counted?.notes).toBe(300)
    } finally {
      await second.dispose()
    }
  })

  it("answers a checkpoint's frames, and truncates a WAL grown past its limit", async () => {
    const file = join(dir, "plain.sqlite")
    const writer = new Sqlite(file)
    writer.pragma("journal_mode = WAL")
    writer.pragma("wal_autocheckpoint = 0")
    writer.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 60_000,
      truncateAboveBytes: 256 * 1024,
      startAboveBytes: Number.MAX_SAFE_INTEGER,
    })
    try {
      const insert = writer.prepare("INSERT INTO notes (body) VALUES (?)")
      for (let n = 0; n < 100; n++) insert.run("x".repeat(500))
      const moved = await checkpointer.checkpoint("PASSIVE")
      expect(moved.walFrames).toBeGreaterThan(0)
      expect(moved.checkpointedFrames).toBe(moved.walFrames)
      expect(pagesInFile(file)).toBeGreaterThan(10)

      // A megabyte in one transaction: the WAL file keeps its size after a PASSIVE checkpoint.
      writer.transaction(() => {
        for (let n = 0; n < 2_000; n++) insert.run("y".repeat(500))
      })()
      expect(walBytes(file)).toBeGreaterThan(256 * 1024)
      await checkpointer.checkpoint("TRUNCATE")
      expect(walBytes(file)).toBe(0)
      expect(writer.prepare("SELECT COUNT(*) AS notes FROM notes").get()).toEqual({ notes: 2_100 })
    } finally {
      await checkpointer.close()
      writer.close()
    }
  })

  it("starts its thread only once the WAL passes the start size", async () => {
    const file = join(dir, "lazy.sqlite")
    const writer = new Sqlite(file)
    writer.pragma("journal_mode = WAL")
    writer.pragma("wal_autocheckpoint = 0")
    writer.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    const insert = writer.prepare("INSERT INTO notes (body) VALUES (?)")
    insert.run("a")
    expect(walBytes(file)).toBeLessThan(64 * 1024)
    // journal_mode = WAL wrote the header page itself; everything since is in the WAL.
    const before = pagesInFile(file)
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 20,
      truncateAboveBytes: Number.MAX_SAFE_INTEGER,
      startAboveBytes: 64 * 1024,
      watchEveryMs: 20,
    })
    try {
      await new Promise((resolve) => setTimeout(resolve, 400))
      // Not started: nothing moved into the file.
      expect(pagesInFile(file)).toBe(before)
      for (let n = 0; n < 100; n++) insert.run("w".repeat(500))
      expect(walBytes(file)).toBeGreaterThan(64 * 1024)
      expect(await eventually(() => pagesInFile(file) > before, 15_000)).toBe(true)
    } finally {
      await checkpointer.close()
      writer.close()
    }
  })

  it("truncates on its timer when the WAL has grown past the limit", async () => {
    const file = join(dir, "timer.sqlite")
    const writer = new Sqlite(file)
    writer.pragma("journal_mode = WAL")
    writer.pragma("wal_autocheckpoint = 0")
    writer.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    const insert = writer.prepare("INSERT INTO notes (body) VALUES (?)")
    writer.transaction(() => {
      for (let n = 0; n < 2_000; n++) insert.run("z".repeat(500))
    })()
    expect(walBytes(file)).toBeGreaterThan(256 * 1024)
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 50,
      truncateAboveBytes: 256 * 1024,
      startAboveBytes: 0,
      watchEveryMs: 20,
    })
    try {
      expect(await eventually(() => walBytes(file) === 0, 15_000)).toBe(true)
    } finally {
      await checkpointer.close()
      writer.close()
    }
  })

  it("a transaction that reads before it writes waits for a TRUNCATE's write lock instead of failing", async () => {
    const file = join(dir, "colorday.sqlite")
    const runtime = open(file)
    const reader = new Sqlite(file)
    const probe = new Sqlite(file)
    probe.pragma("busy_timeout = 0")
    const checkpointer = startWalCheckpointer(file, {
      intervalMs: 60_000,
      truncateAboveBytes: Number.MAX_SAFE_INTEGER,
      startAboveBytes: Number.MAX_SAFE_INTEGER,
    })
    try {
      await runtime.runPromise(insertNotes(100))
      // Another process's read (a backup, a CLI command) with a snapshot in the WAL: a TRUNCATE
      // takes the write lock, then waits for it for the worker's busy timeout (2 s).
      reader.exec("BEGIN")
      reader.prepare("SELECT COUNT(*) AS notes FROM notes").get()
      const truncated = checkpointer.checkpoint("TRUNCATE")
      expect(await eventually(() => writeLockTaken(probe), 15_000)).toBe(true)

      // A read, then a write: the serving connection waits through its busy timeout (10 s), as
      // for a plain write, where a read snapshot upgraded to a write got SQLITE_BUSY at once and
      // the retries (about 0.6 s of pauses in all) gave up while the lock was still held.
      const exit = await runtime.runPromise(
        Effect.exit(
          Effect.gen(function* () {
            const unitOfWork = yield* UnitOfWork
            return yield* unitOfWork.transaction(
              Effect.andThen(sql("SELECT COUNT(*) AS notes FROM notes"), () =>
                sql("INSERT INTO notes (body) VALUES (?)", ["after the truncate"]),
              ),
            )
          }),
        ),
      )
      reader.exec("COMMIT")
      await truncated
      expect(Exit.isSuccess(exit) ? "committed" : String(exit.cause)).toBe("committed")
      const [counted] = await runtime.runPromise(
        sql<Array<{ notes: number }>>("SELECT COUNT(*) AS notes FROM notes"),
      )
      expect(counted?.notes).toBe(101)
    } finally {
      await checkpointer.close()
      probe.close()
      reader.close()
      await runtime.dispose()
    }
  })
})
