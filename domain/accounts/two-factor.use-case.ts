import { Clock, Effect, Option } from "effect"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { normaliseEmail } from "./account-rules.ts"
import { InvalidCredentials } from "./accounts.errors.ts"
import { MemberRepository } from "./member.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { openSession } from "./sessions.use-case.ts"
import {
  authenticatorCodeOf,
  MAX_CHALLENGE_FAILURES,
  RECOVERY_CODE_COUNT,
  recoveryCodeHashInput,
  recoveryCodeOf,
  type TwoFactor,
} from "./two-factor.entity.ts"
import {
  InvalidTwoFactorCode,
  TwoFactorAlreadyOn,
  TwoFactorChallengeExpired,
  TwoFactorNotOn,
} from "./two-factor.errors.ts"
import { Authenticator, TwoFactorRepository } from "./two-factor.port.ts"

/** Whether the member has two-factor sign-in on, and how many recovery codes they have left. */
export const twoFactorStatus = Effect.fn("twoFactorStatus")(function* (memberId: MemberId) {
  const repository = yield* TwoFactorRepository
  const found = yield* repository.find(memberId)
  const enabled = Option.isSome(found) && found.value.enabledAt !== null
  return {
    enabled,
    recoveryCodesLeft: enabled ? yield* repository.recoveryCodesLeft(memberId) : 0,
  }
})

/** Whether sign-in asks this member for a code (the admin requirement reads it too). */
export const hasTwoFactor = Effect.fn("hasTwoFactor")(function* (memberId: MemberId) {
  return (yield* twoFactorStatus(memberId)).enabled
})

/**
 * Starts enrolment: a new secret, kept server-side and off until the member confirms it with a
 * first code. Answered this once (for the QR code and to type in); starting again replaces it.
 */
export const startTwoFactorEnrolment = Effect.fn("startTwoFactorEnrolment")(function* (
  memberId: MemberId,
) {
  const repository = yield* TwoFactorRepository
  const authenticator = yield* Authenticator
  const member = yield* (yield* MemberRepository).get(memberId)
  const found = yield* repository.find(memberId)
  if (Option.isSome(found) && found.value.enabledAt !== null) {
    return yield* new TwoFactorAlreadyOn()
  }
  const secret = yield* authenticator.newSecret
  const now = yield* Clock.currentTimeMillis
  yield* repository.put({ memberId, secret, createdAt: now, enabledAt: null, lastUsedStep: null })
  return { secret, uri: authenticator.uri(secret, member.email) }
})

/** The secret's step for `code` if it is right now and later than any code used before. */
const acceptedStep = Effect.fn("acceptedStep")(function* (twoFactor: TwoFactor, code: string) {
  const digits = authenticatorCodeOf(code)
  if (digits === null) return Option.none<number>()
  const now = yield* Clock.currentTimeMillis
  const step = yield* (yield* Authenticator).stepOf(twoFactor.secret, digits, now)
  if (Option.isNone(step)) return step
  if (twoFactor.lastUsedStep !== null && step.value <= twoFactor.lastUsedStep) {
    return Option.none<number>()
  }
  return step
})

/** New recovery codes for the member: the codes (shown once) and their stored hashes. */
const newRecoveryCodes = Effect.fn("newRecoveryCodes")(function* (memberId: MemberId) {
  const authenticator = yield* Authenticator
  const ids = yield* IdSource
  const codes: Array<string> = []
  const hashes: Array<string> = []
  while (codes.length < RECOVERY_CODE_COUNT) {
    const code = recoveryCodeOf(yield* authenticator.randomBytes(12))
    if (codes.includes(code)) continue
    codes.push(code)
    hashes.push(yield* ids.digest(recoveryCodeHashInput(memberId, code)))
  }
  return { codes, hashes }
})

/**
 * Confirms enrolment with a first code from the app: two-factor sign-in is on, and the ten
 * recovery codes are answered, this once (only their hashes are kept).
 */
export const confirmTwoFactorEnrolment = Effect.fn("confirmTwoFactorEnrolment")(function* (
  memberId: MemberId,
  code: string,
) {
  const repository = yield* TwoFactorRepository
  const { codes, hashes } = yield* newRecoveryCodes(memberId)
  return yield* transactionally(
    Effect.gen(function* () {
      const found = yield* repository.find(memberId)
      if (Option.isNone(found)) return yield* new TwoFactorNotOn({ asked: "confirm" })
      if (found.value.enabledAt !== null) return yield* new TwoFactorAlreadyOn()
      const step = yield* acceptedStep(found.value, code)
      if (Option.isNone(step)) return yield* new InvalidTwoFactorCode()
      const now = yield* Clock.currentTimeMillis
      yield* repository.put({ ...found.value, enabledAt: now, lastUsedStep: step.value })
      yield* repository.replaceRecoveryCodes(memberId, hashes, now)
      return { recoveryCodes: codes }
    }),
  )
})

