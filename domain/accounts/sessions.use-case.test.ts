import { describe, expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, HOUR, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { Member } from "./member.entity.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { SESSION_TTL_MS } from "./session.entity.ts"
import { sessionMember, signIn, signOut } from "./sessions.use-case.ts"

const PASSWORD = "correct horse"

const member = (overrides: Partial<Member> = {}) =>
  Effect.gen(function* () {
    const passwordHash = yield* (yield* PasswordHasher).hash(PASSWORD)
    return yield* seedMember({ email: "ada@example.com", passwordHash, ...overrides })
  })

describe("signIn", () => {
  test("opens a 30-day session stored under the digest of the returned token", () =>
    Effect.gen(function* () {
      const ada = yield* member()
      const result = yield* signIn({ email: " ADA@example.com", password: PASSWORD })
      expect(result.member).toEqual(ada)
      expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const id = yield* (yield* IdSource).digest(result.token)
      expect(result.session).toEqual({
        id,
        memberId: ada.id,
        createdAt: TEST_NOW,
        expiresAt: TEST_NOW + SESSION_TTL_MS,
        lastSeenAt: TEST_NOW,
      })
      expect((yield* Memory).tables.sessions.get(id)).toEqual(result.session)
    }))

  test("gives an unknown e-mail and a wrong password the same answer, and opens nothing", () =>
    Effect.gen(function* () {
      yield* member()
      const wrong = yield* Effect.flip(signIn({ email: "ada@example.com", password: "nope" }))
      const unknown = yield* Effect.flip(signIn({ email: "bob@example.com", password: PASSWORD }))
      for (const error of [wrong, unknown]) {
        expect(error._tag).toBe("InvalidCredentials")
        expect(error.code).toBe("INVALID_CREDENTIALS")
        expect(error.message).toBe("Invalid email or password")
      }
      expect((yield* Memory).tables.sessions.size).toBe(0)
    }))

  test("an unknown e-mail costs a password hash, as a known one costs a verify", () =>
    Effect.gen(function* () {
      const real = yield* PasswordHasher
      let work = 0
      const counting = PasswordHasher.of({
        hash: (password) => Effect.suspend(() => (work++, real.hash(password))),
        verify: (password, hash) => Effect.suspend(() => (work++, real.verify(password, hash))),
      })
      yield* member()
      yield* Effect.flip(signIn({ email: "bob@example.com", password: PASSWORD })).pipe(
        Effect.provideService(PasswordHasher, counting),
      )
      expect(work).toBe(1)
      yield* Effect.flip(signIn({ email: "ada@example.com", password: "nope" })).pipe(
        Effect.provideService(PasswordHasher, counting),
      )
      expect(work).toBe(2)
    }))

  test("refuses an unverified e-mail with the spec's message", () =>
    Effect.gen(function* () {
      yield* member({ emailVerifiedAt: null })
      const error = yield* Effect.flip(signIn({ email: "ada@example.com", password: PASSWORD }))
      expect(error).toMatchObject({ _tag: "EmailNotVerified", code: "EMAIL_NOT_VERIFIED" })
      expect(error.message).toBe(
        "Please check your email and click the verification link before signing in.",
      )
      expect((yield* Memory).tables.sessions.size).toBe(0)
    }))

  test("checks the password before saying the e-mail is unverified", () =>
    Effect.gen(function* () {
      yield* member({ emailVerifiedAt: null })
      const error = yield* Effect.flip(signIn({ email: "ada@example.com", password: "nope" }))
      expect(error._tag).toBe("InvalidCredentials")
    }))

  test("refuses a suspended account", () =>
    Effect.gen(function* () {
      yield* member({ suspendedAt: TEST_NOW - DAY })
      const error = yield* Effect.flip(signIn({ email: "ada@example.com", password: PASSWORD }))
      expect(error).toMatchObject({ _tag: "AccountSuspended", code: "ACCOUNT_SUSPENDED" })
    }))
})

describe("sessionMember", () => {
  test("finds the member behind a live token, and nobody behind an unknown or blank one", () =>
    Effect.gen(function* () {
      const ada = yield* member()
      const { token, session } = yield* signIn({ email: ada.email, password: PASSWORD })
      expect(yield* sessionMember(token)).toEqual(Option.some({ member: ada, session }))
      expect(Option.isNone(yield* sessionMember(`${token}x`))).toBe(true)
      expect(Option.isNone(yield* sessionMember(""))).toBe(true)
      // The stored id is a digest, not a token: presenting it signs nobody in.
      expect(Option.isNone(yield* sessionMember(session.id))).toBe(true)
    }))

  test("slides: a use after more than a day extends the session 30 days from then", () =>
    Effect.gen(function* () {
      const ada = yield* member()
      const { token, session } = yield* signIn({ email: ada.email, password: PASSWORD })
      yield* TestClock.adjust(12 * HOUR)
      const early = Option.getOrThrow(yield* sessionMember(token))
      expect(early.session).toEqual(session)
      yield* TestClock.adjust(12 * HOUR + 1)
      const later = Option.getOrThrow(yield* sessionMember(token))
      const now = TEST_NOW + DAY + 1
      expect(later.session).toEqual({
        ...session,
        lastSeenAt: now,
        expiresAt: now + SESSION_TTL_MS,
      })
      expect((yield* Memory).tables.sessions.get(session.id)).toEqual(later.session)
      // Used every 20 days, it outlives its first 30.
      for (let i = 0; i < 4; i++) {
        yield* TestClock.adjust(20 * DAY)
        expect(Option.isSome(yield* sessionMember(token))).toBe(true)
      }
    }))

  test("an unused session expires after 30 days and is deleted", () =>
    Effect.gen(function* () {
      const ada = yield* member()
      const { token, session } = yield* signIn({ email: ada.email, password: PASSWORD })
      yield* TestClock.adjust(SESSION_TTL_MS - 1)
      expect(Option.isSome(yield* sessionMember(token))).toBe(true)
      yield* TestClock.adjust(SESSION_TTL_MS)
      expect(Option.isNone(yield* sessionMember(token))).toBe(true)
      expect((yield* Memory).tables.sessions.has(session.id)).toBe(false)
    }))

  test("a suspended member counts as signed out", () =>
    Effect.gen(function* () {
      const ada = yield* member()
      const { token } = yield* signIn({ email: ada.email, password: PASSWORD })
      const store = yield* Memory
      store.tables.members.set(ada.id, { ...ada, suspendedAt: TEST_NOW })
      expect(Option.isNone(yield* sessionMember(token))).toBe(true)
    }))
})

describe("signOut", () => {
  test("ends that session only, and ending it again is fine", () =>
    Effect.gen(function* () {
      const ada = yield* member()
      const phone = yield* signIn({ email: ada.email, password: PASSWORD })
      const laptop = yield* signIn({ email: ada.email, password: PASSWORD })
      yield* signOut(phone.token)
      yield* signOut(phone.token)
      yield* signOut("")
      expect(Option.isNone(yield* sessionMember(phone.token))).toBe(true)
      expect(Option.isSome(yield* sessionMember(laptop.token))).toBe(true)
    }))
})
