import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 10 (contest prizes, issue 19): what a contest's winner gets, set by the admin:
 * `prize_kind` (cash, credits or other), `prize_text`, and `prize_amount` (cents of cash or
 * credits; null for other). All null on a contest without a prize, as every existing one is.
 */
const SQL = {
  sqlite: {
    up: [
      'ALTER TABLE "contests" ADD "prize_kind" varchar(16)',
      'ALTER TABLE "contests" ADD "prize_text" varchar(200)',
      'ALTER TABLE "contests" ADD "prize_amount" integer',
    ],
    down: [
      'ALTER TABLE "contests" DROP COLUMN "prize_amount"',
      'ALTER TABLE "contests" DROP COLUMN "prize_text"',
      'ALTER TABLE "contests" DROP COLUMN "prize_kind"',
    ],
  },
  mysql: {
    up: [
      "ALTER TABLE `contests` ADD `prize_kind` varchar(16) NULL",
      "ALTER TABLE `contests` ADD `prize_text` varchar(200) NULL",
      "ALTER TABLE `contests` ADD `prize_amount` int NULL",
    ],
    down: [
      "ALTER TABLE `contests` DROP COLUMN `prize_amount`",
      "ALTER TABLE `contests` DROP COLUMN `prize_text`",
      "ALTER TABLE `contests` DROP COLUMN `prize_kind`",
    ],
  },
} as const

export const ContestPrizesSqlite = sqlMigration("ContestPrizes1766275200000", SQL, "sqlite")
export const ContestPrizesMysql = sqlMigration("ContestPrizes1766275200000", SQL, "mysql")
