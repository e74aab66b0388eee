import { createHash } from "node:crypto"
import { Cause, Context, Effect, Exit, Layer, Semaphore } from "effect"
import type { DataSource, EntityManager } from "typeorm"
import { IdSource } from "../../domain/shared/id-source.port.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { crc32 } from "../../domain/submissions/gallery.ts"
import {
  checkpointsInBackground,
  DEFAULT_SQLITE_FILE,
  type DatabaseConfig,
  type Dialect,
  describeDatabase,
  detectServer,
  KEPT_TRANSACTION_CONNECTIONS,
  dialectOf,
  makeDataSource,
} from "./data-source.ts"
import { startWalCheckpointer } from "./wal-checkpointer.ts"

/**
 * The database as the adapters see it: the DataSource, its dialect, migrations, and `run`, which
 * hands a query the EntityManager of the transaction in progress (or the plain one).
 *
 * SQLite has one connection and one writer, so every access is serialised by a semaphore (queries
 * are synchronous in better-sqlite3 and cheap to queue); a second process is waited on through the
 * busy timeout and, if SQLite still answers busy, the transaction is retried. MySQL transactions
 * run on pooled connections side by side; deadlocks and lock wait timeouts are retried.
 */
export interface DatabaseShape {
  readonly dialect: Dialect
  /** "sqlite data/colorday.sqlite" or "mysql host:3306/db", never a password. */
  readonly describe: string
  readonly dataSource: DataSource
  /** Applies pending migrations; returns the names applied. */
  readonly migrate: Effect.Effect<ReadonlyArray<string>>
  readonly status: Effect.Effect<{
    readonly applied: ReadonlyArray<string>
    readonly pending: ReadonlyArray<string>
  }>
  /** Runs a query; driver failures are defects (a 500 with a request id, never a domain error). */
  readonly run: <A>(query: (manager: EntityManager) => Promise<A>) => Effect.Effect<A>
  /** Like `run`, but hands the driver's failure to the caller (to read a unique violation). */
  readonly attempt: <A>(query: (manager: EntityManager) => Promise<A>) => Effect.Effect<A, unknown>
  /** Whether the current fiber is inside a transaction (repositories lock rows only then). */
  readonly inTransaction: Effect.Effect<boolean>
  /**
   * A raw statement with `?` placeholders, prepared once per connection (better-sqlite3's
   * statement, mysql2's `execute`), on the transaction's connection or the shared one: the rows
   * of a query as the driver answers them, or the rows a write changed. For the hot paths (the
   * gallery, a vote), where TypeORM's query building and entity mapping cost more than the query.
   * The driver's failure is handed to the caller (to read a unique violation).
   */
  readonly sql: <A = Array<Record<string, unknown>>>(
    statement: string,
    params?: ReadonlyArray<SqlValue>,
  ) => Effect.Effect<A, unknown>
  /** Writes through this instance so far (see noteWrite): a read kept from before one is stale. */
  readonly writes: () => number
  /**
   * Counts a write for the read caches (read-cache.ts); inside a transaction it is counted again
   * when the transaction ends, so a read that ran meanwhile (without its rows) is not kept.
   */
  readonly noteWrite: Effect.Effect<void>
}

/** A raw statement's parameter (booleans as 0/1: better-sqlite3 takes no booleans). */
export type SqlValue = string | number | null

/** What a raw write answers: how many rows it changed. */
export interface SqlWrite {
  readonly changes: number
}

/** The parts of better-sqlite3's API the raw statements use (it ships no types here). */
interface SqliteStatement {
  readonly reader: boolean
  /** Whether the statement only reads (SQLite's sqlite3_stmt_readonly). */
  readonly readonly: boolean
  all(...params: ReadonlyArray<SqlValue>): Array<Record<string, unknown>>
  run(...params: ReadonlyArray<SqlValue>): { changes: number }
}
interface SqliteConnection {
  prepare(sql: string): SqliteStatement
  /** Whether a transaction is open (SQLite ends one by itself on some errors: I/O, full disk). */
  readonly inTransaction: boolean
}
/** mysql2's callback API (a pool, or the connection of a transaction's query runner). */
interface MysqlExecutor {
  execute(
    sql: string,
    values: ReadonlyArray<SqlValue>,
    callback: (error: unknown, result: unknown) => void,
  ): void
  query(sql: string, callback: (error: unknown) => void): void
}

