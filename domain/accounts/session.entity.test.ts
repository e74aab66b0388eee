import { describe, expect, it } from "vitest"
import {
  isSessionExpired,
  isSessionTouchDue,
  SESSION_TOUCH_INTERVAL_MS,
  SESSION_TTL_MS,
  type Session,
  touchedSession,
} from "./session.entity.ts"

const NOW = Date.UTC(2026, 10, 22, 12)
const session: Session = {
  id: "a".repeat(64),
  memberId: "m1",
  createdAt: NOW,
  expiresAt: NOW + SESSION_TTL_MS,
  lastSeenAt: NOW,
}

describe("session rules", () => {
  it("lives 30 days, extended at most once a day", () => {
    expect(SESSION_TTL_MS).toBe(30 * 24 * 3_600_000)
    expect(SESSION_TOUCH_INTERVAL_MS).toBe(24 * 3_600_000)
  })

  it("is expired from its expiry instant on", () => {
    expect(isSessionExpired(session, session.expiresAt - 1)).toBe(false)
    expect(isSessionExpired(session, session.expiresAt)).toBe(true)
  })

  it("is due for a touch only after more than a day", () => {
    expect(isSessionTouchDue(session, NOW + SESSION_TOUCH_INTERVAL_MS)).toBe(false)
    expect(isSessionTouchDue(session, NOW + SESSION_TOUCH_INTERVAL_MS + 1)).toBe(true)
  })

  it("a touch moves the last use and the expiry, nothing else", () => {
    const later = NOW + 3 * SESSION_TOUCH_INTERVAL_MS
    expect(touchedSession(session, later)).toEqual({
      ...session,
      lastSeenAt: later,
      expiresAt: later + SESSION_TTL_MS,
    })
  })
})
