import type { Command } from "commander"
import { Effect } from "effect"
import { Database } from "../adapters/persistence/database.ts"
import { fields } from "./format.ts"
import { type JsonOption, outputOf } from "./options.ts"
import { runCommand } from "./run.ts"

const list = (names: ReadonlyArray<string>) => names.map((name) => `  ${name}`).join("\n")

export const registerDb = (program: Command): void => {
  const db = program.command("db").description("the database: migrations and their status")

  db.command("migrate")
    .description("applies every pending migration")
    .option("--json", "print the result as JSON")
    .action(async (options: JsonOption) => {
      await runCommand(
        Effect.gen(function* () {
          const database = yield* Database
          const applied = yield* database.migrate
          return { database: database.describe, applied }
        }),
        outputOf(options),
        ({ database, applied }) =>
          applied.length === 0
            ? `${database}: up to date, no migration to apply`
            : `${database}: applied ${applied.length} migration(s)\n${list(applied)}`,
      )
    })

  db.command("status")
    .description("lists applied and pending migrations")
    .option("--json", "print the result as JSON")
    .action(async (options: JsonOption) => {
      await runCommand(
        Effect.gen(function* () {
          const database = yield* Database
          const status = yield* database.status
          return { database: database.describe, ...status }
        }),
        outputOf(options),
        ({ database, applied, pending }) =>
          [
            fields([
              ["database", database],
              ["applied", applied.length],
              ["pending", pending.length],
            ]),
            ...(pending.length > 0 ? [`pending migrations:\n${list(pending)}`] : []),
          ].join("\n"),
      )
    })
}
