import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { Memory } from "./memory.layers.ts"
import { seedMember } from "./seed.ts"
import { itWithMemory as test } from "./testing.ts"

describe("memory unit of work", () => {
  test("a failed transaction leaves nothing of its writes", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const unitOfWork = yield* UnitOfWork
      const members = yield* MemberRepository
      const failed = yield* Effect.flip(
        unitOfWork.transaction(
          Effect.gen(function* () {
            yield* members.save({ ...member, username: "renamed" })
            yield* unitOfWork.transaction(members.save({ ...member, id: "second" }))
            return yield* new NotFound({ entity: "contest", id: "x" })
          }),
        ),
      )
      expect(failed._tag).toBe("NotFound")
      const store = yield* Memory
      expect(store.tables.members.get(member.id)?.username).toBe(member.username)
      expect(store.tables.members.has("second")).toBe(false)
    }))

  test("a successful transaction keeps all its writes, nested ones included", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const unitOfWork = yield* UnitOfWork
      const members = yield* MemberRepository
      yield* unitOfWork.transaction(
        Effect.gen(function* () {
          yield* members.save({ ...member, username: "renamed" })
          yield* unitOfWork.transaction(members.save({ ...member, id: "second" }))
        }),
      )
      const store = yield* Memory
      expect(store.tables.members.get(member.id)?.username).toBe("renamed")
      expect(store.tables.members.has("second")).toBe(true)
    }))
})
