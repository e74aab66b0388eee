import { cp, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createConnection } from "mysql2/promise"

/**
 * Databases for the CLI suites: an empty one (no tables) and copies of a template — a database
 * migrated and seeded once, through the CLI itself, then copied for every test that needs that
 * state, so no test migrates or seeds what another has already built, and none sees another's
 * rows. SQLite: the data folder is copied (the file, with its images beside it). MySQL/MariaDB: a
 * new database whose tables are created from the template's own `SHOW CREATE TABLE` (foreign keys
 * included, which `CREATE TABLE … LIKE` would drop) and filled with `INSERT … SELECT`, in one
 * round trip; the images folder is copied as on SQLite.
 */

export type BackendName = "sqlite" | "mysql"

export interface TestDatabase {
  readonly backend: BackendName
  /** DATA_DIR: the SQLite file and the images. */
  readonly dataDir: string
  /** Set on MySQL: this database's URL. */
  readonly databaseUrl: string | undefined
  /** The environment the CLI runs with on it: the caller's, with DATA_DIR and DATABASE_URL. */
  readonly env: NodeJS.ProcessEnv
  readonly drop: () => Promise<void>
}

const uniqueName = () => `colorday_cli_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`

/** The caller's environment without a database of its own, and no colours. */
const baseEnv = (): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _inherited, DATA_DIR: _dir, ...rest } = process.env
  return { ...rest, NO_COLOR: "1" }
}

const scopedUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const nameOf = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1))

const make = (
  backend: BackendName,
  dataDir: string,
  adminUrl: string | undefined,
  name: string | undefined,
): TestDatabase => {
  const databaseUrl = adminUrl && name ? scopedUrl(adminUrl, name) : undefined
  return {
    backend,
    dataDir,
    databaseUrl,
    env: { ...baseEnv(), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    drop: async () => {
      if (adminUrl && name) {
        const connection = await createConnection(adminUrl)
        try {
          await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
        } finally {
          await connection.end()
        }
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** An empty database: no tables yet (on MySQL, a new database named for this test). */
export const emptyDatabase = async (
  backend: BackendName,
  mysqlUrl: string | undefined,
): Promise<TestDatabase> => {
  const dataDir = await mkdtemp(join(tmpdir(), `colorday-cli-${backend}-`))
  if (backend === "sqlite") return make(backend, dataDir, undefined, undefined)
  if (!mysqlUrl) throw new Error("the mysql backend needs MYSQL_URL")
  const name = uniqueName()
  const connection = await createConnection(mysqlUrl)
  try {
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
  } finally {
    await connection.end()
  }
  return make(backend, dataDir, mysqlUrl, name)
}

/** Each MySQL template's CREATE TABLE statements, read once. */
const tableDefinitions = new Map<string, ReadonlyArray<{ name: string; create: string }>>()

const definitionsOf = async (
  connection: Awaited<ReturnType<typeof createConnection>>,
  template: string,
) => {
  const known = tableDefinitions.get(template)
  if (known) return known
  const [rows] = await connection.query(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE' ORDER BY table_name",
    [template],
  )
  const definitions = []
  for (const { name } of rows as Array<{ name: string }>) {
    const [shown] = await connection.query(`SHOW CREATE TABLE \`${template}\`.\`${name}\``)
    const create = (shown as Array<Record<string, string>>)[0]?.["Create Table"]
    if (!create) throw new Error(`no CREATE TABLE for ${template}.${name}`)
    definitions.push({ name, create })
  }
  tableDefinitions.set(template, definitions)
  return definitions
}

/**
 * A copy of `template`, rows and files, as a database of its own. The template must not be in
 * use (every CLI run closes its connections before it returns).
 */
export const copyDatabase = async (
  template: TestDatabase,
  mysqlUrl: string | undefined,
): Promise<TestDatabase> => {
  const dataDir = await mkdtemp(join(tmpdir(), `colorday-cli-${template.backend}-`))
  await cp(template.dataDir, dataDir, { recursive: true })
  if (template.backend === "sqlite") return make("sqlite", dataDir, undefined, undefined)
  if (!mysqlUrl || !template.databaseUrl) throw new Error("the mysql backend needs MYSQL_URL")
  const source = nameOf(template.databaseUrl)
  const name = uniqueName()
  const connection = await createConnection({ uri: mysqlUrl, multipleStatements: true })
  try {
    const tables = await definitionsOf(connection, source)
    await connection.query(
      [
        `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`,
        `USE \`${name}\``,
        "SET FOREIGN_KEY_CHECKS = 0",
        ...tables.map((table) => table.create),
        ...tables.map(
          (table) => `INSERT INTO \`${table.name}\` SELECT * FROM \`${source}\`.\`${table.name}\``,
        ),
        "SET FOREIGN_KEY_CHECKS = 1",
      ].join(";\n"),
    )
  } finally {
    await connection.end()
  }
  return make("mysql", dataDir, mysqlUrl, name)
}
