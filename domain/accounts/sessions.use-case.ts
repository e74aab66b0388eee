import { Clock, Effect, Option } from "effect"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { normaliseEmail } from "./account-rules.ts"
import { AccountSuspended, EmailNotVerified, InvalidCredentials } from "./accounts.errors.ts"
import type { Member } from "./member.entity.ts"
import { MemberRepository } from "./member.port.ts"
import { PasswordHasher } from "./password-hasher.port.ts"
import {
  isSessionExpired,
  isSessionTouchDue,
  SESSION_TTL_MS,
  type Session,
  touchedSession,
} from "./session.entity.ts"
import { SessionRepository } from "./session.port.ts"
import { CHALLENGE_TTL_MS } from "./two-factor.entity.ts"
import { TwoFactorRequired } from "./two-factor.errors.ts"
import { TwoFactorRepository } from "./two-factor.port.ts"

export interface SignIn {
  readonly email: string
  readonly password: string
}

/** Opens a new session for a member; returns the raw token for the cookie. */
export const openSession = Effect.fn("openSession")(function* (memberId: MemberId) {
  const ids = yield* IdSource
  const sessions = yield* SessionRepository
  const now = yield* Clock.currentTimeMillis
  const token = yield* ids.newToken
  const session: Session = {
    id: yield* ids.digest(token),
    memberId,
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
    lastSeenAt: now,
  }
  yield* sessions.create(session)
  return { token, session }
})

/**
 * After a correct password: a member with two-factor sign-in on gets no session yet but a
 * 5-minute challenge (TwoFactorRequired), whose token the browser sends back with a code
 * (two-factor.use-case's completeTwoFactorSignIn).
 */
const requireSecondFactor = Effect.fn("requireSecondFactor")(function* (memberId: MemberId) {
  const repository = yield* TwoFactorRepository
  const found = yield* repository.find(memberId)
  if (Option.isNone(found) || found.value.enabledAt === null) return
  const ids = yield* IdSource
  const token = yield* ids.newToken
  const expiresAt = (yield* Clock.currentTimeMillis) + CHALLENGE_TTL_MS
  yield* repository.createChallenge({
    id: yield* ids.digest(token),
    memberId,
    expiresAt,
    failures: 0,
  })
  return yield* new TwoFactorRequired({ challenge: token, expiresAt })
})

/**
 * Signs a member in with e-mail and password. An unknown e-mail and a wrong password get the same
 * answer, after the same work (a password hash), so neither the answer nor its timing tells
 * whether the account exists. Then an unverified e-mail or a suspension refuses; else a new
 * 30-day sliding session, whose raw token goes in the cookie (only its digest is stored), unless
 * the member has two-factor sign-in on (TwoFactorRequired: the code comes next).
 */
export const signIn = Effect.fn("signIn")(function* (input: SignIn) {
  const members = yield* MemberRepository
  const hasher = yield* PasswordHasher
  const found = yield* members.findByEmail(normaliseEmail(input.email))
  if (Option.isNone(found)) {
    // As slow as a verify: one derivation of the key from the password.
    yield* hasher.hash(input.password)
    return yield* new InvalidCredentials({})
  }
  const member = found.value
  if (!(yield* hasher.verify(input.password, member.passwordHash))) {
    return yield* new InvalidCredentials({})
  }
  if (member.emailVerifiedAt === null) return yield* new EmailNotVerified({ email: member.email })
  if (member.suspendedAt !== null) return yield* new AccountSuspended({ email: member.email })
  yield* requireSecondFactor(member.id)
  const { token, session } = yield* openSession(member.id)
  return { token, member, session }
})

/**
 * The signed-in member behind a cookie token, if its session is live: an expired session is
 * deleted, a suspended member counts as signed out, and a session used after more than a day
 * is extended for another 30 days.
 */
export const sessionMember = Effect.fn("sessionMember")(function* (token: string) {
  const none = Option.none<{ readonly member: Member; readonly session: Session }>()
  if (token.trim() === "") return none
  const sessions = yield* SessionRepository
  const found = yield* sessions.findWithMember(yield* (yield* IdSource).digest(token))
  if (Option.isNone(found)) return none
  let session = found.value.session
  const now = yield* Clock.currentTimeMillis
  if (isSessionExpired(session, now)) {
    yield* sessions.delete(session.id)
    return none
  }
  const member = found.value.member
  if (member === null || member.suspendedAt !== null) return none
  if (isSessionTouchDue(session, now)) {
    session = touchedSession(session, now)
    yield* sessions.touch(session.id, session.lastSeenAt, session.expiresAt)
  }
  return Option.some({ member, session })
})

/** Ends the session behind a cookie token; an unknown or ended one is not an error. */
export const signOut = Effect.fn("signOut")(function* (token: string) {
  if (token.trim() === "") return
  const sessions = yield* SessionRepository
  yield* sessions.delete(yield* (yield* IdSource).digest(token))
})

/** Ends every session of a member but `exceptSessionId` (a reset, a password change). */
export const endSessions = Effect.fn("endSessions")(function* (
  memberId: MemberId,
  exceptSessionId?: string,
) {
  const sessions = yield* SessionRepository
  yield* sessions.deleteAllOf(memberId, exceptSessionId)
})
