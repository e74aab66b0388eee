import type { Instant, MemberId } from "../shared/ids.ts"

const DAY_MS = 24 * 3_600_000

/** A session lives 30 days after it was last used (sliding). */
export const SESSION_TTL_MS = 30 * DAY_MS
/** Its expiry is pushed back at most once a day, so a busy member does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = DAY_MS

/** A signed-in browser. The cookie holds a random token; only its digest is stored, as the id. */
export interface Session {
  /** The SHA-256 (hex) of the cookie token. */
  readonly id: string
  readonly memberId: MemberId
  readonly createdAt: Instant
  readonly expiresAt: Instant
  readonly lastSeenAt: Instant
}

export const isSessionExpired = (session: Session, now: Instant): boolean =>
  now >= session.expiresAt

/** Whether a use of the session should extend it: more than a day since it was last extended. */
export const isSessionTouchDue = (session: Session, now: Instant): boolean =>
  now - session.lastSeenAt > SESSION_TOUCH_INTERVAL_MS

/** The session extended by a use at `now`. */
export const touchedSession = (session: Session, now: Instant): Session => ({
  ...session,
  lastSeenAt: now,
  expiresAt: now + SESSION_TTL_MS,
})
