import type { Instant, MemberId } from "../shared/ids.ts"

/**
 * Two-factor sign-in (TOTP, RFC 6238): a member's authenticator secret, on once they confirm it
 * with a first code. `lastUsedStep` is the time step of the last code accepted, so a code works
 * once: a later one must be of a later step.
 */
export interface TwoFactor {
  readonly memberId: MemberId
  /** The Base32 secret the authenticator app holds; never answered again after enrolment. */
  readonly secret: string
  readonly createdAt: Instant
  /** When the member confirmed it with a first code; null while the enrolment waits. */
  readonly enabledAt: Instant | null
  readonly lastUsedStep: number | null
}

/** The step after a correct password for an account with two-factor sign-in on. */
export interface TwoFactorChallenge {
  /** The SHA-256 of the challenge token the browser holds. */
  readonly id: string
  readonly memberId: MemberId
  readonly expiresAt: Instant
  /** Wrong codes given for it so far. */
  readonly failures: number
}

/** How long a sign-in waits for its code. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000
/** Wrong codes a challenge takes before it ends (the password must be given again). */
export const MAX_CHALLENGE_FAILURES = 5
/** Recovery codes made at enrolment, each good once. */
export const RECOVERY_CODE_COUNT = 10
/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = "Colorday"

/** Letters and digits that are hard to confuse when copied by hand (no 0/O, 1/I/L, U). */
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"

/**
 * A recovery code from random bytes: 12 characters of a 30-letter alphabet (about 59 bits),
 * written in three groups (`7KQM-2XHD-9RTA`).
 */
export const recoveryCodeOf = (bytes: Uint8Array): string => {
  const chars = Array.from(bytes.slice(0, 12), (byte) => {
    const char = RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]
    return char ?? "2"
  }).join("")
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`
}

/** A recovery code as typed (any case, spaces or dashes) in its one stored spelling. */
export const normaliseRecoveryCode = (typed: string): string =>
  typed.toUpperCase().replace(/[^0-9A-Z]/g, "")

/** Six digits (spaces allowed, as apps show "123 456") are an authenticator code. */
export const authenticatorCodeOf = (typed: string): string | null => {
  const digits = typed.replace(/\s+/g, "")
  return /^\d{6}$/.test(digits) ? digits : null
}

/** What a stored recovery code hash is made from: the member binds it to their account. */
export const recoveryCodeHashInput = (memberId: MemberId, code: string): string =>
  `recovery:${memberId}:${normaliseRecoveryCode(code)}`
