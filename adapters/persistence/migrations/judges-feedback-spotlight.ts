import { sqlMigration } from "./sql-migration.ts"

/**
 * Professional feedback and the Spotlight (issue 19): `members.is_judge` (the judge role, given
 * like the admin role), `entry_feedback` (one per judge and entry, gone with the entry) and
 * `spotlights` (an entry featured on the home page between starts_at and ends_at). SQL as the
 * table mappings describe it (tests/contract/schema checks that nothing is left to diff).
 */
const SQL = {
  sqlite: {
    up: [
      'ALTER TABLE "members" ADD "is_judge" boolean NOT NULL DEFAULT (0)',
      'CREATE TABLE "entry_feedback" ("id" varchar(36) PRIMARY KEY NOT NULL, "entry_id" varchar(36) NOT NULL, "judge_id" varchar(36) NOT NULL, "text" text NOT NULL, "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "UQ_entry_feedback_entry_judge" UNIQUE ("entry_id", "judge_id"), CONSTRAINT "FK_entry_feedback_entry" FOREIGN KEY ("entry_id") REFERENCES "entries" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE TABLE "spotlights" ("id" varchar(36) PRIMARY KEY NOT NULL, "entry_id" varchar(36) NOT NULL, "starts_at" bigint NOT NULL, "ends_at" bigint NOT NULL, "created_by" varchar(36), "created_at" bigint NOT NULL, CONSTRAINT "FK_spotlights_entry" FOREIGN KEY ("entry_id") REFERENCES "entries" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE INDEX "IDX_spotlights_ends_at" ON "spotlights" ("ends_at") ',
    ],
    down: [
      'DROP INDEX "IDX_spotlights_ends_at"',
      'DROP TABLE "spotlights"',
      'DROP TABLE "entry_feedback"',
      'ALTER TABLE "members" DROP COLUMN "is_judge"',
    ],
  },
  mysql: {
    up: [
      "ALTER TABLE `members` ADD `is_judge` tinyint NOT NULL DEFAULT 0",
      "CREATE TABLE `entry_feedback` (`id` varchar(36) NOT NULL, `entry_id` varchar(36) NOT NULL, `judge_id` varchar(36) NOT NULL, `text` text NOT NULL, `created_at` bigint NOT NULL, `updated_at` bigint NOT NULL, UNIQUE INDEX `UQ_entry_feedback_entry_judge` (`entry_id`, `judge_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "CREATE TABLE `spotlights` (`id` varchar(36) NOT NULL, `entry_id` varchar(36) NOT NULL, `starts_at` bigint NOT NULL, `ends_at` bigint NOT NULL, `created_by` varchar(36) NULL, `created_at` bigint NOT NULL, INDEX `IDX_spotlights_ends_at` (`ends_at`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "ALTER TABLE `entry_feedback` ADD CONSTRAINT `FK_entry_feedback_entry` FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
      "ALTER TABLE `spotlights` ADD CONSTRAINT `FK_spotlights_entry` FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `spotlights` DROP FOREIGN KEY `FK_spotlights_entry`",
      "ALTER TABLE `entry_feedback` DROP FOREIGN KEY `FK_entry_feedback_entry`",
      "DROP TABLE `spotlights`",
      "DROP TABLE `entry_feedback`",
      "ALTER TABLE `members` DROP COLUMN `is_judge`",
    ],
  },
} as const

export const JudgesFeedbackSpotlightSqlite = sqlMigration(
  "JudgesFeedbackSpotlight1766534400000",
  SQL,
  "sqlite",
)
export const JudgesFeedbackSpotlightMysql = sqlMigration(
  "JudgesFeedbackSpotlight1766534400000",
  SQL,
  "mysql",
)