/** A mysql2 connection's own state: closed or failed ones are never used again. */
interface MysqlConnectionState {
  readonly _closing?: boolean
  readonly _fatalError?: unknown
  readonly _protocolError?: unknown
}

/** TypeORM's MySQL query runner, as a kept transaction connection (see `once`) is handled. */
interface KeptRunner {
  readonly manager: EntityManager
  readonly databaseConnection: MysqlExecutor & { destroy(): void }
  connect(): Promise<unknown>
  release(): Promise<void>
}

export class Database extends Context.Service<Database, DatabaseShape>()(
  "colorday/persistence/Database",
) {}

/** The EntityManager of the transaction the current fiber runs in, if any. */
const CurrentManager = Context.Reference<EntityManager | undefined>(
  "colorday/persistence/CurrentManager",
  { defaultValue: () => undefined },
)

const driverError = (error: unknown): { errno?: number; code?: string } | undefined => {
  if (typeof error !== "object" || error === null) return undefined
  const inner = (error as { driverError?: unknown }).driverError ?? error
  return typeof inner === "object" && inner !== null ? inner : undefined
}

/** A duplicate key: MySQL ER_DUP_ENTRY, SQLite UNIQUE / PRIMARY KEY constraint. */
export const isUniqueViolation = (error: unknown): boolean => {
  const driver = driverError(error)
  return (
    driver?.errno === 1062 ||
    driver?.code === "ER_DUP_ENTRY" ||
    driver?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    driver?.code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  )
}

/** Failures that a fresh attempt of the whole transaction can cure. */
const isRetryable = (error: unknown): boolean => {
  const driver = driverError(error)
  return (
    driver?.errno === 1213 || // ER_LOCK_DEADLOCK
    driver?.errno === 1205 || // ER_LOCK_WAIT_TIMEOUT
    driver?.code === "SQLITE_BUSY" ||
    driver?.code === "SQLITE_BUSY_SNAPSHOT"
  )
}

const causeIsRetryable = (exit: Exit.Exit<unknown, unknown>): boolean =>
  Exit.isFailure(exit) &&
  exit.cause.reasons.some(
    (reason) =>
      (reason._tag === "Die" && isRetryable(reason.defect)) ||
      (reason._tag === "Fail" && isRetryable(reason.error)),
  )

const MAX_ATTEMPTS = 8

/** At most this many SQLite transactions share one COMMIT (see onceSqlite). */
const GROUP_COMMIT_MAX = 32

/** Real time, whatever clock the use case runs under (a TestClock must not stall a retry). */
const pause = (ms: number) =>
  Effect.promise(() => new Promise((resolve) => setTimeout(resolve, ms)))