/**
 * Checks a second factor for a member with two-factor on: an authenticator code (six digits,
 * one step either side of now, never one already used) or an unused recovery code (used up).
 */
const useSecondFactor = Effect.fn("useSecondFactor")(function* (
  twoFactor: TwoFactor,
  code: string,
) {
  const repository = yield* TwoFactorRepository
  if (authenticatorCodeOf(code) !== null) {
    const step = yield* acceptedStep(twoFactor, code)
    if (Option.isSome(step) && (yield* repository.useStep(twoFactor.memberId, step.value))) return
    return yield* new InvalidTwoFactorCode()
  }
  const hash = yield* (yield* IdSource).digest(recoveryCodeHashInput(twoFactor.memberId, code))
  const now = yield* Clock.currentTimeMillis
  if (yield* repository.useRecoveryCode(twoFactor.memberId, hash, now)) return
  return yield* new InvalidTwoFactorCode()
})

/**
 * The second step of a sign-in: the challenge and a code (authenticator or recovery). A right
 * code opens the session and ends the challenge; a wrong one counts, and the fifth ends it.
 */
export const completeTwoFactorSignIn = Effect.fn("completeTwoFactorSignIn")(function* (input: {
  readonly challenge: string
  readonly code: string
  /** The e-mail the password was given for, when the caller sends it: it must be the member's. */
  readonly email?: string | undefined
}) {
  const repository = yield* TwoFactorRepository
  const id = yield* (yield* IdSource).digest(input.challenge)
  const found = yield* repository.findChallenge(id)
  const now = yield* Clock.currentTimeMillis
  if (Option.isNone(found) || found.value.expiresAt <= now) {
    if (Option.isSome(found)) yield* repository.deleteChallenge(id)
    return yield* new TwoFactorChallengeExpired()
  }
  const challenge = found.value
  const member = yield* (yield* MemberRepository).get(challenge.memberId)
  const twoFactor = yield* repository.find(member.id)
  const otherEmail = input.email !== undefined && normaliseEmail(input.email) !== member.email
  // Turned off meanwhile (or suspended): the sign-in starts over.
  if (
    otherEmail ||
    Option.isNone(twoFactor) ||
    twoFactor.value.enabledAt === null ||
    member.suspendedAt
  ) {
    yield* repository.deleteChallenge(id)
    return yield* new TwoFactorChallengeExpired()
  }
  const opened = yield* Effect.result(
    transactionally(
      Effect.gen(function* () {
        yield* useSecondFactor(twoFactor.value, input.code)
        yield* repository.deleteChallenge(id)
        return yield* openSession(member.id)
      }),
    ),
  )
  if (opened._tag === "Failure") {
    if (challenge.failures + 1 >= MAX_CHALLENGE_FAILURES) yield* repository.deleteChallenge(id)
    else yield* repository.failChallenge(id)
    return yield* opened.failure
  }
  return { token: opened.success.token, member, session: opened.success.session }
})

/**
 * Turns two-factor sign-in off, given the password and a current code (or a recovery code):
 * the secret, the recovery codes and any waiting sign-in go.
 */
export const disableTwoFactor = Effect.fn("disableTwoFactor")(function* (
  memberId: MemberId,
  input: { readonly password: string; readonly code: string },
) {
  const repository = yield* TwoFactorRepository
  const member = yield* (yield* MemberRepository).get(memberId)
  if (!(yield* (yield* PasswordHasher).verify(input.password, member.passwordHash))) {
    return yield* new InvalidCredentials({ field: "password" })
  }
  const found = yield* repository.find(memberId)
  if (Option.isNone(found) || found.value.enabledAt === null) {
    return yield* new TwoFactorNotOn({ asked: "disable" })
  }
  yield* transactionally(
    Effect.gen(function* () {
      yield* useSecondFactor(found.value, input.code)
      yield* repository.remove(memberId)
    }),
  )
})

/**
 * New recovery codes for a member with two-factor sign-in on, given a current code (or one of
 * the old recovery codes): ten fresh codes, answered this once; every old one stops working.
 */
export const regenerateRecoveryCodes = Effect.fn("regenerateRecoveryCodes")(function* (
  memberId: MemberId,
  input: { readonly code: string },
) {
  const repository = yield* TwoFactorRepository
  const found = yield* repository.find(memberId)
  if (Option.isNone(found) || found.value.enabledAt === null) {
    return yield* new TwoFactorNotOn({ asked: "new recovery codes" })
  }
  const { codes, hashes } = yield* newRecoveryCodes(memberId)
  const now = yield* Clock.currentTimeMillis
  return yield* transactionally(
    Effect.gen(function* () {
      yield* useSecondFactor(found.value, input.code)
      yield* repository.replaceRecoveryCodes(memberId, hashes, now)
      return { recoveryCodes: codes }
    }),
  )
})
