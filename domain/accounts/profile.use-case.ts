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
import { InvalidCredentials, UsernameTaken } from "./accounts.errors.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { artistName, type Member } from "./member.entity.ts"
import { mailLanguageOf } from "./mail-language.ts"
import { MemberRepository } from "./member.port.ts"
import { MemberTokenRepository } from "./member-token.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import { SessionRepository } from "./session.port.ts"

/** The member with the form's fields applied (trimmed); the e-mail is handled apart. */
const applyProfile = (member: Member, input: ProfileUpdate): Member => ({
  ...member,
  username: input.username?.trim() ?? member.username,
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
 * Saves the profile form. Each field is checked and named when wrong; the username stays unique.
 *
 * A new e-mail address does not replace the account's until it is proved: it is kept as pending,
 * a link is mailed to it (opening it moves the account), and the current address is told. An
 * address that has an account already gets the same answer (nothing is revealed) and its owner a
 * notice instead of the link. Sending the current address again cancels a pending change.
 */
export const updateProfile = Effect.fn("updateProfile")(function* (
  memberId: MemberId,
  input: ProfileUpdate,
) {
  const issues = profileIssues(input)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const members = yield* MemberRepository
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const current = yield* members.get(memberId)
      let member = applyProfile(current, input)
      const renamed = member.username !== current.username
      if (renamed) {
        const owner = yield* members.findByUsername(member.username)
        if (Option.isSome(owner) && owner.value.id !== memberId) {
          return yield* new UsernameTaken({ username: member.username })
        }
      }
      const asked = input.email === undefined ? undefined : normaliseEmail(input.email)
      if (asked !== undefined && asked !== (current.pendingEmail ?? current.email)) {
        member = yield* askForEmailChange(member, asked, now)
      }
      yield* members.save(member)
      // Entry cards and the artist page's link show the current name, in the same commit.
      if (renamed) yield* (yield* EntryRepository).renameArtist(member.id, artistName(member))
      return member
    }),
  )
})

/**
 * The member with `asked` pending (or no change pending when `asked` is their address), the
 * mails queued. In the caller's transaction.
 */
const askForEmailChange = Effect.fn("askForEmailChange")(function* (
  member: Member,
  asked: string,
  now: number,
) {
  const tokens = yield* MemberTokenRepository
  // Whatever the new request, an older change link stops working.
  yield* tokens.invalidateAll(member.id, "change-email", now)
  if (asked === member.email) return { ...member, pendingEmail: null }
  const mailer = yield* Mailer
  const owner = yield* (yield* MemberRepository).findByEmail(asked)
  if (Option.isSome(owner)) {
    yield* mailer.send({
      kind: "address-in-use",
      to: owner.value.email,
      name: owner.value.firstName,
      attempt: "email-change",
      language: yield* mailLanguageOf(owner.value.id),
    })
  } else {
    const token = yield* issueToken(member.id, "change-email", now)
    yield* mailer.send({
      kind: "confirm-email-change",
      to: asked,
      name: member.firstName,
      token,
      language: yield* mailLanguageOf(member.id),
    })
  }
  yield* mailer.send({
    kind: "email-change-requested",
    to: member.email,
    name: member.firstName,
    newEmail: asked,
    language: yield* mailLanguageOf(member.id),
  })
  return { ...member, pendingEmail: asked }
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
