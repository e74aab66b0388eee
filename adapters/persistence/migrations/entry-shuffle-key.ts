import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 8 (random order that scales, issue 20): each entry's place on the ring the gallery's
 * "random" order walks (`shuffle_key`, CRC-32 of the id, see shuffleWalk), indexed alone and per
 * contest, so a page after a cursor is an index seek instead of ranking every visible entry.
 * Existing rows get their key from the id with the same CRC32 (built into MySQL / MariaDB,
 * registered on the SQLite connection before migrations run). SQL as the table mappings describe
 * it (tests/contract/schema checks that nothing is left to diff).
 */
const SQL = {
  sqlite: {
    up: [
      'ALTER TABLE "entries" ADD COLUMN "shuffle_key" bigint NOT NULL DEFAULT (0)',
      'UPDATE "entries" SET "shuffle_key" = CRC32("id")',
      'CREATE INDEX "IDX_entries_shuffle" ON "entries" ("shuffle_key", "id")',
      'CREATE INDEX "IDX_entries_contest_shuffle" ON "entries" ("contest_id", "shuffle_key", "id")',
    ],
    down: [
      'DROP INDEX "IDX_entries_contest_shuffle"',
      'DROP INDEX "IDX_entries_shuffle"',
      'ALTER TABLE "entries" DROP COLUMN "shuffle_key"',
    ],
  },
  mysql: {
    up: [
      "ALTER TABLE `entries` ADD `shuffle_key` bigint NOT NULL DEFAULT '0'",
      "UPDATE `entries` SET `shuffle_key` = CRC32(`id`)",
      "CREATE INDEX `IDX_entries_shuffle` ON `entries` (`shuffle_key`, `id`)",
      "CREATE INDEX `IDX_entries_contest_shuffle` ON `entries` (`contest_id`, `shuffle_key`, `id`)",
    ],
    down: [
      "DROP INDEX `IDX_entries_contest_shuffle` ON `entries`",
      "DROP INDEX `IDX_entries_shuffle` ON `entries`",
      "ALTER TABLE `entries` DROP COLUMN `shuffle_key`",
    ],
  },
} as const

export const EntryShuffleKeySqlite = sqlMigration("EntryShuffleKey1766102400000", SQL, "sqlite")
export const EntryShuffleKeyMysql = sqlMigration("EntryShuffleKey1766102400000", SQL, "mysql")
