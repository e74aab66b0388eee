import { sqlMigration } from "./sql-migration.ts"

/**
 * Notification mail (issue 24): `mail_outbox.unsubscribe_url` keeps the one-click unsubscribe
 * address of a mail a switch governs (sent as the RFC 8058 List-Unsubscribe header), and
 * `known_devices` the browsers (device cookie digests) each member has signed in from, so a
 * sign-in from a new one is mailed. SQL as the table mappings describe it (tests/contract/schema
 * checks nothing is left).
 */
const SQL = {
  sqlite: {
    up: [
      'ALTER TABLE "mail_outbox" ADD COLUMN "unsubscribe_url" varchar(500)',
      'CREATE TABLE "known_devices" ("member_id" varchar(36) NOT NULL, "device_hash" varchar(64) NOT NULL, "first_seen_at" bigint NOT NULL, CONSTRAINT "FK_known_devices_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("member_id", "device_hash"))',
    ],
    down: ['DROP TABLE "known_devices"', 'ALTER TABLE "mail_outbox" DROP COLUMN "unsubscribe_url"'],
  },
  mysql: {
    up: [
      "ALTER TABLE `mail_outbox` ADD `unsubscribe_url` varchar(500) NULL",
      "CREATE TABLE `known_devices` (`member_id` varchar(36) NOT NULL, `device_hash` varchar(64) NOT NULL, `first_seen_at` bigint NOT NULL, PRIMARY KEY (`member_id`, `device_hash`)) ENGINE=InnoDB",
      "ALTER TABLE `known_devices` ADD CONSTRAINT `FK_known_devices_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `known_devices` DROP FOREIGN KEY `FK_known_devices_member`",
      "DROP TABLE `known_devices`",
      "ALTER TABLE `mail_outbox` DROP COLUMN `unsubscribe_url`",
    ],
  },
} as const

export const NotificationMailSqlite = sqlMigration("NotificationMail1766793600000", SQL, "sqlite")
export const NotificationMailMysql = sqlMigration("NotificationMail1766793600000", SQL, "mysql")
