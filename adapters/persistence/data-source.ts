import { mkdirSync } from "node:fs"
import { dirname } from "node:path"
import { DataSource, type MigrationInterface } from "typeorm"
import {
  CheckoutExpiryAndVisitsMysql,
  CheckoutExpiryAndVisitsSqlite,
} from "./migrations/checkout-expiry-and-visits.ts"
import { CheckoutSessionsMysql, CheckoutSessionsSqlite } from "./migrations/checkout-sessions.ts"
import {
  EntryOrderIndexesMysql,
  EntryOrderIndexesSqlite,
} from "./migrations/entry-order-indexes.ts"
import { EntryShuffleKeyMysql, EntryShuffleKeySqlite } from "./migrations/entry-shuffle-key.ts"
import { DrawingsMysql, DrawingsSqlite } from "./migrations/drawings.ts"
import { ContestPrizesMysql, ContestPrizesSqlite } from "./migrations/contest-prizes.ts"
import {
  JudgesFeedbackSpotlightMysql,
  JudgesFeedbackSpotlightSqlite,
} from "./migrations/judges-feedback-spotlight.ts"
import {
  SiteSettingsAndSubscriberContestsMysql,
  SiteSettingsAndSubscriberContestsSqlite,
} from "./migrations/site-settings-and-subscriber-contests.ts"
import {
  MailQueueAndPendingEmailMysql,
  MailQueueAndPendingEmailSqlite,
} from "./migrations/mail-queue-and-pending-email.ts"
import { ContestResultsMysql, ContestResultsSqlite } from "./migrations/contest-results.ts"
import {
  PerkPagesAndRequestsMysql,
  PerkPagesAndRequestsSqlite,
} from "./migrations/perk-pages-and-requests.ts"
import { MemberSettingsMysql, MemberSettingsSqlite } from "./migrations/member-settings.ts"
import { TwoFactorSignInMysql, TwoFactorSignInSqlite } from "./migrations/two-factor-sign-in.ts"
import { NotificationMailMysql, NotificationMailSqlite } from "./migrations/notification-mail.ts"
import {
  WebPushAndBellListMysql,
  WebPushAndBellListSqlite,
} from "./migrations/web-push-and-bell-list.ts"
import { SentNotificationsMysql, SentNotificationsSqlite } from "./migrations/sent-notifications.ts"
import {
  PushRetriesAndVoteTimesMysql,
  PushRetriesAndVoteTimesSqlite,
} from "./migrations/push-retries-and-vote-times.ts"
import { PlanPeriodsMysql, PlanPeriodsSqlite } from "./migrations/plan-periods.ts"
import { Initial1763769600000 as InitialMysql } from "./migrations/mysql.ts"
import { Initial1763769600000 as InitialSqlite } from "./migrations/sqlite.ts"
import { ALL_TABLES } from "./tables.ts"

export type Dialect = "sqlite" | "mysql"

export interface DatabaseConfig {
  /** mysql://user:pass@host:port/db selects MySQL / MariaDB; unset selects the SQLite file. */
  readonly databaseUrl?: string | undefined
  /** The embedded default's file (default data/colorday.sqlite). */
  readonly sqliteFile?: string | undefined
}

export const DEFAULT_SQLITE_FILE = "data/colorday.sqlite"

