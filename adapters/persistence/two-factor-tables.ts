import { EntitySchema } from "typeorm"
import { instant, int, ref, text } from "./table-columns.ts"

/** Two-factor sign-in (issue 24, migration TwoFactorSignIn): secrets, recovery codes, challenges. */

export interface MemberTwoFactorRow {
  memberId: string
  secret: string
  createdAt: number
  enabledAt: number | null
  lastUsedStep: number | null
}

const memberForeignKey = (name: string) => ({
  name,
  target: "Member",
  columnNames: ["member_id"],
  referencedColumnNames: ["id"],
  onDelete: "CASCADE" as const,
})

/** One row a member: the TOTP secret (enabled_at null while the enrolment waits for its code). */
export const MemberTwoFactorTable = new EntitySchema<MemberTwoFactorRow>({
  name: "MemberTwoFactor",
  tableName: "member_two_factor",
  columns: {
    memberId: { ...ref("member_id"), primary: true },
    secret: text("secret", 64),
    createdAt: instant("created_at"),
    enabledAt: instant("enabled_at", true),
    // A TOTP time step (epoch seconds / 30), a BIGINT read back as a number.
    lastUsedStep: instant("last_used_step", true),
  },
  foreignKeys: [memberForeignKey("FK_member_two_factor_member")],
})

export interface RecoveryCodeRow {
  memberId: string
  codeHash: string
  createdAt: number
  usedAt: number | null
}

/** Each recovery code's SHA-256 (bound to the member), used once. */
export const RecoveryCodeTable = new EntitySchema<RecoveryCodeRow>({
  name: "RecoveryCode",
  tableName: "two_factor_recovery_codes",
  columns: {
    memberId: { ...ref("member_id"), primary: true },
    codeHash: { ...text("code_hash", 64), primary: true },
    createdAt: instant("created_at"),
    usedAt: instant("used_at", true),
  },
  foreignKeys: [memberForeignKey("FK_two_factor_recovery_codes_member")],
})

export interface TwoFactorChallengeRow {
  id: string
  memberId: string
  expiresAt: number
  failures: number
}

/** Sign-ins waiting for their code, by the digest of the challenge token. */
export const TwoFactorChallengeTable = new EntitySchema<TwoFactorChallengeRow>({
  name: "TwoFactorChallenge",
  tableName: "two_factor_challenges",
  columns: {
    id: { ...text("id", 64), primary: true },
    memberId: ref("member_id"),
    expiresAt: instant("expires_at"),
    failures: int("failures"),
  },
  indices: [{ name: "IDX_two_factor_challenges_member", columns: ["memberId"] }],
  foreignKeys: [memberForeignKey("FK_two_factor_challenges_member")],
})
