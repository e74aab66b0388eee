import { Clock, Effect } from "effect"
import { ValidationFailed } from "../shared/errors.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { resetIssues } from "./account-rules.ts"
import { consumeToken, usableToken } from "./account-tokens.ts"
import { mailLinkTo } from "./email-verification.use-case.ts"
import { MemberRepository } from "./member.port.ts"
import { MemberTokenRepository } from "./member-token.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { SessionRepository } from "./session.port.ts"

/**
 * "Forgot password": mails a 1-hour reset link to the member with this address, replacing older
 * links. It answers the same whether or not the account exists.
 */
export const requestPasswordReset = Effect.fn("requestPasswordReset")(function* (email: string) {
  yield* mailLinkTo(email, "reset", () => true)
})

export interface ResetPassword {
  readonly token: string
  readonly password: string
  /** The reset page's second field; the API may leave it out (then it is `password`). */
  readonly confirmPassword?: string | undefined
}

/**
 * Sets a new password from a reset link. The link is used up (with every other reset link of the
 * member), every session of the member ends, and the e-mail counts as verified: opening the link
 * proved access to the mailbox. Returns the member.
 */
export const resetPassword = Effect.fn("resetPassword")(function* (input: ResetPassword) {
  const issues = resetIssues({
    token: input.token,
    password: input.password,
    confirmPassword: input.confirmPassword ?? input.password,
  })
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  // A link that cannot work is refused before the (deliberately slow) hash.
  yield* usableToken(input.token, "reset", yield* Clock.currentTimeMillis)
  const passwordHash = yield* (yield* PasswordHasher).hash(input.password)
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      // Used up inside the transaction: of two resets with one link, one wins.
      const stored = yield* consumeToken(input.token, "reset", now)
      const members = yield* MemberRepository
      const member = yield* members.get(stored.memberId)
      const updated = { ...member, passwordHash, emailVerifiedAt: member.emailVerifiedAt ?? now }
      yield* members.save(updated)
      yield* (yield* MemberTokenRepository).invalidateAll(member.id, "reset", now)
      yield* (yield* SessionRepository).deleteAllOf(member.id)
      return updated
    }),
  )
})
