import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 9 (monthly drawings, issue 19): `drawings`, one per month and paid tier (the commitment,
 * the seed kept secret until the draw, the entrant list, its hash and the winner), and
 * `drawing_entries`, the free-route entries, one per member and month. SQL as the table mappings
 * describe it (tests/contract/schema checks that nothing is left to diff).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "drawings" ("id" varchar(36) PRIMARY KEY NOT NULL, "month" varchar(7) NOT NULL, "tier" varchar(16) NOT NULL, "prize_cents" integer NOT NULL DEFAULT (0), "status" varchar(16) NOT NULL, "commitment" varchar(64) NOT NULL, "seed" varchar(64) NOT NULL, "entrants" text, "list_hash" varchar(64), "winner_id" varchar(36), "committed_at" bigint NOT NULL, "drawn_at" bigint, "paid_at" bigint, CONSTRAINT "UQ_drawings_month_tier" UNIQUE ("month", "tier"))',
      'CREATE TABLE "drawing_entries" ("member_id" varchar(36) NOT NULL, "month" varchar(7) NOT NULL, "requested_at" bigint NOT NULL, CONSTRAINT "FK_drawing_entries_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("member_id", "month"))',
      'CREATE INDEX "IDX_drawing_entries_month" ON "drawing_entries" ("month") ',
    ],
    down: [
      'DROP INDEX "IDX_drawing_entries_month"',
      'DROP TABLE "drawing_entries"',
      'DROP TABLE "drawings"',
    ],
  },
  mysql: {
    up: [
      "CREATE TABLE `drawings` (`id` varchar(36) NOT NULL, `month` varchar(7) NOT NULL, `tier` varchar(16) NOT NULL, `prize_cents` int NOT NULL DEFAULT '0', `status` varchar(16) NOT NULL, `commitment` varchar(64) NOT NULL, `seed` varchar(64) NOT NULL, `entrants` text NULL, `list_hash` varchar(64) NULL, `winner_id` varchar(36) NULL, `committed_at` bigint NOT NULL, `drawn_at` bigint NULL, `paid_at` bigint NULL, UNIQUE INDEX `UQ_drawings_month_tier` (`month`, `tier`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "CREATE TABLE `drawing_entries` (`member_id` varchar(36) NOT NULL, `month` varchar(7) NOT NULL, `requested_at` bigint NOT NULL, INDEX `IDX_drawing_entries_month` (`month`), PRIMARY KEY (`member_id`, `month`)) ENGINE=InnoDB",
      "ALTER TABLE `drawing_entries` ADD CONSTRAINT `FK_drawing_entries_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `drawing_entries` DROP FOREIGN KEY `FK_drawing_entries_member`",
      "DROP TABLE `drawing_entries`",
      "DROP TABLE `drawings`",
    ],
  },
} as const

export const DrawingsSqlite = sqlMigration("Drawings1766188800000", SQL, "sqlite")
export const DrawingsMysql = sqlMigration("Drawings1766188800000", SQL, "mysql")
