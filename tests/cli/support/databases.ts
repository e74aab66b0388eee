import { cp, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  createMysqlDatabase,
  createWithTables,
  databaseOf,
  dropMysqlDatabase,
  refill as refillTables,
  scopedUrl,
  type TableDefinition,
  tableDefinitions,
  uniqueDatabaseName,
} from "../../support/mysql-databases.ts"

/**
 * Databases for the CLI suites: empty ones (no tables), and templates — a database migrated and
 * seeded once, through the CLI itself, kept stage by stage — that each test starts from, so no
 * test migrates or seeds what another has already built, and none sees another's rows.
 *
 * SQLite: a template is a copy of the data folder (the file, with its images beside it), and each
 * test gets a copy of it. MySQL/MariaDB: creating tables is what costs (about a second for the
 * schema), so the tables are created once per template (from the working database's own
 * `SHOW CREATE TABLE`, foreign keys included, which `CREATE TABLE … LIKE` would drop) and tests
 * take turns on one working database: each starts by emptying its tables and filling them from
 * the template with `INSERT … SELECT` (milliseconds); its images folder is a copy, as on SQLite.
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

const uniqueName = () => uniqueDatabaseName("colorday_cli")

/** The caller's environment without a database of its own, and no colours. */
const baseEnv = (): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _inherited, DATA_DIR: _dir, ...rest } = process.env
  return { ...rest, NO_COLOR: "1" }
}

const dropMysql = dropMysqlDatabase

const testDatabase = (
  backend: BackendName,
  dataDir: string,
  databaseUrl: string | undefined,
  drop: () => Promise<void>,
): TestDatabase => ({
  backend,
  dataDir,
  databaseUrl,
  env: { ...baseEnv(), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
  drop,
})

const tempDir = (backend: BackendName) => mkdtemp(join(tmpdir(), `colorday-cli-${backend}-`))

/** An empty database of its own: no tables yet (on MySQL, a new database). */
export const emptyDatabase = async (
  backend: BackendName,
  mysqlUrl: string | undefined,
): Promise<TestDatabase> => {
  const dataDir = await tempDir(backend)
  const removeDir = () => rm(dataDir, { recursive: true, force: true })
  if (backend === "sqlite") return testDatabase(backend, dataDir, undefined, removeDir)
  if (!mysqlUrl) throw new Error("the mysql backend needs MYSQL_URL")
  const name = uniqueName()
  await createMysqlDatabase(mysqlUrl, name)
  return testDatabase(backend, dataDir, scopedUrl(mysqlUrl, name), async () => {
    await dropMysql(mysqlUrl, name)
    await removeDir()
  })
}

export interface TemplateStore {
  /** Where the templates are built: an empty database, for the caller to migrate and seed. */
  readonly building: TestDatabase
  /** Keeps the building database's rows and files, as they are now, as template `name`. */
  readonly save: (name: string) => Promise<void>
  /** A database with template `name`'s rows and files, for one test (one at a time on MySQL). */
  readonly copy: (name: string) => Promise<TestDatabase>
  readonly drop: () => Promise<void>
}

/** Templates on SQLite: data folders, copied whole. */
const sqliteTemplates = async (): Promise<TemplateStore> => {
  const building = await emptyDatabase("sqlite", undefined)
  const root = await tempDir("sqlite")
  return {
    building,
    save: (name) => cp(building.dataDir, join(root, name), { recursive: true }),
    copy: async (name) => {
      const dataDir = await tempDir("sqlite")
      await cp(join(root, name), dataDir, { recursive: true })
      return testDatabase("sqlite", dataDir, undefined, () =>
        rm(dataDir, { recursive: true, force: true }),
      )
    },
    drop: async () => {
      await building.drop()
      await rm(root, { recursive: true, force: true })
    },
  }
}

/** Templates on MySQL: a database per template, refilled into the working one per test. */
const mysqlTemplates = async (
  mysqlUrl: string,
  names: ReadonlyArray<string>,
): Promise<TemplateStore> => {
  const building = await emptyDatabase("mysql", mysqlUrl)
  const working = databaseOf(building.databaseUrl ?? "")
  const files = await tempDir("mysql")
  let inUse = false

  /** The working database's tables, as migrated: read on the first save. */
  let tables: Promise<ReadonlyArray<TableDefinition>> | undefined
  const tablesOf = () => (tables ??= tableDefinitions(mysqlUrl, working))

  const templateName = (name: string) => `${working}_${name.replace(/\W/g, "_")}`

  /** Each template's database with the working one's tables, created once. */
  const creations = new Map<string, Promise<void>>()
  const created = (name: string) => {
    let creation = creations.get(name)
    if (!creation) {
      creation = tablesOf().then(async (definitions) => {
        await createWithTables(mysqlUrl, templateName(name), definitions)
      })
      creations.set(name, creation)
    }
    return creation
  }

  /** Empties `to`'s tables and fills them with `from`'s rows, in one round trip. */
  const refill = async (from: string, to: string) => {
    await refillTables(mysqlUrl, from, to, await tablesOf())
  }

  return {
    building,
    save: async (name) => {
      // Every template's tables at once, on the first save (DDL is what takes time); each
      // failure surfaces at its own template's save.
      for (const other of names) created(other).catch(() => undefined)
      await created(name)
      await refill(working, templateName(name))
      await rm(join(files, name), { recursive: true, force: true })
      await cp(building.dataDir, join(files, name), { recursive: true })
    },
    copy: async (name) => {
      if (!creations.has(name)) throw new Error(`no template ${name}`)
      // One test at a time: the next one refills the tables this one is using.
      if (inUse) throw new Error("the working MySQL database is in use by another test")
      inUse = true
      await refill(templateName(name), working)
      const dataDir = await tempDir("mysql")
      await cp(join(files, name), dataDir, { recursive: true })
      return testDatabase("mysql", dataDir, building.databaseUrl, async () => {
        inUse = false
        await rm(dataDir, { recursive: true, force: true })
      })
    },
    drop: async () => {
      await Promise.allSettled(creations.values())
      for (const name of creations.keys()) await dropMysql(mysqlUrl, templateName(name))
      await building.drop()
      await rm(files, { recursive: true, force: true })
    },
  }
}

/**
 * A backend's templates, named `names` (each saved once, in that order), built in `building` by
 * the caller and kept with `save`.
 */
export const templateStore = (
  backend: BackendName,
  mysqlUrl: string | undefined,
  names: ReadonlyArray<string>,
): Promise<TemplateStore> => {
  if (backend === "sqlite") return sqliteTemplates()
  if (!mysqlUrl) throw new Error("the mysql backend needs MYSQL_URL")
  return mysqlTemplates(mysqlUrl, names)
}
