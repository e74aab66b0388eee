import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { createConnection } from "mysql2/promise"
import { layerMemory } from "../../../adapters/memory/memory.layers.ts"
import type { Database } from "../../../adapters/persistence/database.ts"
import { layerPersistence } from "../../../adapters/persistence/persistence.layer.ts"

/**
 * The backends every contract suite runs against: memory, SQLite (a temporary file) and, when
 * MYSQL_URL is set, MySQL/MariaDB (a fresh database per suite, dropped afterwards).
 */
export type Services = Exclude<Layer.Success<ReturnType<typeof layerPersistence>>, Database>
export type Backend = {
  readonly name: "memory" | "sqlite" | "mysql"
  readonly layer: () => Layer.Layer<Services, never>
}

export const sqliteLayer = () =>
  Layer.unwrap(
    Effect.acquireRelease(
      Effect.sync(() => mkdtempSync(join(tmpdir(), "colorday-contract-"))),
      (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })),
    ).pipe(
      Effect.map((dir) =>
        layerPersistence({ sqliteFile: join(dir, "colorday.sqlite"), migrate: true }),
      ),
    ),
  )

export const MYSQL_URL = process.env.MYSQL_URL

export const mysqlLayer = (url: string) =>
  Layer.unwrap(
    Effect.acquireRelease(
      Effect.promise(async () => {
        const name = `colorday_t_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
        const connection = await createConnection(url)
        await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
        await connection.end()
        const scoped = new URL(url)
        scoped.pathname = `/${name}`
        return { name, url: scoped.toString() }
      }),
      ({ name }) =>
        Effect.promise(async () => {
          const connection = await createConnection(url)
          await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
          await connection.end()
        }),
    ).pipe(
      Effect.map(({ url: scoped }) => layerPersistence({ databaseUrl: scoped, migrate: true })),
    ),
  )

export const backends: ReadonlyArray<Backend> = [
  { name: "memory", layer: () => layerMemory },
  { name: "sqlite", layer: sqliteLayer },
  ...(MYSQL_URL ? [{ name: "mysql" as const, layer: () => mysqlLayer(MYSQL_URL) }] : []),
]

if (!MYSQL_URL) {
  console.warn(
    "\n!!! MYSQL_URL is not set: the contract suites skip MySQL/MariaDB. " +
      "Set MYSQL_URL=mysql://root@127.0.0.1:3306/test to run them (CI does).\n",
  )
}
