import { Clock, Effect, Option } from "effect"
import { ValidationFailed } from "../shared/errors.ts"
import type { MemberId } from "../shared/ids.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import {
  normaliseEmail,
  passwordIssues,
  type ProfileUpdate,
  profileIssues,
} from "./account-rules.ts"
import { issueToken } from "./account-tokens.ts"
import { EmailTaken, InvalidCredentials, UsernameTaken } from "./accounts.errors.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { artistName, type Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"
import { MemberTokenRepository } from "./member-token.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { SessionRepository } from "./session.port.ts"

/** The member with the form's fields applied (trimmed, the e-mail normalised). */
const applyProfile = (member: Member, input: ProfileUpdate): Member => ({
  ...member,
  username: input.username?.trim() ?? member.username,
  email: input.email === undefined ? member.email : normaliseEmail(input.email),
  firstName: input.firstName?.trim() ?? member.firstName,
  lastName: input.lastName?.trim() ?? member.lastName,
  profile: {
    ...member.profile,
    bio: input.bio?.trim() ?? member.profile.bio,
    location: input.location?.trim() ?? member.profile.location,
    website: input.website?.trim() ?? member.profile.website,
  },
})

/**
 * Saves the profile form. Each field is checked and named when wrong; the e-mail and username
 * stay unique. A new e-mail address is unverified until its owner clicks the link mailed to it.
 */
export const updateProfile = Effect.fn("updateProfile")(function* (
  memberId: MemberId,
  input: ProfileUpdate,
) {
  const issues = profileIssues(input)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const members = yield* MemberRepository
  const unitOfWork = yield* UnitOfWork
  const { member, token } = yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const current = yield* members.get(memberId)
      let member = applyProfile(current, input)
      const emailChanged = member.email !== current.email
      if (emailChanged) {
        const owner = yield* members.findByEmail(member.email)
        if (Option.isSome(owner) && owner.value.id !== memberId) {
          return yield* new EmailTaken({ email: member.email })
        }
        member = { ...member, emailVerifiedAt: null }
      }
      const renamed = member.username !== current.username
      if (renamed) {
        const owner = yield* members.findByUsername(member.username)
        if (Option.isSome(owner) && owner.value.id !== memberId) {
          return yield* new UsernameTaken({ username: member.username })
        }
      }
      yield* members.save(member)
      // Entry cards and the artist page's link show the current name, in the same commit.
      if (renamed) yield* (yield* EntryRepository).renameArtist(member.id, artistName(member))
      const token = emailChanged ? yield* issueToken(member.id, "verify", now) : undefined
      return { member, token }
    }),
  )
  if (token !== undefined) {
    yield* (yield* Mailer).send({
      kind: "verify-email",
      to: member.email,
      name: member.firstName,
      token,
    })
  }
  return member
})

export interface ChangePassword {
  readonly currentPassword: string
  readonly newPassword: string
}

/**
 * Changes a signed-in member's password, given the current one. Every other session of the
 * member ends (the one making the change, `exceptSessionId`, stays), and pending reset links die.
 */
export const changePassword = Effect.fn("changePassword")(function* (
  memberId: MemberId,
  input: ChangePassword,
  exceptSessionId?: string,
) {
  const issues = passwordIssues(input.newPassword, "newPassword")
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const members = yield* MemberRepository
  const hasher = yield* PasswordHasher
  const member = yield* members.get(memberId)
  if (!(yield* hasher.verify(input.currentPassword, member.passwordHash))) {
    return yield* new InvalidCredentials({ field: "currentPassword" })
  }
  const passwordHash = yield* hasher.hash(input.newPassword)
  const unitOfWork = yield* UnitOfWork
  yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      // Read again inside the transaction, so a profile change made meanwhile is kept.
      const current = yield* members.get(memberId)
      yield* members.save({ ...current, passwordHash })
      yield* (yield* MemberTokenRepository).invalidateAll(memberId, "reset", now)
      yield* (yield* SessionRepository).deleteAllOf(memberId, exceptSessionId)
    }),
  )
})