export const makeDatabase = Effect.fn("makeDatabase")(function* (config: DatabaseConfig) {
  const dialect = dialectOf(config)
  const server = dialect === "mysql" ? yield* Effect.promise(() => detectServer(config)) : undefined
  const dataSource = makeDataSource(config, server)
  yield* Effect.acquireRelease(
    Effect.promise(async () => {
      await dataSource.initialize()
      if (dialect !== "sqlite") return undefined
      const connection = (
        dataSource.driver as unknown as {
          databaseConnection: {
            function: (name: string, fn: (text: string) => number) => void
            pragma: (sql: string) => unknown
          }
        }
      ).databaseConnection
      // Migration 8 backfills the entries' shuffle keys with CRC32, which MySQL has built in.
      connection.function("CRC32", (text: string) => crc32(String(text)))
      if (!checkpointsInBackground(config)) return undefined
      return startWalCheckpointer(config.sqliteFile ?? DEFAULT_SQLITE_FILE, {
        // Without its checkpointer the WAL would grow without bound: SQLite's own come back.
        onFailure: (error) => {
          console.error("The WAL checkpointer stopped; SQLite checkpoints in its commits.", error)
          if (dataSource.isInitialized) connection.pragma("wal_autocheckpoint = 1000")
        },
      })
    }),
    // The checkpointer's connection closes first, so the serving one is the last: closing it
    // checkpoints the WAL and removes it.
    (checkpointer) =>
      Effect.promise(async () => {
        await checkpointer?.close()
        await dataSource.destroy()
      }),
  )
  const lock = dialect === "sqlite" ? Semaphore.makeUnsafe(1) : undefined
  /**
   * Whatever takes SQLite's one connection outside a transaction (a statement, TypeORM's own
   * work, the migrations) first commits the transactions a group commit holds open (see
   * onceSqlite), so it never runs inside them.
   */
  const serialised = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    lock ? lock.withPermit(Effect.andThen(Effect.sync(commitGroup), effect)) : effect

  const attempt = <A>(query: (manager: EntityManager) => Promise<A>): Effect.Effect<A, unknown> =>
    Effect.gen(function* () {
      const manager = yield* CurrentManager
      if (manager) return yield* Effect.tryPromise({ try: () => query(manager), catch: (e) => e })
      return yield* serialised(
        Effect.tryPromise({ try: () => query(dataSource.manager), catch: (e) => e }),
      )
    })

  // Raw statements (see DatabaseShape.sql). SQLite: one connection, its statements kept by text.
  const driver = dataSource.driver as unknown as {
    databaseConnection?: SqliteConnection
    pool?: MysqlExecutor
  }
  const statements = new Map<string, SqliteStatement>()
  const prepare = (statement: string): SqliteStatement => {
    const connection = driver.databaseConnection
    if (!connection) throw new Error("The SQLite connection is not open")
    let prepared = statements.get(statement)
    if (!prepared) {
      prepared = connection.prepare(statement)
      statements.set(statement, prepared)
    }
    return prepared
  }
  const sqlite = (statement: string, params: ReadonlyArray<SqlValue>): unknown => {
    const prepared = prepare(statement)
    return prepared.reader
      ? prepared.all(...params)
      : ({ changes: prepared.run(...params).changes } satisfies SqlWrite)
  }
  // mysql2's callback straight into the fiber: no promise and no extra turn per statement.
  const mysql = <A>(executor: MysqlExecutor, statement: string, params: ReadonlyArray<SqlValue>) =>
    Effect.callback<A, unknown>((resume) => {
      executor.execute(statement, params, (error, result) => {
        if (error) {
          resume(
            Effect.fail(
              error instanceof Error ? error : new Error("mysql2 failed", { cause: error }),
            ),
          )
        } else if (Array.isArray(result)) resume(Effect.succeed(result as A))
        else {
          const changes = (result as { affectedRows?: number }).affectedRows ?? 0
          resume(Effect.succeed({ changes } satisfies SqlWrite as A))
        }
      })
    })
  // Run on every statement of a request: one flatMap, no generator.
  const sql = <A>(statement: string, params: ReadonlyArray<SqlValue> = []) =>
    Effect.flatMap(CurrentManager, (manager): Effect.Effect<A, unknown> => {
      if (dialect === "sqlite") {
        const run = Effect.try({ try: () => sqlite(statement, params) as A, catch: (e) => e })
        if (manager) return run
        // A read (a signed-in request's session, a page of the gallery) may run inside an open
        // group commit: it sees writes whose transactions are only waiting for the group's
        // COMMIT. Committing the group first for every read made groups of one or two under the
        // vote bench, where each vote's session read came between two votes.
        const readOnly = Effect.try({ try: () => prepare(statement).readonly, catch: (e) => e })
        return Effect.flatMap(readOnly, (reads) =>
          reads ? (lock as Semaphore.Semaphore).withPermit(run) : serialised(run),
        )
      }
      const executor =
        (manager?.queryRunner as { databaseConnection?: MysqlExecutor } | undefined)
          ?.databaseConnection ?? driver.pool
      if (!executor) return Effect.die(new Error("The MySQL pool is not open"))
      return mysql<A>(executor, statement, params)
    })

  // Writes for the read caches; a transaction's writes are counted again when it ends.
  let writes = 0
  const wroteIn = new WeakSet<EntityManager>()

  /**
   * SQLite's group commit (see onceSqlite): the transactions that ended while the group's one
   * SQLite transaction stayed open, each waiting for its COMMIT. Undefined when none is open.
   */
  let group: Array<(failure: { readonly error: unknown } | undefined) => void> | undefined
  /** Commits the open group, if any, and tells its transactions how it went. Holds the lock. */
  const commitGroup = () => {
    const members = group
    if (!members) return
    group = undefined
    let failure: { readonly error: unknown } | undefined
    try {
      sqlite("COMMIT", [])
    } catch (error) {
      failure = { error }
      if (driver.databaseConnection?.inTransaction) {
        try {
          sqlite("ROLLBACK", [])
        } catch {
          // The connection is broken: each member dies with the COMMIT's failure.
        }
      }
    }
    // A read kept while the group was open was made inside it: not to be kept past its commit.
    writes += 1
    for (const settle of members) settle(failure)
  }

  const migrationNames = dataSource.migrations.map(
    (migration) => migration.name ?? migration.constructor.name,
  )

  const appliedNames = Effect.promise(async () => {
    const runner = dataSource.createQueryRunner()
    try {
      if (!(await runner.hasTable("migrations"))) return [] as Array<string>
      const rows = (await runner.query(
        `SELECT name FROM ${dialect === "sqlite" ? '"migrations"' : "`migrations`"} ORDER BY id`,
      )) as Array<{ name: string }>
      return rows.map((row) => row.name)
    } finally {
      if (dialect !== "sqlite") await runner.release()
    }
  })

  const database: DatabaseShape = {
    dialect,
    describe: describeDatabase(config),
    dataSource,
    migrate: serialised(
      Effect.promise(async () => {
        const applied = await dataSource.runMigrations({ transaction: "each" })
        return applied.map((migration) => migration.name)
      }),
    ),
    status: Effect.map(appliedNames, (applied) => ({
      applied,
      pending: migrationNames.filter((name) => !applied.includes(name)),
    })),
    run: (query) => Effect.orDie(attempt(query)),
    attempt,
    inTransaction: Effect.gen(function* () {
      return (yield* CurrentManager) !== undefined
    }),
    sql,
    writes: () => writes,
    noteWrite: Effect.gen(function* () {
      writes += 1
      const manager = yield* CurrentManager
      if (manager) wroteIn.add(manager)
    }),
  }

  /**
   * MySQL's transaction, on a pooled connection of its own: START TRANSACTION, COMMIT and ROLLBACK
   * go straight through mysql2 (its callbacks, no TypeORM events or promises), and TypeORM's query
   * runner is marked as in a transaction so its own statements in it neither begin nor commit.
   *
   * Up to KEPT_TRANSACTION_CONNECTIONS connections are kept out of the pool for transactions,
   * with autocommit off: on those a transaction begins with its first statement, and START
   * TRANSACTION (one round trip of a vote's six) is not sent. Between two transactions a kept
   * connection holds no transaction, no snapshot and no lock (its last one ended with COMMIT or
   * ROLLBACK; one that did not, or whose connection failed, is closed, never pooled again).
   * Beyond that many at once, a transaction takes a pooled connection and starts as before.
   */
  const kept: Array<KeptRunner> = []
  let keptInUse = 0
  const healthy = (runner: KeptRunner) => {
    const connection = runner.databaseConnection as MysqlConnectionState
    return !connection._closing && !connection._fatalError && !connection._protocolError
  }
  const once = <A, E, R>(effect: Effect.Effect<A, E, R>) => {
    type Runner = { isTransactionActive: boolean; transactionDepth: number }
    const connectionOf = (runner: unknown) =>
      (runner as { databaseConnection: MysqlExecutor }).databaseConnection
    const control = (
      runner: Runner,
      statement: "START TRANSACTION" | "COMMIT" | "ROLLBACK" | "SET autocommit = 0",
    ) =>
      Effect.callback<void, unknown>((resume) => {
        connectionOf(runner).query(statement, (error) => {
          if (error) return resume(Effect.fail(error))
          if (statement !== "SET autocommit = 0") {
            runner.isTransactionActive = statement === "START TRANSACTION"
            runner.transactionDepth = runner.isTransactionActive ? 1 : 0
          }
          resume(Effect.void)
        })
      })
    /** A kept connection if one is idle (or may be made), else a pooled one. */
    const acquire = Effect.gen(function* () {
      let idle = kept.pop()
      while (idle && !healthy(idle)) {
        keptInUse -= 1
        idle.databaseConnection.destroy()
        idle = kept.pop()
      }
      if (idle) return { runner: idle, isKept: true }
      const runner = yield* Effect.promise(async () => {
        const fresh = dataSource.createQueryRunner() as unknown as KeptRunner
        await fresh.connect()
        return fresh
      })
      if (keptInUse >= KEPT_TRANSACTION_CONNECTIONS) return { runner, isKept: false }
      keptInUse += 1
      const turnedOff = yield* Effect.exit(
        control(runner as unknown as Runner, "SET autocommit = 0"),
      )
      if (Exit.isSuccess(turnedOff)) return { runner, isKept: true }
      keptInUse -= 1
      runner.databaseConnection.destroy()
      return yield* Effect.die(Cause.squash(turnedOff.cause))
    })
    return Effect.acquireUseRelease(
      acquire,
      ({ runner, isKept }) => {
        const marked = runner as unknown as Runner
        return Effect.gen(function* () {
          if (isKept) {
            marked.isTransactionActive = true
            marked.transactionDepth = 1
          } else yield* control(marked, "START TRANSACTION")
          const exit = yield* Effect.exit(
            Effect.provideService(effect, CurrentManager, runner.manager),
          )
          yield* control(marked, Exit.isSuccess(exit) ? "COMMIT" : "ROLLBACK")
          return exit
        }).pipe(
          Effect.catch((failure) =>
            Effect.as(
              marked.isTransactionActive ? Effect.ignore(control(marked, "ROLLBACK")) : Effect.void,
              Exit.die(failure),
            ),
          ),
        )
      },
      ({ runner, isKept }) =>
        Effect.gen(function* () {
          if (wroteIn.delete(runner.manager)) writes += 1
          const marked = runner as unknown as Runner
          if (marked.isTransactionActive) yield* Effect.ignore(control(marked, "ROLLBACK"))
          if (!isKept) return yield* Effect.promise(() => runner.release())
          // Kept only when its transaction surely ended: anything else could leak into the next.
          if (!marked.isTransactionActive && healthy(runner)) return void kept.push(runner)
          keptInUse -= 1
          runner.databaseConnection.destroy()
        }),
    )
  }

  /**
   * SQLite's transaction: BEGIN and COMMIT are run here, synchronously, on its one connection, and
   * TypeORM's shared query runner is marked as in a transaction (its own statements in it then
   * neither begin another nor commit). TypeORM's are promises: with every other request waiting
   * for the lock, each turn of the event loop the holder waits for costs them all (a vote held
   * it about 6 ms for well under 1 ms of statements; bench/http.ts "sqlite http vote").
   *
   * Group commit: the COMMIT was the largest part of a vote's SQLite time (about 110–190 µs of
   * WAL writes, against 15 µs for its UPDATE and 12 µs for its INSERT). So a transaction runs
   * inside a savepoint, and when it ends well its savepoint is released but the SQLite
   * transaction stays open for the transactions already queued for the lock: one COMMIT a turn
   * of the event loop (at most GROUP_COMMIT_MAX transactions) makes them all durable at once.
   * Each transaction answers only after that COMMIT, so nothing is reported done before it is
   * on disk. A transaction that fails rolls back to its savepoint, undoing only its own work; if
   * SQLite ended the whole transaction by itself (an I/O error, a full disk), every transaction
   * of the group fails with that error and none is reported done. Anything else that takes the
   * connection commits the open group first (serialised).
   */
  const onceSqlite = <A, E, R>(effect: Effect.Effect<A, E, R>) => {
    type Marked = { isTransactionActive: boolean; transactionDepth: number }
    type Settle = (failure: { readonly error: unknown } | undefined) => void
    const mark = (runner: Marked, active: boolean) => {
      runner.isTransactionActive = active
      runner.transactionDepth = active ? 1 : 0
    }
    const semaphore = lock as Semaphore.Semaphore
    /** The group's transaction ended by SQLite itself: every member fails with `error`. */
    const abandonGroup = (error: unknown) => {
      const members = group ?? []
      group = undefined
      writes += 1
      for (const settle of members) settle({ error })
    }
    /** Ends this transaction's savepoint; undefined when the group is still open, else its end. */
    const finish = (
      runner: Marked,
      exit: Exit.Exit<A, E>,
    ): { readonly exit: Exit.Exit<A, E>; readonly committed?: Promise<unknown> } => {
      mark(runner, false)
      const connection = driver.databaseConnection
      if (!connection?.inTransaction) {
        const error = new Error("SQLite ended the transaction by itself (see the first failure)")
        abandonGroup(Exit.isFailure(exit) ? Cause.squash(exit.cause) : error)
        return { exit: Exit.isFailure(exit) ? exit : Exit.die(error) }
      }
      try {
        if (Exit.isFailure(exit)) {
          sqlite("ROLLBACK TO colorday_transaction", [])
          sqlite("RELEASE colorday_transaction", [])
          return { exit }
        }
        sqlite("RELEASE colorday_transaction", [])
      } catch (failure) {
        abandonGroup(failure)
        if (connection.inTransaction) sqlite("ROLLBACK", [])
        return { exit: Exit.die(failure) }
      }
      const committed = new Promise<unknown>((resolve) => {
        const settle: Settle = (failure) => resolve(failure)
        group?.push(settle)
      })
      return { exit, committed }
    }
    const inLock = Effect.uninterruptibleMask((restore) => {
      const runner = dataSource.createQueryRunner()
      const marked = runner as unknown as Marked
      if (!group) {
        // IMMEDIATE: the write lock is taken here, through the busy timeout. A deferred BEGIN took
        // it at the first write, after a read, and SQLite answers that upgrade SQLITE_BUSY at once
        // (no busy handler) while another connection holds the lock (the checkpointer's TRUNCATE,
        // another process's write): the retries gave up long before a plain write's 10 s wait.
        sqlite("BEGIN IMMEDIATE", [])
        group = []
      }
      sqlite("SAVEPOINT colorday_transaction", [])
      mark(marked, true)
      return Effect.map(
        Effect.exit(restore(Effect.provideService(effect, CurrentManager, runner.manager))),
        (exit) => {
          const ended = finish(marked, exit)
          if (wroteIn.delete(runner.manager)) writes += 1
          if (group) {
            // Nothing of the group's to keep (this transaction alone, and failed): end it now, so
            // no empty transaction holds a snapshot that keeps the WAL from being checkpointed.
            if (group.length === 0 || group.length >= GROUP_COMMIT_MAX) commitGroup()
            else if (ended.committed && group.length === 1) {
              // The group's COMMIT queues for the lock behind the transactions waiting now.
              setImmediate(() => Effect.runFork(semaphore.withPermit(Effect.sync(commitGroup))))
            }
          }
          return ended
        },
      )
    })
    return Effect.flatMap(semaphore.withPermit(inLock), ({ exit, committed }) =>
      committed === undefined
        ? Effect.succeed(exit)
        : Effect.map(
            Effect.uninterruptible(Effect.promise(() => committed)),
            (failure): Exit.Exit<A, E> =>
              failure === undefined ? exit : Exit.die((failure as { error: unknown }).error),
          ),
    )
  }

  const unitOfWork = UnitOfWork.of({
    transaction: (effect) =>
      Effect.gen(function* () {
        if (yield* CurrentManager) return yield* effect
        for (let attemptNo = 1; ; attemptNo++) {
          const exit = yield* dialect === "sqlite" ? onceSqlite(effect) : once(effect)
          if (attemptNo < MAX_ATTEMPTS && causeIsRetryable(exit)) {
            yield* pause(Math.random() * 5 * 2 ** attemptNo)
            continue
          }
          return yield* exit
        }
      }),
  })

  return { database, unitOfWork }
})

/**
 * Random UUIDs for rows; 256-bit URL-safe tokens for sessions and links. A token's digest is
 * node:crypto's SHA-256, in the same turn: WebCrypto's (sha256Hex) is a promise run on the
 * thread pool, about 0.4 ms of the server's CPU per request under the vote bench (every
 * signed-in request digests its session cookie).
 */
export const idSource = IdSource.of({
  newId: Effect.sync(() => crypto.randomUUID()),
  newToken: Effect.sync(() =>
    Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url"),
  ),
  digest: (token) => Effect.sync(() => createHash("sha256").update(token, "utf8").digest("hex")),
})

export const layerDatabase = (config: DatabaseConfig) =>
  Layer.effectContext(
    Effect.map(makeDatabase(config), ({ database, unitOfWork }) =>
      Context.make(Database, database).pipe(
        Context.add(UnitOfWork, unitOfWork),
        Context.add(IdSource, idSource),
      ),
    ),
  )
