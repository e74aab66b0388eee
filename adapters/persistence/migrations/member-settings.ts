import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 4 (member settings): each member's saved settings in a table of their own
 * (`member_settings`, one row per member who saved them, the JSON of the settings object), so
 * saving a profile — an upsert of the whole member row — can never overwrite them. The members
 * table's old `settings` column stays, unused. SQL as the table mappings describe it
 * (tests/contract/schema checks that nothing is left to diff).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "member_settings" ("member_id" varchar(36) PRIMARY KEY NOT NULL, "settings" text NOT NULL, "updated_at" bigint NOT NULL, CONSTRAINT "FK_member_settings_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
    ],
    down: ['DROP TABLE "member_settings"'],
  },
  mysql: {
    up: [
      "CREATE TABLE `member_settings` (`member_id` varchar(36) NOT NULL, `settings` text NOT NULL, `updated_at` bigint NOT NULL, PRIMARY KEY (`member_id`)) ENGINE=InnoDB",
      "ALTER TABLE `member_settings` ADD CONSTRAINT `FK_member_settings_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `member_settings` DROP FOREIGN KEY `FK_member_settings_member`",
      "DROP TABLE `member_settings`",
    ],
  },
} as const

export const MemberSettingsSqlite = sqlMigration("MemberSettings1764460800000", SQL, "sqlite")
export const MemberSettingsMysql = sqlMigration("MemberSettings1764460800000", SQL, "mysql")
