import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, ManagedRuntime } from "effect"
import type { TestProject } from "vitest/node"
import { layerPersistence } from "../../../adapters/persistence/persistence.layer.ts"
import {
  createMysqlDatabase,
  dropMysqlDatabase,
  scopedUrl,
  type TableDefinition,
  tableDefinitions,
  uniqueDatabaseName,
} from "../../support/mysql-databases.ts"

/**
 * Once per run of the HTTP tier: a database migrated per backend, the template every test server
 * starts from (server.ts copies it), so no server runs the migrations itself. SQLite: a data
 * folder holding the migrated file. MySQL/MariaDB (when MYSQL_URL is set): a migrated database,
 * with its tables' `CREATE TABLE` statements for the copies. Both are removed after the run.
 */

export interface HttpTemplates {
  /** A data folder with the migrated SQLite file (colorday.sqlite). */
  readonly sqliteDir: string
  /** The migrated MySQL database and its tables, when MYSQL_URL is set. */
  readonly mysql: {
    readonly database: string
    readonly tables: ReadonlyArray<TableDefinition>
  } | null
}

declare module "vitest" {
  export interface ProvidedContext {
    httpTemplates: HttpTemplates
  }
}

/** Runs the migrations on a database, then closes it. */
const migrate = async (config: { sqliteFile?: string; databaseUrl?: string }) => {
  const runtime = ManagedRuntime.make(layerPersistence({ ...config, migrate: true }))
  try {
    await runtime.runPromise(Effect.void)
  } finally {
    await runtime.dispose()
  }
}

export default async function setup(project: TestProject) {
  const mysqlUrl = process.env.MYSQL_URL
  const sqliteDir = await mkdtemp(join(tmpdir(), "colorday-http-template-"))
  let mysqlDatabase: string | undefined
  const teardown = async () => {
    await rm(sqliteDir, { recursive: true, force: true })
    if (mysqlUrl && mysqlDatabase) await dropMysqlDatabase(mysqlUrl, mysqlDatabase)
  }
  try {
    const mysql = async (): Promise<HttpTemplates["mysql"]> => {
      if (!mysqlUrl) return null
      const database = uniqueDatabaseName("colorday_http_template")
      await createMysqlDatabase(mysqlUrl, database)
      mysqlDatabase = database
      await migrate({ databaseUrl: scopedUrl(mysqlUrl, database) })
      return { database, tables: await tableDefinitions(mysqlUrl, database) }
    }
    const [, mysqlTemplate] = await Promise.all([
      migrate({ sqliteFile: join(sqliteDir, "colorday.sqlite") }),
      mysql(),
    ])
    project.provide("httpTemplates", { sqliteDir, mysql: mysqlTemplate })
  } catch (error) {
    await teardown()
    throw error
  }
  return teardown
}
