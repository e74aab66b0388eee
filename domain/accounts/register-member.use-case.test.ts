import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { registerMember } from "./register-member.use-case.ts"

const signUp = {
  email: "  Ada@Example.COM ",
  password: "correct horse",
  firstName: " Ada ",
  lastName: "Lovelace",
  username: " ada_l ",
  dateOfBirth: "1990-05-17",
}

describe("registerMember", () => {
  test("saves the member, normalised and unverified, with a hashed password and a free plan", () =>
    Effect.gen(function* () {
      const member = yield* registerMember(signUp)
      expect(member).toMatchObject({
        email: "ada@example.com",
        username: "ada_l",
        firstName: "Ada",
        lastName: "Lovelace",
        dateOfBirth: "1990-05-17",
        emailVerifiedAt: null,
        isAdmin: false,
        suspendedAt: null,
        createdAt: TEST_NOW,
      })
      expect(member.passwordHash).not.toContain(signUp.password)
      const hasher = yield* PasswordHasher
      expect(yield* hasher.verify(signUp.password, member.passwordHash)).toBe(true)
      expect(yield* hasher.verify("wrong password", member.passwordHash)).toBe(false)
      const store = yield* Memory
      expect(store.tables.members.get(member.id)).toEqual(member)
      expect(store.tables.subscriptions.get(member.id)).toMatchObject({
        tier: "free",
        remaining: 2,
      })
    }))

  test("marks the e-mail verified when the operator says so", () =>
    Effect.gen(function* () {
      const member = yield* registerMember({ ...signUp, verified: true })
      expect(member.emailVerifiedAt).toBe(TEST_NOW)
    }))

  test("names every broken sign-up rule and writes nothing", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        registerMember({ ...signUp, email: "nope", password: "short", dateOfBirth: "2015-01-01" }),
      )
      expect(error._tag).toBe("ValidationFailed")
      if (error._tag !== "ValidationFailed") return
      expect(error.issues.map((issue) => issue.field)).toEqual(["email", "password", "dateOfBirth"])
      const store = yield* Memory
      expect(store.tables.members.size).toBe(0)
      expect(store.tables.subscriptions.size).toBe(0)
    }))

  test("refuses an e-mail already taken, in any case", () =>
    Effect.gen(function* () {
      yield* registerMember(signUp)
      const error = yield* Effect.flip(
        registerMember({ ...signUp, email: "ADA@example.com", username: "someone_else" }),
      )
      expect(error).toMatchObject({ _tag: "EmailTaken", email: "ada@example.com" })
      expect(error.code).toBe("EMAIL_TAKEN")
      expect((yield* Memory).tables.members.size).toBe(1)
    }))

  test("refuses a username already taken, case-insensitively", () =>
    Effect.gen(function* () {
      yield* registerMember(signUp)
      const error = yield* Effect.flip(
        registerMember({ ...signUp, email: "grace@example.com", username: "ADA_L" }),
      )
      expect(error).toMatchObject({ _tag: "UsernameTaken", username: "ADA_L" })
      expect(error.code).toBe("USERNAME_TAKEN")
      expect(error.message).toBe("The username ADA_L is already taken")
      const store = yield* Memory
      expect(store.tables.members.size).toBe(1)
      expect(store.tables.subscriptions.size).toBe(1)
    }))

  test("signs up one member when the same e-mail registers concurrently", () =>
    Effect.gen(function* () {
      const attempts = [1, 2, 3, 4].map((n) =>
        Effect.result(registerMember({ ...signUp, username: `ada_${n}` })),
      )
      const results = yield* Effect.all(attempts, { concurrency: "unbounded" })
      expect(results.filter((result) => result._tag === "Success")).toHaveLength(1)
      expect((yield* Memory).tables.members.size).toBe(1)
    }))
})
