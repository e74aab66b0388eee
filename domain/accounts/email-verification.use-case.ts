import { Clock, Effect, Option } from "effect"
import { ValidationFailed, type ValidationIssue } from "../shared/errors.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import { isEmailShaped, normaliseEmail } from "./account-rules.ts"
import { consumeToken, issueToken, usableToken } from "./account-tokens.ts"
import { EmailTaken, InvalidToken } from "./accounts.errors.ts"
import type { Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"
import { memberSettings } from "./member-settings.use-case.ts"
import type { TokenPurpose } from "./member-token.port.ts"

/**
 * Opens a link mailed to prove an address: a verification link (the member's e-mail counts as
 * verified from now; a member verified already keeps the first date) or an e-mail change link
 * (the account moves to the pending address, verified by this click). The token is used up. An
 * unknown, used, expired or replaced token is InvalidToken; an address taken by another account
 * since the change was asked for is EmailTaken (told to whoever holds that mailbox only).
 */
export const verifyEmail = Effect.fn("verifyEmail")(function* (token: string) {
  const unitOfWork = yield* UnitOfWork
  return yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const found = yield* Effect.option(usableToken(token, "change-email", now))
      if (Option.isSome(found)) return yield* moveToPendingEmail(token, now)
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

/** An e-mail change link opened: the account takes its pending address. In the caller's transaction. */
const moveToPendingEmail = Effect.fn("moveToPendingEmail")(function* (token: string, now: number) {
  const stored = yield* consumeToken(token, "change-email", now)
  const members = yield* MemberRepository
  const member = yield* members.get(stored.memberId)
  // A later change (or a cancel) replaced this link's address: the link is stale.
  if (member.pendingEmail === null) return yield* new InvalidToken({ purpose: "change-email" })
  const owner = yield* members.findByEmail(member.pendingEmail)
  if (Option.isSome(owner) && owner.value.id !== member.id) {
    return yield* new EmailTaken({ email: member.pendingEmail })
  }
  const moved: Member = {
    ...member,
    email: member.pendingEmail,
    pendingEmail: null,
    emailVerifiedAt: now,
  }
  yield* members.save(moved)
  return moved
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
 * Mails a fresh link of `purpose` to the member with this address when `eligible` says so,
 * replacing their older links, and answers the same whether or not such a member exists: only a
 * blank or malformed address is refused. The token and the queued mail are written in one
 * transaction; nothing here waits on a mail relay, so the time taken reveals nothing either.
 */
export const mailLinkTo = Effect.fn("mailLinkTo")(function* (
  email: string,
  purpose: Exclude<TokenPurpose, "change-email">,
  eligible: (member: Member) => boolean,
) {
  const issues = emailFieldIssues(email)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const members = yield* MemberRepository
  const unitOfWork = yield* UnitOfWork
  yield* unitOfWork.transaction(
    Effect.gen(function* () {
      const found = yield* members.findByEmail(normaliseEmail(email))
      if (Option.isNone(found) || !eligible(found.value)) return
      const member = found.value
      const token = yield* issueToken(member.id, purpose, yield* Clock.currentTimeMillis)
      // In the member's language (issue 22); English if their settings cannot be read.
      const settings = yield* Effect.option(memberSettings(member.id))
      yield* (yield* Mailer).send({
        kind: purpose === "verify" ? "verify-email" : "reset-password",
        to: member.email,
        name: member.firstName,
        token,
        language: Option.getOrUndefined(settings)?.language,
      })
    }),
  )
})

/**
 * Sends a new verification link to an unverified member; the same answer whether or not such an
 * account exists. The new link replaces the older ones.
 */
export const resendVerification = Effect.fn("resendVerification")(function* (email: string) {
  yield* mailLinkTo(email, "verify", (member) => member.emailVerifiedAt === null)
})
