import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { MINUTE, seedMemberWithPassword } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { Mail } from "../shared/mailer.port.ts"
import { RESET_TOKEN_TTL_MS } from "./account-rules.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { requestPasswordReset, resetPassword } from "./password-reset.use-case.ts"
import { sessionMember, signIn } from "./sessions.use-case.ts"

const resetToken = Effect.gen(function* () {
  const store = yield* Memory
  const mail = store.tables.mails.filter((m: Mail) => m.kind === "reset-password").at(-1)
  if (mail?.kind !== "reset-password") throw new Error("no reset mail")
  return mail.token
})

const seedAda = (overrides: Parameters<typeof seedMemberWithPassword>[1] = {}) =>
  seedMemberWithPassword("old password", {
    email: "ada@example.com",
    firstName: "Ada",
    ...overrides,
  })

describe("requestPasswordReset", () => {
  test("mails a 1-hour reset link to the member, storing only its digest", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      yield* requestPasswordReset(" ADA@example.com")
      const store = yield* Memory
      expect(store.tables.mails).toEqual([
        {
          kind: "reset-password",
          to: ada.email,
          name: "Ada",
          language: "en",
          token: yield* resetToken,
        },
      ])
      expect([...store.tables.memberTokens.values()]).toEqual([
        {
          tokenHash: yield* (yield* IdSource).digest(yield* resetToken),
          memberId: ada.id,
          purpose: "reset",
          createdAt: TEST_NOW,
          expiresAt: TEST_NOW + RESET_TOKEN_TTL_MS,
          usedAt: null,
        },
      ])
    }))

  test("answers the same for an unknown address, and mails nothing", () =>
    Effect.gen(function* () {
      yield* seedAda()
      expect(yield* requestPasswordReset("nobody@example.com")).toBeUndefined()
      expect((yield* Memory).tables.mails).toEqual([])
    }))

  test("a new request replaces the older link", () =>
    Effect.gen(function* () {
      yield* seedAda()
      yield* requestPasswordReset("ada@example.com")
      const first = yield* resetToken
      yield* requestPasswordReset("ada@example.com")
      const error = yield* Effect.flip(resetPassword({ token: first, password: "new password" }))
      expect(error).toMatchObject({ _tag: "InvalidToken", purpose: "reset" })
      expect(error.message).toBe("Reset link is invalid or has expired")
      yield* resetPassword({ token: yield* resetToken, password: "new password" })
    }))
})

describe("resetPassword", () => {
  test("sets the new password, uses the link up and ends every session", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      const phone = yield* signIn({ email: ada.email, password: "old password" })
      const laptop = yield* signIn({ email: ada.email, password: "old password" })
      yield* requestPasswordReset(ada.email)
      const token = yield* resetToken
      yield* TestClock.adjust(10 * MINUTE)
      const updated = yield* resetPassword({
        token,
        password: "new password",
        confirmPassword: "new password",
      })
      const hasher = yield* PasswordHasher
      expect(yield* hasher.verify("new password", updated.passwordHash)).toBe(true)
      const store = yield* Memory
      expect(store.tables.members.get(ada.id)).toEqual(updated)
      expect(Option.isNone(yield* sessionMember(phone.token))).toBe(true)
      expect(Option.isNone(yield* sessionMember(laptop.token))).toBe(true)
      expect(store.tables.sessions.size).toBe(0)
      yield* signIn({ email: ada.email, password: "new password" })
      const again = yield* Effect.flip(resetPassword({ token, password: "another one" }))
      expect(again._tag).toBe("InvalidToken")
    }))

  test("marks an unverified e-mail verified: the link proved the mailbox", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda({ emailVerifiedAt: null })
      yield* requestPasswordReset(ada.email)
      const updated = yield* resetPassword({ token: yield* resetToken, password: "new password" })
      expect(updated.emailVerifiedAt).toBe(TEST_NOW)
    }))

  test("a link expires after an hour", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      yield* requestPasswordReset(ada.email)
      yield* TestClock.adjust(RESET_TOKEN_TTL_MS)
      const error = yield* Effect.flip(
        resetPassword({ token: yield* resetToken, password: "new password" }),
      )
      expect(error._tag).toBe("InvalidToken")
      expect((yield* Memory).tables.members.get(ada.id)).toEqual(ada)
    }))

  test("checks the reset form with the spec's messages, before the token", () =>
    Effect.gen(function* () {
      const missing = yield* Effect.flip(resetPassword({ token: "", password: "new password" }))
      expect(missing).toMatchObject({ _tag: "ValidationFailed" })
      expect(missing.message).toBe("token: The password reset link is missing a token")
      const short = yield* Effect.flip(resetPassword({ token: "whatever", password: "1234567" }))
      expect(short.message).toBe("password: Password must be at least 8 characters long")
      const mismatch = yield* Effect.flip(
        resetPassword({ token: "whatever", password: "new password", confirmPassword: "other" }),
      )
      expect(mismatch.message).toBe("confirmPassword: Please ensure both password fields match")
    }))

  test("refuses a verification token", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda({ emailVerifiedAt: null })
      const store = yield* Memory
      const ids = yield* IdSource
      const token = yield* ids.newToken
      store.tables.memberTokens.set(yield* ids.digest(token), {
        tokenHash: yield* ids.digest(token),
        memberId: ada.id,
        purpose: "verify",
        createdAt: TEST_NOW,
        expiresAt: TEST_NOW + RESET_TOKEN_TTL_MS,
        usedAt: null,
      })
      const error = yield* Effect.flip(resetPassword({ token, password: "new password" }))
      expect(error).toMatchObject({ _tag: "InvalidToken", purpose: "reset" })
    }))

  test("of two resets racing with one link, exactly one wins", () =>
    Effect.gen(function* () {
      const ada = yield* seedAda()
      yield* requestPasswordReset(ada.email)
      const token = yield* resetToken
      const results = yield* Effect.all(
        ["first password", "second password"].map((password) =>
          Effect.result(resetPassword({ token, password })),
        ),
        { concurrency: "unbounded" },
      )
      expect(results.filter((result) => result._tag === "Success")).toHaveLength(1)
    }))
})
