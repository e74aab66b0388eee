import { sqlMigration } from "./sql-migration.ts"

/**
 * Web Push and the bell list (issue 24): `notifications` (one row per member, kind and period:
 * the bell list, and the outbox of each one's push) and `push_subscriptions` (one row per
 * browser, keyed by its endpoint's SHA-256). SQL as the table mappings describe it
 * (tests/contract/schema checks nothing is left).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "notifications" ("id" varchar(36) PRIMARY KEY NOT NULL, "member_id" varchar(36) NOT NULL, "kind" varchar(24) NOT NULL, "period" varchar(64) NOT NULL, "title" varchar(200) NOT NULL, "body" varchar(500) NOT NULL, "url" varchar(300) NOT NULL, "created_at" bigint NOT NULL, "read_at" bigint, "push_state" varchar(8) NOT NULL, CONSTRAINT "UQ_notifications_member_kind_period" UNIQUE ("member_id", "kind", "period"), CONSTRAINT "FK_notifications_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE INDEX "IDX_notifications_member" ON "notifications" ("member_id", "created_at") ',
      'CREATE INDEX "IDX_notifications_push" ON "notifications" ("push_state", "created_at") ',
      'CREATE TABLE "push_subscriptions" ("endpoint_hash" varchar(64) PRIMARY KEY NOT NULL, "endpoint" varchar(1000) NOT NULL, "member_id" varchar(36) NOT NULL, "p256dh" varchar(100) NOT NULL, "auth" varchar(32) NOT NULL, "created_at" bigint NOT NULL, CONSTRAINT "FK_push_subscriptions_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE INDEX "IDX_push_subscriptions_member" ON "push_subscriptions" ("member_id") ',
    ],
    down: ['DROP TABLE "push_subscriptions"', 'DROP TABLE "notifications"'],
  },
  mysql: {
    up: [
      "CREATE TABLE `notifications` (`id` varchar(36) NOT NULL, `member_id` varchar(36) NOT NULL, `kind` varchar(24) NOT NULL, `period` varchar(64) NOT NULL, `title` varchar(200) NOT NULL, `body` varchar(500) NOT NULL, `url` varchar(300) NOT NULL, `created_at` bigint NOT NULL, `read_at` bigint NULL, `push_state` varchar(8) NOT NULL, INDEX `IDX_notifications_member` (`member_id`, `created_at`), INDEX `IDX_notifications_push` (`push_state`, `created_at`), UNIQUE INDEX `UQ_notifications_member_kind_period` (`member_id`, `kind`, `period`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "CREATE TABLE `push_subscriptions` (`endpoint_hash` varchar(64) NOT NULL, `endpoint` varchar(1000) NOT NULL, `member_id` varchar(36) NOT NULL, `p256dh` varchar(100) NOT NULL, `auth` varchar(32) NOT NULL, `created_at` bigint NOT NULL, INDEX `IDX_push_subscriptions_member` (`member_id`), PRIMARY KEY (`endpoint_hash`)) ENGINE=InnoDB",
      "ALTER TABLE `notifications` ADD CONSTRAINT `FK_notifications_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
      "ALTER TABLE `push_subscriptions` ADD CONSTRAINT `FK_push_subscriptions_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `push_subscriptions` DROP FOREIGN KEY `FK_push_subscriptions_member`",
      "ALTER TABLE `notifications` DROP FOREIGN KEY `FK_notifications_member`",
      "DROP TABLE `push_subscriptions`",
      "DROP TABLE `notifications`",
    ],
  },
} as const

export const WebPushAndBellListSqlite = sqlMigration(
  "WebPushAndBellList1767000200000",
  SQL,
  "sqlite",
)
export const WebPushAndBellListMysql = sqlMigration("WebPushAndBellList1767000200000", SQL, "mysql")
