import { Effect, Option } from "effect"
import { type Actor, audit } from "../admin/audit.ts"
import type { MemberId } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import { MemberRepository } from "./member.port.ts"
import { TwoFactorNotOn } from "./two-factor.errors.ts"
import { TwoFactorRepository } from "./two-factor.port.ts"

/**
 * An admin (or an operator at the CLI) turns a member's two-factor sign-in off, for a member who
 * lost both their authenticator and their recovery codes: the secret, the recovery codes and any
 * sign-in waiting for a code go, and the audit log keeps who did it. The member signs in with
 * the password alone and may enrol again. TwoFactorNotOn when it was not on; NotFound for an
 * unknown member.
 */
export const resetTwoFactorAs = Effect.fn("resetTwoFactorAs")(function* (
  actor: Actor,
  memberId: MemberId,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const member = yield* (yield* MemberRepository).get(memberId)
      const repository = yield* TwoFactorRepository
      const found = yield* repository.find(member.id)
      if (Option.isNone(found) || found.value.enabledAt === null) {
        return yield* new TwoFactorNotOn({ asked: "reset" })
      }
      const recoveryCodesLeft = yield* repository.recoveryCodesLeft(member.id)
      yield* repository.remove(member.id)
      yield* audit(
        actor,
        "member.two-factor-reset",
        { type: "member", id: member.id },
        { twoFactor: true, enabledAt: found.value.enabledAt, recoveryCodesLeft },
        { twoFactor: false },
      )
      return member
    }),
  )
})
