import { sqlMigration } from "./sql-migration.ts"

/**
 * Two-factor sign-in (issue 24): `member_two_factor` (a member's TOTP secret, on from enabled_at,
 * and the last time step accepted), `two_factor_recovery_codes` (hashed, each used once) and
 * `two_factor_challenges` (sign-ins waiting for their code). All go with the member. SQL as the
 * table mappings in two-factor-tables.ts describe it (tests/contract/schema checks nothing is left).
 */
const SQL = {
  sqlite: {
    up: [
      'CREATE TABLE "member_two_factor" ("member_id" varchar(36) PRIMARY KEY NOT NULL, "secret" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "enabled_at" bigint, "last_used_step" bigint, CONSTRAINT "FK_member_two_factor_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE TABLE "two_factor_recovery_codes" ("member_id" varchar(36) NOT NULL, "code_hash" varchar(64) NOT NULL, "created_at" bigint NOT NULL, "used_at" bigint, CONSTRAINT "FK_two_factor_recovery_codes_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("member_id", "code_hash"))',
      'CREATE TABLE "two_factor_challenges" ("id" varchar(64) PRIMARY KEY NOT NULL, "member_id" varchar(36) NOT NULL, "expires_at" bigint NOT NULL, "failures" integer NOT NULL DEFAULT (0), CONSTRAINT "FK_two_factor_challenges_member" FOREIGN KEY ("member_id") REFERENCES "members" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)',
      'CREATE INDEX "IDX_two_factor_challenges_member" ON "two_factor_challenges" ("member_id") ',
    ],
    down: [
      'DROP INDEX "IDX_two_factor_challenges_member"',
      'DROP TABLE "two_factor_challenges"',
      'DROP TABLE "two_factor_recovery_codes"',
      'DROP TABLE "member_two_factor"',
    ],
  },
  mysql: {
    up: [
      "CREATE TABLE `member_two_factor` (`member_id` varchar(36) NOT NULL, `secret` varchar(64) NOT NULL, `created_at` bigint NOT NULL, `enabled_at` bigint NULL, `last_used_step` bigint NULL, PRIMARY KEY (`member_id`)) ENGINE=InnoDB",
      "CREATE TABLE `two_factor_recovery_codes` (`member_id` varchar(36) NOT NULL, `code_hash` varchar(64) NOT NULL, `created_at` bigint NOT NULL, `used_at` bigint NULL, PRIMARY KEY (`member_id`, `code_hash`)) ENGINE=InnoDB",
      "CREATE TABLE `two_factor_challenges` (`id` varchar(64) NOT NULL, `member_id` varchar(36) NOT NULL, `expires_at` bigint NOT NULL, `failures` int NOT NULL DEFAULT '0', INDEX `IDX_two_factor_challenges_member` (`member_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB",
      "ALTER TABLE `member_two_factor` ADD CONSTRAINT `FK_member_two_factor_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
      "ALTER TABLE `two_factor_recovery_codes` ADD CONSTRAINT `FK_two_factor_recovery_codes_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
      "ALTER TABLE `two_factor_challenges` ADD CONSTRAINT `FK_two_factor_challenges_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION",
    ],
    down: [
      "ALTER TABLE `two_factor_challenges` DROP FOREIGN KEY `FK_two_factor_challenges_member`",
      "ALTER TABLE `two_factor_recovery_codes` DROP FOREIGN KEY `FK_two_factor_recovery_codes_member`",
      "ALTER TABLE `member_two_factor` DROP FOREIGN KEY `FK_member_two_factor_member`",
      "DROP TABLE `two_factor_challenges`",
      "DROP TABLE `two_factor_recovery_codes`",
      "DROP TABLE `member_two_factor`",
    ],
  },
} as const

export const TwoFactorSignInSqlite = sqlMigration("TwoFactorSignIn1766620800000", SQL, "sqlite")
export const TwoFactorSignInMysql = sqlMigration("TwoFactorSignIn1766620800000", SQL, "mysql")
