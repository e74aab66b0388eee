import { Clock, Effect, Option } from "effect"
import { startSubscription } from "../plans/quota.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { normaliseEmail, type SignUp, signUpIssues } from "./account-rules.ts"
import { EmailTaken, UsernameTaken } from "./accounts.errors.ts"
import { EMPTY_PROFILE, type Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"

export interface RegisterMember extends SignUp {
  /** Operators may create members whose e-mail counts as verified already. */
  readonly verified?: boolean | undefined
}

/**
 * Signs a member up: the sign-up rules, a unique e-mail and username, the password hashed, and
 * the member saved with a free subscription in one transaction.
 */
export const registerMember = Effect.fn("registerMember")(function* (input: RegisterMember) {
  const now = yield* Clock.currentTimeMillis
  const issues = signUpIssues(input, now)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const email = normaliseEmail(input.email)
  const username = input.username.trim()

  // Hashing is slow on purpose, so it happens before the transaction takes the write lock.
  const passwordHash = yield* (yield* PasswordHasher).hash(input.password)
  const members = yield* MemberRepository
  const subscriptions = yield* SubscriptionRepository
  const ids = yield* IdSource
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      if (Option.isSome(yield* members.findByEmail(email))) {
        return yield* new EmailTaken({ email })
      }
      if (Option.isSome(yield* members.findByUsername(username))) {
        return yield* new UsernameTaken({ username })
      }
      const member: Member = {
        id: yield* ids.newId,
        email,
        username,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        dateOfBirth: input.dateOfBirth,
        passwordHash,
        emailVerifiedAt: input.verified === true ? now : null,
        isAdmin: false,
        suspendedAt: null,
        profile: EMPTY_PROFILE,
        createdAt: now,
      }
      yield* members.save(member)
      yield* subscriptions.save(startSubscription(member.id, now))
      return member
    }),
  )
})
