import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { HOUR, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import type { Mail } from "../shared/mailer.port.ts"
import { VERIFICATION_TOKEN_TTL_MS } from "./account-rules.ts"
import { resendVerification, verifyEmail } from "./email-verification.use-case.ts"
import { requestPasswordReset } from "./password-reset.use-case.ts"
import { signUp } from "./sign-up.use-case.ts"

const form = {
  email: "ada@example.com",
  password: "correct horse",
  firstName: "Ada",
  lastName: "Lovelace",
  username: "ada_l",
  dateOfBirth: "1990-05-17",
}

/** The token of the last mail of this kind. */
const lastToken = (kind: "verify-email" | "reset-password") =>
  Effect.gen(function* () {
    const store = yield* Memory
    const mail = store.tables.mails.filter((m: Mail) => m.kind === kind).at(-1)
    if (mail?.kind !== "verify-email" && mail?.kind !== "reset-password") {
      throw new Error(`no ${kind} mail`)
    }
    return mail.token
  })

describe("verifyEmail", () => {
  test("the mailed link verifies the member, once", () =>
    Effect.gen(function* () {
      const member = yield* signUp(form)
      const token = yield* lastToken("verify-email")
      yield* TestClock.adjust(HOUR)
      const verified = yield* verifyEmail(token)
      expect(verified).toEqual({ ...member, emailVerifiedAt: TEST_NOW + HOUR })
      const store = yield* Memory
      expect(store.tables.members.get(member.id)?.emailVerifiedAt).toBe(TEST_NOW + HOUR)
      expect([...store.tables.memberTokens.values()][0]?.usedAt).toBe(TEST_NOW + HOUR)
      const again = yield* Effect.flip(verifyEmail(token))
      expect(again).toMatchObject({
        _tag: "InvalidToken",
        purpose: "verify",
        code: "INVALID_TOKEN",
      })
      expect(again.message).toBe("Verification link is invalid or has expired")
    }))

  test("a link works until 24 hours have passed", () =>
    Effect.gen(function* () {
      yield* signUp(form)
      const token = yield* lastToken("verify-email")
      yield* TestClock.adjust(VERIFICATION_TOKEN_TTL_MS - 1)
      expect((yield* verifyEmail(token)).emailVerifiedAt).not.toBeNull()
    }))

  test("an expired link is refused and verifies nobody", () =>
    Effect.gen(function* () {
      const member = yield* signUp(form)
      const token = yield* lastToken("verify-email")
      yield* TestClock.adjust(VERIFICATION_TOKEN_TTL_MS)
      expect((yield* Effect.flip(verifyEmail(token)))._tag).toBe("InvalidToken")
      expect((yield* Memory).tables.members.get(member.id)?.emailVerifiedAt).toBeNull()
    }))

  test("refuses unknown, blank and reset tokens", () =>
    Effect.gen(function* () {
      yield* signUp(form)
      yield* requestPasswordReset(form.email)
      const reset = yield* lastToken("reset-password")
      for (const token of ["nope", "", "  ", reset]) {
        const error = yield* Effect.flip(verifyEmail(token))
        expect(error).toMatchObject({ _tag: "InvalidToken", purpose: "verify" })
      }
    }))
})

describe("resendVerification", () => {
  test("mails a new link to an unverified member, and only the newest link works", () =>
    Effect.gen(function* () {
      yield* signUp(form)
      const first = yield* lastToken("verify-email")
      yield* resendVerification(" ADA@example.com ")
      const second = yield* lastToken("verify-email")
      expect(second).not.toBe(first)
      const store = yield* Memory
      expect(store.tables.mails.map((mail) => [mail.kind, mail.to])).toEqual([
        ["verify-email", "ada@example.com"],
        ["verify-email", "ada@example.com"],
      ])
      expect((yield* Effect.flip(verifyEmail(first)))._tag).toBe("InvalidToken")
      expect((yield* verifyEmail(second)).emailVerifiedAt).toBe(TEST_NOW)
    }))

  test("answers the same for an unknown address or a verified member, and mails nothing", () =>
    Effect.gen(function* () {
      yield* seedMember({ email: "verified@example.com" })
      expect(yield* resendVerification("nobody@example.com")).toBeUndefined()
      expect(yield* resendVerification("verified@example.com")).toBeUndefined()
      const store = yield* Memory
      expect(store.tables.mails).toEqual([])
      expect(store.tables.memberTokens.size).toBe(0)
    }))

  test("asks for an address first when the field is blank", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(resendVerification(" "))
      expect(error._tag).toBe("ValidationFailed")
      expect(error.message).toBe("email: Please enter your email address first.")
      const malformed = yield* Effect.flip(resendVerification("ada"))
      expect(malformed.message).toBe("email: Please enter a valid email address")
    }))
})
