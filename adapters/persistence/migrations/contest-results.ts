import type { MigrationInterface, QueryRunner } from "typeorm"

/**
 * Migration 5 (published results): a contest's podium (`podium_entry_ids`, the top 3 entry ids of
 * its result in rank order, comma-separated) and when it was announced (`announced_at`).
 *
 * Backfill for contests closed before this migration: the podium is recomputed from their visible
 * entries in the ranking order (weighted_score DESC, created_at ASC, id ASC; a score above zero, as
 * a winner needs), and a contest already announced gets its closing time as `announced_at`: the
 * moment of announcing was never recorded, and the close is the earliest it can have been.
 */
const PODIUM_SIZE = 3

const SQL = {
  sqlite: {
    up: [
      'ALTER TABLE "contests" ADD "podium_entry_ids" varchar(120)',
      'ALTER TABLE "contests" ADD "announced_at" bigint',
    ],
    down: [
      'ALTER TABLE "contests" DROP COLUMN "announced_at"',
      'ALTER TABLE "contests" DROP COLUMN "podium_entry_ids"',
    ],
    quote: '"',
  },
  mysql: {
    up: [
      "ALTER TABLE `contests` ADD `podium_entry_ids` varchar(120) NULL",
      "ALTER TABLE `contests` ADD `announced_at` bigint NULL",
    ],
    down: [
      "ALTER TABLE `contests` DROP COLUMN `announced_at`",
      "ALTER TABLE `contests` DROP COLUMN `podium_entry_ids`",
    ],
    quote: "`",
  },
} as const

const makeMigration = (dialect: "sqlite" | "mysql") => {
  const q = (name: string) => `${SQL[dialect].quote}${name}${SQL[dialect].quote}`
  return class ContestResults1764547200000 implements MigrationInterface {
    name = "ContestResults1764547200000"

    async up(queryRunner: QueryRunner): Promise<void> {
      for (const sql of SQL[dialect].up) await queryRunner.query(sql)
      await queryRunner.query(
        `UPDATE ${q("contests")} SET ${q("announced_at")} = ${q("closed_at")} WHERE ${q("closed_at")} IS NOT NULL AND LOWER(TRIM(${q("status")})) = 'announced'`,
      )
      const closed = (await queryRunner.query(
        `SELECT ${q("id")} AS ${q("id")} FROM ${q("contests")} WHERE ${q("closed_at")} IS NOT NULL`,
      )) as Array<{ id: string }>
      for (const { id } of closed) {
        const podium = (await queryRunner.query(
          `SELECT ${q("id")} AS ${q("id")} FROM ${q("entries")} WHERE ${q("contest_id")} = ? AND ${q("moderation")} = 'visible' AND ${q("weighted_score")} > 0 ORDER BY ${q("weighted_score")} DESC, ${q("created_at")} ASC, ${q("id")} ASC LIMIT ${PODIUM_SIZE}`,
          [id],
        )) as Array<{ id: string }>
        await queryRunner.query(
          `UPDATE ${q("contests")} SET ${q("podium_entry_ids")} = ? WHERE ${q("id")} = ?`,
          [podium.map((entry) => entry.id).join(","), id],
        )
      }
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      for (const sql of SQL[dialect].down) await queryRunner.query(sql)
    }
  }
}

export const ContestResultsSqlite = makeMigration("sqlite")
export const ContestResultsMysql = makeMigration("mysql")
