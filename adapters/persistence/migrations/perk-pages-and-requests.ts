import { sqlMigration } from "./sql-migration.ts"

/**
 * Tier perks (issue 19): `premium_pages`, the weekly premium line art page (one per ISO week, the
 * week its key), and `line_art_requests`, Color Champ members' custom line art requests with
 * the admin's answer (status, the reason of a decline, the contest that fulfilled it). SQL as
 * the table mappings in perk-tables.ts describe it (tests/contract/schema checks nothing is left).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "premium_pages" ("week" varchar(8) PRIMARY KEY NOT NULL, "title" varchar(120) NOT NULL, "line_art" varchar(255) NOT NULL, "uploaded_by" varchar(36), "uploaded_at" bigint NOT NULL)',
      'CREATE TABLE "line_art_requests" ("id" varchar(36) PRIMARY KEY NOT NULL, "member_id" varchar(36) NOT NULL, "brief" text NOT NULL, "reference" varchar(255), "status" varchar(16) NOT NULL, "decline_reason" text, "contest_id" varchar(36), "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "FK_line_art_requests_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE INDEX "IDX_line_art_requests_member" ON "line_art_requests" ("member_id", "created_at") ',
      'CREATE INDEX "IDX_line_art_requests_status" ON "line_art_requests" ("status", "created_at") ',
    ],
    down: [
      'DROP INDEX "IDX_line_art_requests_status"',
      'DROP INDEX "IDX_line_art_requests_member"',
      'DROP TABLE "line_art_requests"',
      'DROP TABLE "premium_pages"',
    ],
  },
  mysql: {
    up: [
      "CREATE TABLE `premium_pages` (`week` varchar(8) NOT NULL, `title` varchar(120) NOT NULL, `line_art` varchar(255) NOT NULL, `uploaded_by` varchar(36) NULL, `uploaded_at` bigint NOT NULL, PRIMARY KEY (`week`)) ENGINE=InnoDB",
      "CREATE TABLE `line_art_requests` (`id` varchar(36) NOT NULL, `member_id` varchar(36) NOT NULL, `brief` text NOT NULL, `reference` varchar(255) NULL, `status` varchar(16) NOT NULL, `decline_reason` text NULL, `contest_id` varchar(36) NULL, `created_at` bigint NOT NULL, `updated_at` bigint NOT NULL, INDEX `IDX_line_art_requests_member` (`member_id`, `created_at`), INDEX `IDX_line_art_requests_status` (`status`, `created_at`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "ALTER TABLE `line_art_requests` ADD CONSTRAINT `FK_line_art_requests_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `line_art_requests` DROP FOREIGN KEY `FK_line_art_requests_member`",
      "DROP TABLE `line_art_requests`",
      "DROP TABLE `premium_pages`",
    ],
  },
} as const

export const PerkPagesAndRequestsSqlite = sqlMigration(
  "PerkPagesAndRequests1766448000000",
  SQL,
  "sqlite",
)
export const PerkPagesAndRequestsMysql = sqlMigration(
  "PerkPagesAndRequests1766448000000",
  SQL,
  "mysql",
)
