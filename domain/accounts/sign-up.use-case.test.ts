import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { IdSource } from "../shared/id-source.port.ts"
import { VERIFICATION_TOKEN_TTL_MS } from "./account-rules.ts"
import { signUp } from "./sign-up.use-case.ts"

const form = {
  email: " Ada@Example.com ",
  password: "correct horse",
  firstName: "Ada",
  lastName: "Lovelace",
  username: "ada_l",
  dateOfBirth: "1990-05-17",
}

describe("signUp", () => {
  test("saves the member unverified and mails a verification link whose digest alone is stored", () =>
    Effect.gen(function* () {
      const member = yield* signUp(form)
      expect(member).toMatchObject({ email: "ada@example.com", emailVerifiedAt: null })
      const store = yield* Memory
      expect(store.tables.members.get(member.id)).toEqual(member)
      expect(store.tables.subscriptions.get(member.id)?.tier).toBe("free")
      expect(store.tables.mails).toHaveLength(1)
      const mail = store.tables.mails[0]
      expect(mail).toMatchObject({ kind: "verify-email", to: "ada@example.com", name: "Ada" })
      if (mail?.kind !== "verify-email") return
      const tokens = [...store.tables.memberTokens.values()]
      expect(tokens).toEqual([
        {
          tokenHash: yield* (yield* IdSource).digest(mail.token),
          memberId: member.id,
          purpose: "verify",
          createdAt: TEST_NOW,
          expiresAt: TEST_NOW + VERIFICATION_TOKEN_TTL_MS,
          usedAt: null,
        },
      ])
      expect(tokens[0]?.tokenHash).not.toBe(mail.token)
      expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    }))

  test("a refused sign-up writes nothing and mails nothing", () =>
    Effect.gen(function* () {
      const invalid = yield* Effect.flip(signUp({ ...form, password: "short" }))
      expect(invalid._tag).toBe("ValidationFailed")
      yield* signUp(form)
      const taken = yield* Effect.flip(signUp({ ...form, email: "other@example.com" }))
      expect(taken._tag).toBe("UsernameTaken")
      const store = yield* Memory
      expect(store.tables.members.size).toBe(1)
      expect(store.tables.memberTokens.size).toBe(1)
      expect(store.tables.mails).toHaveLength(1)
    }))

  test("a taken e-mail is answered like a new account: nothing saved, the owner told", () =>
    Effect.gen(function* () {
      const first = yield* signUp(form)
      const again = yield* signUp({ ...form, email: form.email.toUpperCase(), username: "someone" })
      // A member-shaped answer that was never saved: another id, the same unverified state.
      expect(again).toMatchObject({
        email: first.email,
        username: "someone",
        emailVerifiedAt: null,
      })
      expect(again.id).not.toBe(first.id)
      const store = yield* Memory
      expect([...store.tables.members.keys()]).toEqual([first.id])
      expect(store.tables.memberTokens.size).toBe(1)
      expect(store.tables.mails.map((mail) => [mail.kind, mail.to])).toEqual([
        ["verify-email", first.email],
        ["address-in-use", first.email],
      ])
      expect(store.tables.mails[1]).toMatchObject({ attempt: "sign-up", name: first.firstName })
    }))
})
