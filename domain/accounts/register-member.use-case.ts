import { Clock, Effect, Option } from "effect"
import { startSubscription } from "../plans/quota.ts"
import { SubscriptionRepository } from "../plans/subscription.port.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { Instant, MemberId } from "../shared/ids.ts"
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

/** The member a valid sign-up describes: normalised, with its password hashed already. */
export const newMember = (
  input: RegisterMember,
  id: MemberId,
  passwordHash: string,
  now: Instant,
): Member => ({
  id,
  email: normaliseEmail(input.email),
  username: input.username.trim(),
  firstName: input.firstName.trim(),
  lastName: input.lastName.trim(),
  dateOfBirth: input.dateOfBirth,
  passwordHash,
  emailVerifiedAt: input.verified === true ? now : null,
  pendingEmail: null,
  isAdmin: false,
  isJudge: false,
  suspendedAt: null,
  profile: EMPTY_PROFILE,
  createdAt: now,
})

/**
 * The sign-up rules checked and the password hashed: everything slow or refusable that happens
 * before the transaction (hashing is slow on purpose, so it must not hold the write lock).
 */
export const prepareMember = Effect.fn("prepareMember")(function* (input: RegisterMember) {
  const now = yield* Clock.currentTimeMillis
  const issues = signUpIssues(input, now)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const passwordHash = yield* (yield* PasswordHasher).hash(input.password)
  return newMember(input, yield* (yield* IdSource).newId, passwordHash, now)
})

/**
 * Saves a new member with a free subscription, refusing a taken e-mail or username. Runs in the
 * caller's transaction.
 */
export const insertMember = Effect.fn("insertMember")(function* (member: Member) {
  const members = yield* MemberRepository
  const subscriptions = yield* SubscriptionRepository
  if (Option.isSome(yield* members.findByEmail(member.email))) {
    return yield* new EmailTaken({ email: member.email })
  }
  if (Option.isSome(yield* members.findByUsername(member.username))) {
    return yield* new UsernameTaken({ username: member.username })
  }
  yield* members.save(member)
  yield* subscriptions.save(startSubscription(member.id, member.createdAt))
  return member
})

/**
 * Signs a member up: the sign-up rules, a unique e-mail and username, the password hashed, and
 * the member saved with a free subscription in one transaction.
 */
export const registerMember = Effect.fn("registerMember")(function* (input: RegisterMember) {
  const member = yield* prepareMember(input)
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(insertMember(member))
})
