import { Clock, Effect, Option } from "effect"
import { ValidationFailed, type ValidationIssue } from "../shared/errors.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { isEmailShaped, normaliseEmail } from "./account-rules.ts"
import { consumeToken, issueToken } from "./account-tokens.ts"
import type { Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"
import type { TokenPurpose } from "./member-token.port.ts"

/**
 * Opens a verification link: the member's e-mail counts as verified from now (a member verified
 * already keeps the first date) and the token is used up. An unknown, used, expired or reset
 * token is InvalidToken.
 */
export const verifyEmail = Effect.fn("verifyEmail")(function* (token: string) {
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const stored = yield* consumeToken(token, "verify", now)
      const members = yield* MemberRepository
      const member = yield* members.get(stored.memberId)
      const verified =
        member.emailVerifiedAt === null ? { ...member, emailVerifiedAt: now } : member
      if (verified !== member) yield* members.save(verified)
      return verified
    }),
  )
})

/** The e-mail address a forgot / resend form sends, or the reason it cannot be one. */
export const emailFieldIssues = (email: string): ReadonlyArray<ValidationIssue> => {
  if (email.trim() === "") {
    return [
      {
        field: "email",
        title: "Email required",
        message: "Please enter your email address first.",
      },
    ]
  }
  if (!isEmailShaped(email)) {
    return [
      { field: "email", title: "Invalid email", message: "Please enter a valid email address" },
    ]
  }
  return []
}

/**
 * Sends a new verification link to an unverified member. It answers the same whether or not
 * such an account exists (only a blank or malformed address is refused), so it reveals nothing.
 * The new link replaces the older ones.
 */
/**
 * Mails a fresh link of `purpose` to the member with this address when `eligible` says so,
 * replacing their older links, and answers the same whether or not such a member exists: only a
 * blank or malformed address is refused. The token is stored in a transaction; the mail goes after.
 */
export const mailLinkTo = Effect.fn("mailLinkTo")(function* (
  email: string,
  purpose: TokenPurpose,
  eligible: (member: Member) => boolean,
) {
  const issues = emailFieldIssues(email)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const members = yield* MemberRepository
  const unitOfWork = yield* UnitOfWork
  const issued = yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const found = yield* members.findByEmail(normaliseEmail(email))
      if (Option.isNone(found) || !eligible(found.value)) return Option.none()
      const member = found.value
      const token = yield* issueToken(member.id, purpose, yield* Clock.currentTimeMillis)
      return Option.some({ member, token })
    }),
  )
  if (Option.isNone(issued)) return
  const { member, token } = issued.value
  yield* (yield* Mailer).send({
    kind: purpose === "verify" ? "verify-email" : "reset-password",
    to: member.email,
    name: member.firstName,
    token,
  })
})

export const resendVerification = Effect.fn("resendVerification")(function* (email: string) {
  yield* mailLinkTo(email, "verify", (member) => member.emailVerifiedAt === null)
})
