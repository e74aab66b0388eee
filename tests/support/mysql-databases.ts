import { createConnection } from "mysql2/promise"

/**
 * MySQL/MariaDB pieces the CLI and HTTP tiers share to build test databases from a migrated
 * template instead of migrating each one: the template's tables as `SHOW CREATE TABLE` gives them
 * (foreign keys included, which `CREATE TABLE … LIKE` would drop), a new database with those
 * tables, and a copy of every row with `INSERT … SELECT` (the migrations table included, so the
 * copy counts as migrated). Creating tables is what costs (DDL); copying rows takes milliseconds.
 */

export type Connection = Awaited<ReturnType<typeof createConnection>>

export interface TableDefinition {
  readonly name: string
  /** The `CREATE TABLE` statement, as `SHOW CREATE TABLE` prints it. */
  readonly create: string
}

/** A database name no other test of any run uses: `<prefix>_<12 hex digits>`. */
export const uniqueDatabaseName = (prefix: string) =>
  `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`

/** `adminUrl` pointing at database `name`. */
export const scopedUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** The database a URL names. */
export const databaseOf = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1))

/** One connection (several statements per query allowed), closed after `use`. */
export const withConnection = async <A>(
  url: string,
  use: (connection: Connection) => Promise<A>,
) => {
  const connection = await createConnection({ uri: url, multipleStatements: true })
  try {
    return await use(connection)
  } finally {
    await connection.end()
  }
}

export const createMysqlDatabase = (adminUrl: string, name: string) =>
  withConnection(adminUrl, (c) => c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`))

export const dropMysqlDatabase = (adminUrl: string, name: string) =>
  withConnection(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS \`${name}\``))

/** Database `database`'s tables, in name order, each with its `CREATE TABLE` statement. */
export const tableDefinitions = (adminUrl: string, database: string) =>
  withConnection(adminUrl, async (c) => {
    const [rows] = await c.query(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name",
      [database],
    )
    const found: Array<TableDefinition> = []
    for (const { name } of rows as Array<{ name: string }>) {
      const [shown] = await c.query(`SHOW CREATE TABLE \`${database}\`.\`${name}\``)
      const create = (shown as Array<Record<string, string>>)[0]?.["Create Table"]
      if (!create) throw new Error(`no CREATE TABLE for ${database}.${name}`)
      found.push({ name, create })
    }
    return found
  })

/** The statements that create database `name` with `tables` (foreign keys checked only later). */
export const createWithTablesStatements = (
  name: string,
  tables: ReadonlyArray<TableDefinition>,
): ReadonlyArray<string> => [
  `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`,
  `USE \`${name}\``,
  "SET FOREIGN_KEY_CHECKS = 0",
  ...tables.map((t) => t.create),
  "SET FOREIGN_KEY_CHECKS = 1",
]

/** The statements that empty `to`'s `tables` and fill them with `from`'s rows. */
export const refillStatements = (
  from: string,
  to: string,
  tables: ReadonlyArray<TableDefinition>,
): ReadonlyArray<string> => [
  "SET FOREIGN_KEY_CHECKS = 0",
  ...tables.map((t) => `DELETE FROM \`${to}\`.\`${t.name}\``),
  ...tables.map(
    (t) => `INSERT INTO \`${to}\`.\`${t.name}\` SELECT * FROM \`${from}\`.\`${t.name}\``,
  ),
  "SET FOREIGN_KEY_CHECKS = 1",
]

/** Creates database `name` with `tables`, in one round trip. */
export const createWithTables = (
  adminUrl: string,
  name: string,
  tables: ReadonlyArray<TableDefinition>,
) => withConnection(adminUrl, (c) => c.query(createWithTablesStatements(name, tables).join(";\n")))

/** Empties `to`'s `tables` and fills them with `from`'s rows, in one round trip. */
export const refill = (
  adminUrl: string,
  from: string,
  to: string,
  tables: ReadonlyArray<TableDefinition>,
) => withConnection(adminUrl, (c) => c.query(refillStatements(from, to, tables).join(";\n")))
