import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 6 (checkout expiry, visits counted once): the payments ledger learns when a pending
 * checkout lapses (`expires_at`) and which contest an extra entry was bought from (`contest_id`,
 * so an open checkout is reused per contest); `contest_visits` holds one row per visitor, contest,
 * metric and UTC day, so views and downloads count once a day each. Pending rows written before
 * get the lifetime their provider gives (the offline checkout's 30 minutes, Stripe's 24 hours),
 * so abandoned ones leave billing's totals. SQL as the table mappings describe it
 * (tests/contract/schema checks that nothing is left to diff).
 */
const BACKFILL = (q: (name: string) => string) => [
  `UPDATE ${q("payments")} SET ${q("expires_at")} = ${q("created_at")} + 1800000 WHERE ${q("status")} = 'pending' AND ${q("checkout_session_id")} LIKE 'cs!_offline!_%' ESCAPE '!'`,
  `UPDATE ${q("payments")} SET ${q("expires_at")} = ${q("created_at")} + 86400000 WHERE ${q("status")} = 'pending' AND ${q("expires_at")} IS NULL`,
]

const SQL = {
  sqlite: {
    up: [
      'ALTER TABLE "payments" ADD COLUMN "expires_at" bigint',
      'ALTER TABLE "payments" ADD COLUMN "contest_id" varchar(36)',
      ...BACKFILL((name) => `"${name}"`),
      'CREATE TABLE "contest_visits" ("contest_id" varchar(36) NOT NULL, "metric" varchar(16) NOT NULL, "visitor" varchar(64) NOT NULL, "day" varchar(10) NOT NULL, CONSTRAINT "FK_contest_visits_contest" FOREIGN KEY ("contest_id") REFERENCES "contests" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("contest_id", "metric", "visitor", "day"))',
      'CREATE INDEX "IDX_contest_visits_day" ON "contest_visits" ("day")',
    ],
    down: [
      'DROP TABLE "contest_visits"',
      'ALTER TABLE "payments" DROP COLUMN "contest_id"',
      'ALTER TABLE "payments" DROP COLUMN "expires_at"',
    ],
  },
  mysql: {
    up: [
      "ALTER TABLE `payments` ADD `expires_at` bigint NULL",
      "ALTER TABLE `payments` ADD `contest_id` varchar(36) NULL",
      ...BACKFILL((name) => `\`${name}\``),
      "CREATE TABLE `contest_visits` (`contest_id` varchar(36) NOT NULL, `metric` varchar(16) NOT NULL, `visitor` varchar(64) NOT NULL, `day` varchar(10) NOT NULL, INDEX `IDX_contest_visits_day` (`day`), PRIMARY KEY (`contest_id`, `metric`, `visitor`, `day`)) ENGINE=InnoDB",
      "ALTER TABLE `contest_visits` ADD CONSTRAINT `FK_contest_visits_contest` FOREIGN KEY (`contest_id`) REFERENCES `contests`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `contest_visits` DROP FOREIGN KEY `FK_contest_visits_contest`",
      "DROP TABLE `contest_visits`",
      "ALTER TABLE `payments` DROP COLUMN `contest_id`",
      "ALTER TABLE `payments` DROP COLUMN `expires_at`",
    ],
  },
} as const

export const CheckoutExpiryAndVisitsSqlite = sqlMigration(
  "CheckoutExpiryAndVisits1765584000000",
  SQL,
  "sqlite",
)
export const CheckoutExpiryAndVisitsMysql = sqlMigration(
  "CheckoutExpiryAndVisits1765584000000",
  SQL,
  "mysql",
)
