import { sqlMigration } from "./sql-migration.ts"

/**
 * Plan periods (issue 19, drawings): `plan_periods`, the paid tiers each member held, from and
 * until, so a month's drawing counts who held its tier during the month rather than at the draw.
 * Backfilled with one open period per member on a paid tier now, from when they joined (their
 * earlier changes were never recorded; the drawing read the tier at the draw until now). SQL as
 * the table mapping in billing-tables.ts describes it (tests/contract/schema checks nothing is left).
 */
const BACKFILL =
  "SELECT s.member_id, s.member_id, LOWER(s.tier), m.created_at, NULL FROM subscriptions s INNER JOIN members m ON m.id = s.member_id WHERE LOWER(s.tier) IN ('lite', 'pro', 'champ')"

const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "plan_periods" ("id" varchar(36) PRIMARY KEY NOT NULL, "member_id" varchar(36) NOT NULL, "tier" varchar(16) NOT NULL, "started_at" bigint NOT NULL, "ended_at" bigint, CONSTRAINT "FK_plan_periods_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE INDEX "IDX_plan_periods_member" ON "plan_periods" ("member_id", "ended_at") ',
      'CREATE INDEX "IDX_plan_periods_started" ON "plan_periods" ("started_at") ',
      `INSERT INTO "plan_periods" ("id", "member_id", "tier", "started_at", "ended_at") ${BACKFILL}`,
    ],
    down: [
      'DROP INDEX "IDX_plan_periods_started"',
      'DROP INDEX "IDX_plan_periods_member"',
      'DROP TABLE "plan_periods"',
    ],
  },
  mysql: {
    up: [
      "CREATE TABLE `plan_periods` (`id` varchar(36) NOT NULL, `member_id` varchar(36) NOT NULL, `tier` varchar(16) NOT NULL, `started_at` bigint NOT NULL, `ended_at` bigint NULL, INDEX `IDX_plan_periods_member` (`member_id`, `ended_at`), INDEX `IDX_plan_periods_started` (`started_at`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "ALTER TABLE `plan_periods` ADD CONSTRAINT `FK_plan_periods_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
      `INSERT INTO \`plan_periods\` (\`id\`, \`member_id\`, \`tier\`, \`started_at\`, \`ended_at\`) ${BACKFILL}`,
    ],
    down: [
      "ALTER TABLE `plan_periods` DROP FOREIGN KEY `FK_plan_periods_member`",
      "DROP TABLE `plan_periods`",
    ],
  },
} as const

export const PlanPeriodsSqlite = sqlMigration("PlanPeriods1767000619000", SQL, "sqlite")
export const PlanPeriodsMysql = sqlMigration("PlanPeriods1767000619000", SQL, "mysql")
