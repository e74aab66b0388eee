import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { warnOfFailedSignIns } from "./failed-sign-ins.use-case.ts"

describe("warnOfFailedSignIns", () => {
  test("mails the account's owner, found by the e-mail however it was typed", () =>
    Effect.gen(function* () {
      const ada = yield* seedMember({ email: "ada@example.com", firstName: "Ada" })
      expect(yield* warnOfFailedSignIns(" ADA@example.com ", 10)).toBe(true)
      expect((yield* Memory).tables.mails).toEqual([
        { kind: "failed-sign-ins", to: ada.email, name: "Ada", attempts: 10 },
      ])
    }))

  test("mails nobody for an e-mail that is no account", () =>
    Effect.gen(function* () {
      expect(yield* warnOfFailedSignIns("nobody@example.com", 10)).toBe(false)
      expect((yield* Memory).tables.mails).toEqual([])
    }))
})
