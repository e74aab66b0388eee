import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 11 (issue 19): `site_settings`, the settings the admin changes for the whole site,
 * one row per setting (`name`, its JSON `value`, when it was last changed), first the daily
 * default prize; and `contests.subscribers_only`, a contest only paid plans may enter (false on
 * every existing contest). SQL as the table mappings describe it (tests/contract/schema checks).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "site_settings" ("name" varchar(64) PRIMARY KEY NOT NULL, "value" text NOT NULL, "updated_at" bigint NOT NULL)',
      'ALTER TABLE "contests" ADD "subscribers_only" boolean NOT NULL DEFAULT (0)',
    ],
    down: ['ALTER TABLE "contests" DROP COLUMN "subscribers_only"', 'DROP TABLE "site_settings"'],
  },
  mysql: {
    up: [
      "CREATE TABLE `site_settings` (`name` varchar(64) NOT NULL, `value` text NOT NULL, `updated_at` bigint NOT NULL, PRIMARY KEY (`name`)) ENGINE=InnoDB",
      "ALTER TABLE `contests` ADD `subscribers_only` tinyint NOT NULL DEFAULT 0",
    ],
    down: ["ALTER TABLE `contests` DROP COLUMN `subscribers_only`", "DROP TABLE `site_settings`"],
  },
} as const

export const SiteSettingsAndSubscriberContestsSqlite = sqlMigration(
  "SiteSettingsAndSubscriberContests1766361600000",
  SQL,
  "sqlite",
)
export const SiteSettingsAndSubscriberContestsMysql = sqlMigration(
  "SiteSettingsAndSubscriberContests1766361600000",
  SQL,
  "mysql",
)
