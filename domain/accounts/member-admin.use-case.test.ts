import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { HOUR, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { AuditLog } from "../admin/audit-log.port.ts"
import { listMembers, makeAdmin, memberByEmail, verifyMember } from "./member-admin.use-case.ts"

describe("memberByEmail", () => {
  test("finds a member by e-mail in any case or spacing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ email: "ada@example.com" })
      expect(yield* memberByEmail(" Ada@Example.com ")).toEqual(member)
    }))

  test("answers NotFound naming the e-mail", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(memberByEmail("nobody@example.com"))
      expect(error).toMatchObject({ _tag: "NotFound", entity: "member", id: "nobody@example.com" })
      expect(error.message).toBe("No member with id nobody@example.com")
    }))
})

describe("listMembers", () => {
  test("pages through every member in id order", () =>
    Effect.gen(function* () {
      const seeded = [yield* seedMember(), yield* seedMember(), yield* seedMember()]
      const first = yield* listMembers({ limit: 2 })
      expect(first.items.map((member) => member.id)).toEqual([seeded[0]?.id, seeded[1]?.id])
      expect(first.nextCursor).not.toBeNull()
      const second = yield* listMembers({ cursor: first.nextCursor, limit: 2 })
      expect(second.items.map((member) => member.id)).toEqual([seeded[2]?.id])
      expect(second.nextCursor).toBeNull()
    }))

  test("uses the default page size when no limit is given", () =>
    Effect.gen(function* () {
      for (let n = 0; n < 30; n++) yield* seedMember()
      expect((yield* listMembers()).items).toHaveLength(24)
    }))
})

describe("makeAdmin", () => {
  test("gives the admin role, audited as the operator; giving it again changes nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ email: "ada@example.com" })
      expect((yield* makeAdmin("ada@example.com")).isAdmin).toBe(true)
      expect((yield* makeAdmin("ada@example.com")).isAdmin).toBe(true)
      expect((yield* Memory).tables.members.get(member.id)?.isAdmin).toBe(true)
      const audit = yield* (yield* AuditLog).page({}, null, 10)
      expect(audit.items).toHaveLength(1)
      expect(audit.items[0]).toMatchObject({
        actorId: null,
        action: "member.admin",
        targetId: member.id,
        before: { isAdmin: false },
        after: { isAdmin: true },
      })
    }))

  test("refuses an unknown e-mail", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(makeAdmin("nobody@example.com"))
      expect(error._tag).toBe("NotFound")
    }))
})

describe("verifyMember", () => {
  test("sets the verification date to now, once", () =>
    Effect.gen(function* () {
      const member = yield* seedMember({ email: "ada@example.com", emailVerifiedAt: null })
      expect((yield* verifyMember("ada@example.com")).emailVerifiedAt).toBe(TEST_NOW)
      yield* TestClock.adjust(HOUR)
      expect((yield* verifyMember("ada@example.com")).emailVerifiedAt).toBe(TEST_NOW)
      expect((yield* Memory).tables.members.get(member.id)?.emailVerifiedAt).toBe(TEST_NOW)
    }))
})
