import { describe, expect } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { MINUTE, seedMemberWithPassword } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { deleteAccount } from "./delete-account.use-case.ts"
import { signIn } from "./sessions.use-case.ts"
import {
  authenticatorCodeOf,
  MAX_CHALLENGE_FAILURES,
  normaliseRecoveryCode,
  recoveryCodeOf,
} from "./two-factor.entity.ts"
import { Authenticator } from "./two-factor.port.ts"
import {
  completeTwoFactorSignIn,
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  startTwoFactorEnrolment,
  twoFactorStatus,
} from "./two-factor.use-case.ts"

const PASSWORD = "correct horse"
const STEP = 30_000

/** The code an authenticator app shows now for `secret`, `steps` steps from now. */
const codeNow = (secret: string, steps = 0) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    return yield* (yield* Authenticator).codeAt(secret, now + steps * STEP)
  })

/** A member with two-factor on: their secret and recovery codes. */
const enrolled = Effect.gen(function* () {
  const member = yield* seedMemberWithPassword(PASSWORD, { email: "ada@example.com" })
  const { secret } = yield* startTwoFactorEnrolment(member.id)
  const { recoveryCodes } = yield* confirmTwoFactorEnrolment(member.id, yield* codeNow(secret))
  // The next code must be of a later step than the one that confirmed.
  yield* TestClock.adjust(STEP)
  return { member, secret, recoveryCodes }
})

/** Signs in with the password: the challenge token of the second step. */
const challengeOf = Effect.gen(function* () {
  const refused = yield* Effect.flip(signIn({ email: "ada@example.com", password: PASSWORD }))
  if (refused._tag !== "TwoFactorRequired") throw new Error(`expected a challenge: ${refused._tag}`)
  return refused.challenge
})

describe("recovery codes and typed codes", () => {
  test("a recovery code is three groups of four from an alphabet without look-alikes", () =>
    Effect.sync(() => {
      const code = recoveryCodeOf(new Uint8Array(Array.from({ length: 12 }, (_, i) => i * 21)))
      expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/)
      expect(normaliseRecoveryCode(` ${code.toLowerCase().replaceAll("-", " ")} `)).toBe(
        code.replaceAll("-", ""),
      )
      expect(authenticatorCodeOf("123 456")).toBe("123456")
      expect(authenticatorCodeOf("12345")).toBeNull()
      expect(authenticatorCodeOf(code)).toBeNull()
    }))
})

describe("enrolment", () => {
  test("is off until a first code confirms it; then ten different recovery codes are given", () =>
    Effect.gen(function* () {
      const member = yield* seedMemberWithPassword(PASSWORD)
      const { secret, uri } = yield* startTwoFactorEnrolment(member.id)
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(uri).toContain(`secret=${secret}`)
      expect(uri).toMatch(/^otpauth:\/\/totp\/Colorday:/)
      expect((yield* twoFactorStatus(member.id)).enabled).toBe(false)
      const wrong = yield* Effect.flip(confirmTwoFactorEnrolment(member.id, "000000"))
      expect(wrong._tag).toBe("InvalidTwoFactorCode")
      const { recoveryCodes } = yield* confirmTwoFactorEnrolment(member.id, yield* codeNow(secret))
      expect(new Set(recoveryCodes).size).toBe(10)
      expect(yield* twoFactorStatus(member.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 })
      // Only hashes are kept.
      const stored = [...(yield* Memory).tables.recoveryCodes.values()].map((row) => row.hash)
      for (const code of recoveryCodes) expect(stored.join()).not.toContain(code)
      const again = yield* Effect.flip(startTwoFactorEnrolment(member.id))
      expect(again._tag).toBe("TwoFactorAlreadyOn")
    }))

  test("a code of the step before or after now is taken; two steps away is not", () =>
    Effect.gen(function* () {
      const member = yield* seedMemberWithPassword(PASSWORD)
      const { secret } = yield* startTwoFactorEnrolment(member.id)
      const far = yield* Effect.flip(
        confirmTwoFactorEnrolment(member.id, yield* codeNow(secret, 2)),
      )
      expect(far._tag).toBe("InvalidTwoFactorCode")
      const late = yield* Effect.flip(
        confirmTwoFactorEnrolment(member.id, yield* codeNow(secret, -2)),
      )
      expect(late._tag).toBe("InvalidTwoFactorCode")
      yield* confirmTwoFactorEnrolment(member.id, yield* codeNow(secret, -1))
      expect((yield* twoFactorStatus(member.id)).enabled).toBe(true)
    }))
})

