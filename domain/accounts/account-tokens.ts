import { Effect, Option } from "effect"
import { IdSource } from "../shared/id-source.port.ts"
import type { Instant, MemberId } from "../shared/ids.ts"
import {
  RESET_TOKEN_TTL_MS,
  SECURE_ACCOUNT_TOKEN_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "./account-rules.ts"
import { InvalidToken } from "./accounts.errors.ts"
import { UNSUBSCRIBE_TOKEN_TTL_MS } from "./unsubscribe-switches.ts"
import { isTokenUsable, MemberTokenRepository, type TokenPurpose } from "./member-token.port.ts"

const TTL_MS: Record<TokenPurpose, number> = {
  verify: VERIFICATION_TOKEN_TTL_MS,
  reset: RESET_TOKEN_TTL_MS,
  "change-email": VERIFICATION_TOKEN_TTL_MS,
  "secure-account": SECURE_ACCOUNT_TOKEN_TTL_MS,
  "unsub-announce": UNSUBSCRIBE_TOKEN_TTL_MS,
  "unsub-results": UNSUBSCRIBE_TOKEN_TTL_MS,
  "unsub-feedback": UNSUBSCRIBE_TOKEN_TTL_MS,
  "unsub-weekly": UNSUBSCRIBE_TOKEN_TTL_MS,
  "unsub-login": UNSUBSCRIBE_TOKEN_TTL_MS,
}

/**
 * Mints a link token for a member and stores its digest; older unused tokens of the same purpose
 * stop working, so only the newest e-mail's link opens. Returns the raw token for the e-mail.
 * Runs in the caller's transaction.
 */
export const issueToken = Effect.fn("issueToken")(function* (
  memberId: MemberId,
  purpose: TokenPurpose,
  now: Instant,
) {
  const ids = yield* IdSource
  const tokens = yield* MemberTokenRepository
  const token = yield* ids.newToken
  yield* tokens.invalidateAll(memberId, purpose, now)
  yield* tokens.save({
    tokenHash: yield* ids.digest(token),
    memberId,
    purpose,
    createdAt: now,
    expiresAt: now + TTL_MS[purpose],
    usedAt: null,
  })
  return token
})

/** The stored token behind a link, if it is unused, unexpired and for this purpose; else InvalidToken. */
export const usableToken = Effect.fn("usableToken")(function* (
  token: string,
  purpose: TokenPurpose,
  now: Instant,
) {
  if (token.trim() === "") return yield* new InvalidToken({ purpose })
  const ids = yield* IdSource
  const tokens = yield* MemberTokenRepository
  const found = yield* tokens.find(yield* ids.digest(token.trim()))
  if (Option.isNone(found) || !isTokenUsable(found.value, purpose, now)) {
    return yield* new InvalidToken({ purpose })
  }
  return found.value
})

/**
 * Uses up the token behind a link: it must be usable, and this must be the call that marks it
 * used (of two racing uses, one wins). Runs in the caller's transaction; returns the stored token.
 */
export const consumeToken = Effect.fn("consumeToken")(function* (
  token: string,
  purpose: TokenPurpose,
  now: Instant,
) {
  const stored = yield* usableToken(token, purpose, now)
  const used = yield* (yield* MemberTokenRepository).markUsed(stored.tokenHash, now)
  if (!used) return yield* new InvalidToken({ purpose })
  return stored
})
