import { sqlMigration } from "./sql-migration.ts"

/**
 * Issue 24, pushes and votes: `push_retries` (a push one device's push service failed, to try
 * again with backoff; one row per notification and device endpoint's SHA-256, removed with the
 * notification), an index on votes' `cast_at` (the new-votes batch reads the last hours' votes)
 * and one on notifications' (kind, period) (each member's latest new-votes hour). SQL as the
 * table mappings describe it (tests/contract/schema checks nothing is left).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "push_retries" ("notification_id" varchar(36) NOT NULL, "endpoint_hash" varchar(64) NOT NULL, "endpoint" varchar(1000) NOT NULL, "member_id" varchar(36) NOT NULL, "kind" varchar(24) NOT NULL, "payload" varchar(2000) NOT NULL, "attempts" integer NOT NULL DEFAULT (0), "next_attempt_at" bigint NOT NULL, CONSTRAINT "FK_push_retries_notification" FOREIGN KEY ("notification_id") REFERENCES "notifications" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("notification_id", "endpoint_hash"))',
      'CREATE INDEX "IDX_push_retries_due" ON "push_retries" ("next_attempt_at") ',
      'CREATE INDEX "IDX_votes_cast_at" ON "votes" ("cast_at") ',
      'CREATE INDEX "IDX_notifications_kind_period" ON "notifications" ("kind", "period") ',
    ],
    down: [
      'DROP INDEX "IDX_notifications_kind_period"',
      'DROP INDEX "IDX_votes_cast_at"',
      'DROP TABLE "push_retries"',
    ],
  },
  mysql: {
    up: [
      "CREATE TABLE `push_retries` (`notification_id` varchar(36) NOT NULL, `endpoint_hash` varchar(64) NOT NULL, `endpoint` varchar(1000) NOT NULL, `member_id` varchar(36) NOT NULL, `kind` varchar(24) NOT NULL, `payload` varchar(2000) NOT NULL, `attempts` int NOT NULL DEFAULT '0', `next_attempt_at` bigint NOT NULL, INDEX `IDX_push_retries_due` (`next_attempt_at`), PRIMARY KEY (`notification_id`, `endpoint_hash`)) ENGINE=InnoDB",
      "CREATE INDEX `IDX_votes_cast_at` ON `votes` (`cast_at`)",
      "CREATE INDEX `IDX_notifications_kind_period` ON `notifications` (`kind`, `period`)",
      "ALTER TABLE `push_retries` ADD CONSTRAINT `FK_push_retries_notification` FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `push_retries` DROP FOREIGN KEY `FK_push_retries_notification`",
      "DROP INDEX `IDX_notifications_kind_period` ON `notifications`",
      "DROP INDEX `IDX_votes_cast_at` ON `votes`",
      "DROP TABLE `push_retries`",
    ],
  },
} as const

export const PushRetriesAndVoteTimesSqlite = sqlMigration(
  "PushRetriesAndVoteTimes1767000560000",
  SQL,
  "sqlite",
)
export const PushRetriesAndVoteTimesMysql = sqlMigration(
  "PushRetriesAndVoteTimes1767000560000",
  SQL,
  "mysql",
)
