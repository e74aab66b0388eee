import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { seedMember } from "../../adapters/memory/seed.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { SubscriptionRepository } from "../../domain/plans/subscription.port.ts"
import { NotFound } from "../../domain/shared/errors.ts"
import { UnitOfWork } from "../../domain/shared/unit-of-work.port.ts"
import { contract, unique } from "./support/contract.ts"

contract("UnitOfWork", (test) => {
  test("a failed transaction leaves none of its writes, nested ones included", () =>
    Effect.gen(function* () {
      const unitOfWork = yield* UnitOfWork
      const members = yield* MemberRepository
      const subscriptions = yield* SubscriptionRepository
      const member = yield* seedMember({ username: unique("u"), tier: "free" })
      const error = yield* Effect.flip(
        unitOfWork.transaction(
          Effect.gen(function* () {
            yield* members.save({ ...member, firstName: "Changed" })
            yield* unitOfWork.transaction(
              subscriptions.save({
                memberId: member.id,
                tier: "champ",
                remaining: 99,
                renewsAt: 0,
              }),
            )
            return yield* new NotFound({ entity: "contest", id: "x" })
          }),
        ),
      )
      expect(error._tag).toBe("NotFound")
      expect((yield* members.get(member.id)).firstName).toBe(member.firstName)
      expect(Option.getOrThrow(yield* subscriptions.find(member.id)).tier).toBe("free")
    }))

  test("a defect rolls back too, and the next transaction commits", () =>
    Effect.gen(function* () {
      const unitOfWork = yield* UnitOfWork
      const members = yield* MemberRepository
      const member = yield* seedMember({ username: unique("u") })
      yield* Effect.exit(
        unitOfWork.transaction(
          Effect.andThen(members.save({ ...member, lastName: "Broken" }), Effect.die("boom")),
        ),
      )
      expect((yield* members.get(member.id)).lastName).toBe(member.lastName)
      yield* unitOfWork.transaction(members.save({ ...member, lastName: "Kept" }))
      expect((yield* members.get(member.id)).lastName).toBe("Kept")
    }))

  test("each transaction reads what committed before it began, never an earlier one's view", () =>
    Effect.gen(function* () {
      const unitOfWork = yield* UnitOfWork
      const members = yield* MemberRepository
      const member = yield* seedMember({ username: unique("u") })
      // One after the other, so MySQL runs them on the same kept connection (database.ts, once).
      for (const lastName of ["First", "Second", "Third"]) {
        const seen = yield* unitOfWork.transaction(members.get(member.id))
        yield* members.save({ ...seen, lastName })
        const inNext = yield* unitOfWork.transaction(members.get(member.id))
        expect(inNext.lastName).toBe(lastName)
      }
      // A failed one ends too: the next one sees what was written after it.
      yield* Effect.exit(
        unitOfWork.transaction(Effect.andThen(members.get(member.id), Effect.die("boom"))),
      )
      yield* members.save({ ...member, lastName: "After" })
      expect((yield* unitOfWork.transaction(members.get(member.id))).lastName).toBe("After")
    }))
})
