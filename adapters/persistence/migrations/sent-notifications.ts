import { sqlMigration } from "./sql-migration.ts"

/**
 * The scheduled mails' ledger (issue 24): `sent_notifications`, one row per (member, kind, period)
 * a contest announcement or weekly summary was queued for, so none is sent twice. SQL as the table
 * mapping in sent-notification-repository.ts describes it (tests/contract/schema checks it).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "sent_notifications" ("member_id" varchar(36) NOT NULL, "kind" varchar(32) NOT NULL, "period" varchar(36) NOT NULL, "sent_at" bigint NOT NULL, CONSTRAINT "FK_sent_notifications_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("member_id", "kind", "period"))',
      'CREATE INDEX "IDX_sent_notifications_kind_period" ON "sent_notifications" ("kind", "period") ',
    ],
    down: ['DROP INDEX "IDX_sent_notifications_kind_period"', 'DROP TABLE "sent_notifications"'],
  },
  mysql: {
    up: [
      "CREATE TABLE `sent_notifications` (`member_id` varchar(36) NOT NULL, `kind` varchar(32) NOT NULL, `period` varchar(36) NOT NULL, `sent_at` bigint NOT NULL, INDEX `IDX_sent_notifications_kind_period` (`kind`, `period`), PRIMARY KEY (`member_id`, `kind`, `period`)) ENGINE=InnoDB",
      "ALTER TABLE `sent_notifications` ADD CONSTRAINT `FK_sent_notifications_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `sent_notifications` DROP FOREIGN KEY `FK_sent_notifications_member`",
      "DROP TABLE `sent_notifications`",
    ],
  },
} as const

export const SentNotificationsSqlite = sqlMigration("SentNotifications1767000300000", SQL, "sqlite")
export const SentNotificationsMysql = sqlMigration("SentNotifications1767000300000", SQL, "mysql")
