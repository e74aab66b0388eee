import { Clock, Effect, Option } from "effect"
import { ValidationFailed } from "../shared/errors.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { normaliseEmail, resetIssues } from "./account-rules.ts"
import { consumeToken, issueToken, usableToken } from "./account-tokens.ts"
import { emailFieldIssues } from "./email-verification.use-case.ts"
import { MemberRepository } from "./member.port.ts"
import { MemberTokenRepository } from "./member-token.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { SessionRepository } from "./session.port.ts"

/**
 * "Forgot password": mails a 1-hour reset link to the member with this address, replacing older
 * links. It answers the same whether or not the account exists.
 */
export const requestPasswordReset = Effect.fn("requestPasswordReset")(function* (email: string) {
  const issues = emailFieldIssues(email)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const members = yield* MemberRepository
  const unitOfWork = yield* UnitOfWork
  const issued = yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const found = yield* members.findByEmail(normaliseEmail(email))
      if (Option.isNone(found)) return Option.none()
      const member = found.value
      const token = yield* issueToken(member.id, "reset", yield* Clock.currentTimeMillis)
      return Option.some({ member, token })
    }),
  )
  if (Option.isSome(issued)) {
    const { member, token } = issued.value
    yield* (yield* Mailer).send({
      kind: "reset-password",
      to: member.email,
      name: member.firstName,
      token,
    })
  }
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
