import { sqlMigration } from "./sql-migration.ts"

/**
 * Migration 7 (every mail through the outbox; e-mail changes pending until proved): `mail_outbox`
 * learns each mail's kind, reply-to address and link, and when its next delivery attempt is due
 * (`next_attempt_at`, indexed: the sender's query); `members.pending_email` holds the address a
 * member asked to move to until the link mailed there is opened. Mails queued before were the
 * embedded default's, already delivered to the outbox and the log: they are marked sent, so the
 * new sender does not repeat them. SQL as the table mappings describe it (tests/contract/schema
 * checks that nothing is left to diff).
 */
const BACKFILL = (q: (name: string) => string) => [
  `UPDATE ${q("mail_outbox")} SET ${q("sent_at")} = ${q("created_at")} WHERE ${q("sent_at")} IS NULL`,
]

const SQL = {
  sqlite: {
    up: [
      'ALTER TABLE "members" ADD COLUMN "pending_email" varchar(254)',
      'ALTER TABLE "mail_outbox" ADD COLUMN "kind" varchar(40)',
      'ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" varchar(254)',
      'ALTER TABLE "mail_outbox" ADD COLUMN "link" varchar(500)',
      'ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" bigint',
      ...BACKFILL((name) => `"${name}"`),
      'CREATE INDEX "IDX_mail_outbox_due" ON "mail_outbox" ("next_attempt_at")',
    ],
    down: [
      'DROP INDEX "IDX_mail_outbox_due"',
      'ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at"',
      'ALTER TABLE "mail_outbox" DROP COLUMN "link"',
      'ALTER TABLE "mail_outbox" DROP COLUMN "reply_to"',
      'ALTER TABLE "mail_outbox" DROP COLUMN "kind"',
      'ALTER TABLE "members" DROP COLUMN "pending_email"',
    ],
  },
  mysql: {
    up: [
      "ALTER TABLE `members` ADD `pending_email` varchar(254) NULL",
      "ALTER TABLE `mail_outbox` ADD `kind` varchar(40) NULL",
      "ALTER TABLE `mail_outbox` ADD `reply_to` varchar(254) NULL",
      "ALTER TABLE `mail_outbox` ADD `link` varchar(500) NULL",
      "ALTER TABLE `mail_outbox` ADD `next_attempt_at` bigint NULL",
      ...BACKFILL((name) => `\`${name}\``),
      "CREATE INDEX `IDX_mail_outbox_due` ON `mail_outbox` (`next_attempt_at`)",
    ],
    down: [
      "DROP INDEX `IDX_mail_outbox_due` ON `mail_outbox`",
      "ALTER TABLE `mail_outbox` DROP COLUMN `next_attempt_at`",
      "ALTER TABLE `mail_outbox` DROP COLUMN `link`",
      "ALTER TABLE `mail_outbox` DROP COLUMN `reply_to`",
      "ALTER TABLE `mail_outbox` DROP COLUMN `kind`",
      "ALTER TABLE `members` DROP COLUMN `pending_email`",
    ],
  },
} as const

export const MailQueueAndPendingEmailSqlite = sqlMigration(
  "MailQueueAndPendingEmail1765843200000",
  SQL,
  "sqlite",
)
export const MailQueueAndPendingEmailMysql = sqlMigration(
  "MailQueueAndPendingEmail1765843200000",
  SQL,
  "mysql",
)