export const dialectOf = (config: DatabaseConfig): Dialect => {
  const url = config.databaseUrl?.trim()
  if (!url) return "sqlite"
  if (/^(mysql|mariadb):\/\//i.test(url)) return "mysql"
  throw new Error(
    `DATABASE_URL must start with mysql:// (or be unset for the embedded SQLite file), got "${url.split(":")[0]}:…"`,
  )
}

/** Where the database is, for humans: the SQLite path or the MySQL host/database (no password). */
export const describeDatabase = (config: DatabaseConfig): string => {
  if (dialectOf(config) === "sqlite") return `sqlite ${config.sqliteFile ?? DEFAULT_SQLITE_FILE}`
  const url = new URL((config.databaseUrl ?? "").replace(/^mariadb:/i, "mysql:"))
  return `mysql ${url.hostname}:${url.port || "3306"}${url.pathname}`
}

/**
 * Whether the SQLite file's WAL is checkpointed by a worker thread (wal-checkpointer.ts) instead
 * of inside the commits of the serving connection: every SQLite file (":memory:" has no WAL).
 */
export const checkpointsInBackground = (config: DatabaseConfig): boolean =>
  dialectOf(config) === "sqlite" && (config.sqliteFile ?? DEFAULT_SQLITE_FILE) !== ":memory:"

/** What the WAL is trimmed to when it starts over (journal_size_limit). */
export const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024

/** Asks a MySQL-protocol server whether it is MySQL or MariaDB. */
export const detectServer = async (config: DatabaseConfig): Promise<"mysql" | "mariadb"> => {
  const { createConnection } = await import("mysql2/promise")
  const connection = await createConnection(
    (config.databaseUrl ?? "").replace(/^mariadb:/i, "mysql:"),
  )
  try {
    const [rows] = await connection.query("SELECT VERSION() AS version")
    const version = (rows as Array<{ version?: string }>)[0]?.version ?? ""
    return /mariadb/i.test(version) ? "mariadb" : "mysql"
  } finally {
    await connection.end()
  }
}

/** Every migration of each dialect, in order. Add new ones at the end; never edit an applied one. */
const MIGRATIONS: { readonly [D in Dialect]: Array<new () => MigrationInterface> } = {
  sqlite: [
    InitialSqlite,
    EntryOrderIndexesSqlite,
    CheckoutSessionsSqlite,
    MemberSettingsSqlite,
    ContestResultsSqlite,
    CheckoutExpiryAndVisitsSqlite,
    MailQueueAndPendingEmailSqlite,
    EntryShuffleKeySqlite,
    DrawingsSqlite,
    ContestPrizesSqlite,
    SiteSettingsAndSubscriberContestsSqlite,
    PerkPagesAndRequestsSqlite,
    JudgesFeedbackSpotlightSqlite,
    TwoFactorSignInSqlite,
    NotificationMailSqlite,
    WebPushAndBellListSqlite,
    SentNotificationsSqlite,
    PushRetriesAndVoteTimesSqlite,
    PlanPeriodsSqlite,
  ],
  mysql: [
    InitialMysql,
    EntryOrderIndexesMysql,
    CheckoutSessionsMysql,
    MemberSettingsMysql,
    ContestResultsMysql,
    CheckoutExpiryAndVisitsMysql,
    MailQueueAndPendingEmailMysql,
    EntryShuffleKeyMysql,
    DrawingsMysql,
    ContestPrizesMysql,
    SiteSettingsAndSubscriberContestsMysql,
    PerkPagesAndRequestsMysql,
    JudgesFeedbackSpotlightMysql,
    TwoFactorSignInMysql,
    NotificationMailMysql,
    WebPushAndBellListMysql,
    SentNotificationsMysql,
    PushRetriesAndVoteTimesMysql,
    PlanPeriodsMysql,
  ],
}

const migrationsFor = (dialect: Dialect) => MIGRATIONS[dialect]

/**
 * MySQL connections kept for transactions with autocommit off (database.ts, `once`): the pool is
 * that much larger, so plain queries keep the 20 they had.
 */
export const KEPT_TRANSACTION_CONNECTIONS = 8

/**
 * The one DataSource factory. SQLite: WAL, foreign keys on (TypeORM's default), a busy timeout so a
 * second process waits instead of failing, a file's checkpoints left to its worker (see
 * checkpointsInBackground). MySQL: a pool through mysql2, UTC, BIGINTs as numbers.
 * Schema changes come only from migrations; `synchronize` is never on.
 */
export const makeDataSource = (
  config: DatabaseConfig,
  /** MariaDB reports column defaults differently; TypeORM needs to know which server it talks to. */
  server: "mysql" | "mariadb" = "mysql",
): DataSource => {
  const dialect = dialectOf(config)
  const common = {
    entities: ALL_TABLES,
    migrations: migrationsFor(dialect),
    migrationsTableName: "migrations",
    synchronize: false,
    // Failed queries surface as defects with their cause; expected ones (a duplicate vote) are quiet.
    logging: process.env.COLORDAY_SQL_LOG ? ("all" as const) : false,
  }
  if (dialect === "sqlite") {
    const file = config.sqliteFile ?? DEFAULT_SQLITE_FILE
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true })
    return new DataSource({
      ...common,
      type: "better-sqlite3",
      database: file,
      enableWAL: true,
      timeout: 10_000,
      prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
        db.pragma("synchronous = NORMAL")
        if (checkpointsInBackground(config)) {
          // wal-checkpointer.ts checkpoints on its own connection: none inside a request's commit.
          db.pragma("wal_autocheckpoint = 0")
          // The WAL is cut back to this when it starts over, if a reader once made it grow.
          db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`)
        }
      },
    })
  }
  return new DataSource({
    ...common,
    type: server,
    url: (config.databaseUrl ?? "").replace(/^mariadb:/i, "mysql:"),
    timezone: "Z",
    charset: "utf8mb4_unicode_ci",
    poolSize: 20 + KEPT_TRANSACTION_CONNECTIONS,
    supportBigNumbers: true,
    bigNumberStrings: false,
    // mysql2's default captures a stack (new Error) on every query of its promise API, which
    // TypeORM uses: ~0.4 ms of the server's CPU per vote under the MariaDB vote bench. A failed
    // query still carries its message, code and SQL.
    trace: false,
  })
}
