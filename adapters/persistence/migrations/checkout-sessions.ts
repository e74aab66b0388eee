import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 3 (payments): the offline checkout's sessions, kept the way a payment provider keeps
 * its own (`checkout_sessions`, one row per session, unique by idempotency key), and an index on
 * subscriptions' renewal date for the monthly renewal's walk. SQL as the table mappings describe it
 * (tests/contract/schema checks that nothing is left to diff).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "checkout_sessions" ("id" varchar(100) PRIMARY KEY NOT NULL, "idempotency_key" varchar(100) NOT NULL, "member_id" varchar(36) NOT NULL, "purchase_kind" varchar(16) NOT NULL, "tier" varchar(16), "amount_cents" integer NOT NULL DEFAULT (0), "status" varchar(16) NOT NULL, "return_url" varchar(2000) NOT NULL, "cancel_url" varchar(2000) NOT NULL, "created_at" bigint NOT NULL, "completed_at" bigint, CONSTRAINT "UQ_checkout_sessions_idempotency_key" UNIQUE ("idempotency_key"), CONSTRAINT "FK_checkout_sessions_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE INDEX "IDX_subscriptions_renews_at" ON "subscriptions" ("renews_at")',
    ],
    down: ['DROP INDEX "IDX_subscriptions_renews_at"', 'DROP TABLE "checkout_sessions"'],
  },
  mysql: {
    up: [
      "CREATE TABLE `checkout_sessions` (`id` varchar(100) NOT NULL, `idempotency_key` varchar(100) NOT NULL, `member_id` varchar(36) NOT NULL, `purchase_kind` varchar(16) NOT NULL, `tier` varchar(16) NULL, `amount_cents` int NOT NULL DEFAULT '0', `status` varchar(16) NOT NULL, `return_url` varchar(2000) NOT NULL, `cancel_url` varchar(2000) NOT NULL, `created_at` bigint NOT NULL, `completed_at` bigint NULL, UNIQUE INDEX `UQ_checkout_sessions_idempotency_key` (`idempotency_key`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "CREATE INDEX `IDX_subscriptions_renews_at` ON `subscriptions` (`renews_at`)",
      "ALTER TABLE `checkout_sessions` ADD CONSTRAINT `FK_checkout_sessions_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `checkout_sessions` DROP FOREIGN KEY `FK_checkout_sessions_member`",
      "DROP INDEX `IDX_subscriptions_renews_at` ON `subscriptions`",
      "DROP TABLE `checkout_sessions`",
    ],
  },
} as const

export const CheckoutSessionsSqlite = sqlMigration("CheckoutSessions1764201600000", SQL, "sqlite")
export const CheckoutSessionsMysql = sqlMigration("CheckoutSessions1764201600000", SQL, "mysql")