describe("sign-in with two-factor on", () => {
  test("the password alone opens no session; the challenge and a code do", () =>
    Effect.gen(function* () {
      const { member, secret } = yield* enrolled
      const challenge = yield* challengeOf
      expect((yield* Memory).tables.sessions.size).toBe(0)
      const signedIn = yield* completeTwoFactorSignIn({ challenge, code: yield* codeNow(secret) })
      expect(signedIn.member.id).toBe(member.id)
      expect((yield* Memory).tables.sessions.size).toBe(1)
      // The challenge is used up.
      const reused = yield* Effect.flip(
        completeTwoFactorSignIn({ challenge, code: yield* codeNow(secret) }),
      )
      expect(reused._tag).toBe("TwoFactorChallengeExpired")
    }))

  test("a code used once is refused again within its window", () =>
    Effect.gen(function* () {
      const { secret } = yield* enrolled
      const code = yield* codeNow(secret)
      yield* completeTwoFactorSignIn({ challenge: yield* challengeOf, code })
      const again = yield* Effect.flip(
        completeTwoFactorSignIn({ challenge: yield* challengeOf, code }),
      )
      expect(again._tag).toBe("InvalidTwoFactorCode")
      // An earlier step's code is refused too once a later one was used.
      const earlier = yield* Effect.flip(
        completeTwoFactorSignIn({
          challenge: yield* challengeOf,
          code: yield* codeNow(secret, -1),
        }),
      )
      expect(earlier._tag).toBe("InvalidTwoFactorCode")
      yield* TestClock.adjust(STEP)
      yield* completeTwoFactorSignIn({
        challenge: yield* challengeOf,
        code: yield* codeNow(secret),
      })
    }))

  test("a recovery code works once, typed in any case and spacing", () =>
    Effect.gen(function* () {
      const { member, recoveryCodes } = yield* enrolled
      const code = recoveryCodes[3] ?? ""
      const typed = code.toLowerCase().replaceAll("-", " ")
      yield* completeTwoFactorSignIn({ challenge: yield* challengeOf, code: typed })
      expect((yield* twoFactorStatus(member.id)).recoveryCodesLeft).toBe(9)
      const again = yield* Effect.flip(
        completeTwoFactorSignIn({ challenge: yield* challengeOf, code }),
      )
      expect(again._tag).toBe("InvalidTwoFactorCode")
    }))

  test("a challenge ends after five minutes, and after five wrong codes", () =>
    Effect.gen(function* () {
      const { secret } = yield* enrolled
      const stale = yield* challengeOf
      yield* TestClock.adjust(5 * MINUTE)
      const expired = yield* Effect.flip(
        completeTwoFactorSignIn({ challenge: stale, code: yield* codeNow(secret) }),
      )
      expect(expired._tag).toBe("TwoFactorChallengeExpired")
      const challenge = yield* challengeOf
      for (let n = 0; n < MAX_CHALLENGE_FAILURES; n++) {
        const wrong = yield* Effect.flip(completeTwoFactorSignIn({ challenge, code: "000000" }))
        expect(wrong._tag).toBe("InvalidTwoFactorCode")
      }
      const ended = yield* Effect.flip(
        completeTwoFactorSignIn({ challenge, code: yield* codeNow(secret) }),
      )
      expect(ended._tag).toBe("TwoFactorChallengeExpired")
    }))
})

describe("turning two-factor off", () => {
  test("needs the password and a current code; then sign-in opens a session at once", () =>
    Effect.gen(function* () {
      const { member, secret } = yield* enrolled
      const badPassword = yield* Effect.flip(
        disableTwoFactor(member.id, { password: "nope", code: yield* codeNow(secret) }),
      )
      expect(badPassword._tag).toBe("InvalidCredentials")
      const badCode = yield* Effect.flip(
        disableTwoFactor(member.id, { password: PASSWORD, code: "000000" }),
      )
      expect(badCode._tag).toBe("InvalidTwoFactorCode")
      expect((yield* twoFactorStatus(member.id)).enabled).toBe(true)
      yield* disableTwoFactor(member.id, { password: PASSWORD, code: yield* codeNow(secret) })
      expect(yield* twoFactorStatus(member.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 })
      expect((yield* Memory).tables.recoveryCodes.size).toBe(0)
      const opened = yield* signIn({ email: "ada@example.com", password: PASSWORD })
      expect(opened.member.id).toBe(member.id)
    }))

  test("an account deleted takes its secret and recovery codes with it", () =>
    Effect.gen(function* () {
      const { member } = yield* enrolled
      yield* deleteAccount(member.id, PASSWORD)
      expect((yield* Memory).tables.twoFactor.size).toBe(0)
      expect((yield* Memory).tables.recoveryCodes.size).toBe(0)
    }))

  test("takes a recovery code instead of an authenticator code", () =>
    Effect.gen(function* () {
      const { member, recoveryCodes } = yield* enrolled
      yield* disableTwoFactor(member.id, { password: PASSWORD, code: recoveryCodes[0] ?? "" })
      expect((yield* twoFactorStatus(member.id)).enabled).toBe(false)
    }))
})
