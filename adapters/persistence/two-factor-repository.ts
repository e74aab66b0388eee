import { Context, Effect, Layer, Option } from "effect"
import { IsNull, LessThan } from "typeorm"
import {
  CHALLENGE_TTL_MS,
  type TwoFactor,
  type TwoFactorChallenge,
} from "../../domain/accounts/two-factor.entity.ts"
import { TwoFactorRepository } from "../../domain/accounts/two-factor.port.ts"
import { Database } from "./database.ts"
import { upsert } from "./repository-support.ts"
import {
  type MemberTwoFactorRow,
  MemberTwoFactorTable,
  type RecoveryCodeRow,
  RecoveryCodeTable,
  type TwoFactorChallengeRow,
  TwoFactorChallengeTable,
} from "./two-factor-tables.ts"

/** Two-factor sign-in (issue 24) on SQL. */

const toTwoFactor = (row: MemberTwoFactorRow): TwoFactor => ({
  memberId: row.memberId,
  secret: row.secret,
  createdAt: Number(row.createdAt),
  enabledAt: row.enabledAt === null ? null : Number(row.enabledAt),
  lastUsedStep: row.lastUsedStep === null ? null : Number(row.lastUsedStep),
})

const toChallenge = (row: TwoFactorChallengeRow): TwoFactorChallenge => ({
  id: row.id,
  memberId: row.memberId,
  expiresAt: Number(row.expiresAt),
  failures: Number(row.failures),
})

export const makeTwoFactorRepository = Effect.gen(function* () {
  const db = yield* Database
  type Manager = Parameters<Parameters<typeof db.run>[0]>[0]
  const secrets = (m: Manager) => m.getRepository<MemberTwoFactorRow>(MemberTwoFactorTable)
  const codes = (m: Manager) => m.getRepository<RecoveryCodeRow>(RecoveryCodeTable)
  const challenges = (m: Manager) => m.getRepository<TwoFactorChallengeRow>(TwoFactorChallengeTable)
  return TwoFactorRepository.of({
    find: (memberId) =>
      db
        .run((m) => secrets(m).findOneBy({ memberId }))
        .pipe(Effect.map((row) => Option.map(Option.fromNullishOr(row), toTwoFactor))),
    put: (given) => db.run((m) => upsert(m, MemberTwoFactorTable, { ...given }, ["memberId"])),
    remove: (memberId) =>
      db.run(async (m) => {
        await challenges(m).delete({ memberId })
        await codes(m).delete({ memberId })
        await secrets(m).delete({ memberId })
      }),
    useStep: (memberId, step) =>
      db.run(async (m) => {
        // One statement decides, so of two racing uses of one code only one changes the row.
        const result = await m
          .createQueryBuilder()
          .update(MemberTwoFactorTable)
          .set({ lastUsedStep: step })
          .where("member_id = :memberId", { memberId })
          .andWhere("(last_used_step IS NULL OR last_used_step < :step)", { step })
          .execute()
        return (result.affected ?? 0) > 0
      }),
    replaceRecoveryCodes: (memberId, hashes, at) =>
      db.run(async (m) => {
        await codes(m).delete({ memberId })
        if (hashes.length > 0) {
          await codes(m).insert(
            hashes.map((codeHash) => ({ memberId, codeHash, createdAt: at, usedAt: null })),
          )
        }
      }),
    useRecoveryCode: (memberId, hash, at) =>
      db.run((m) =>
        codes(m)
          .update({ memberId, codeHash: hash, usedAt: IsNull() }, { usedAt: at })
          .then((result) => (result.affected ?? 0) > 0),
      ),
    recoveryCodesLeft: (memberId) =>
      db.run((m) => codes(m).countBy({ memberId, usedAt: IsNull() })),
    createChallenge: (challenge) =>
      db.run(async (m) => {
        // The member's challenges that expired by now go, so the table stays as small as its use.
        const now = challenge.expiresAt - CHALLENGE_TTL_MS
        await challenges(m).delete({ memberId: challenge.memberId, expiresAt: LessThan(now) })
        await challenges(m).insert({ ...challenge })
      }),
    findChallenge: (id) =>
      db
        .run((m) => challenges(m).findOneBy({ id }))
        .pipe(Effect.map((row) => Option.map(Option.fromNullishOr(row), toChallenge))),
    failChallenge: (id) =>
      db.run((m) =>
        challenges(m)
          .increment({ id }, "failures", 1)
          .then(() => undefined),
      ),
    deleteChallenge: (id) =>
      db.run((m) =>
        challenges(m)
          .delete({ id })
          .then(() => undefined),
      ),
  })
})

export const layerTwoFactorRepository = Layer.effectContext(
  Effect.map(makeTwoFactorRepository, (repository) =>
    Context.make(TwoFactorRepository, repository),
  ),
)
