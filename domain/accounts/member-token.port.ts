import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"

/**
 * What a link in an e-mail proves: access to the mailbox (verify), the right to a new password
 * (reset), access to the new address a member asked to move their account to (change-email), the
 * right to sign out every session after a sign-in from a new browser (secure-account), or
 * the right to turn one notification switch off (unsubscribe.ts; at most 16 characters, the
 * column's size).
 */
export type TokenPurpose =
  | "verify"
  | "reset"
  | "change-email"
  | "secure-account"
  | "unsub-announce"
  | "unsub-results"
  | "unsub-feedback"
  | "unsub-weekly"
  | "unsub-login"

/** A single-use, expiring token sent by e-mail. Only its digest is stored. */
export interface MemberToken {
  /** The SHA-256 (hex) of the token in the link. */
  readonly tokenHash: string
  readonly memberId: MemberId
  readonly purpose: TokenPurpose
  readonly createdAt: Instant
  readonly expiresAt: Instant
  readonly usedAt: Instant | null
}

/** A token opens its link only for its own purpose, once, before it expires. */
export const isTokenUsable = (token: MemberToken, purpose: TokenPurpose, now: Instant): boolean =>
  token.purpose === purpose && token.usedAt === null && now < token.expiresAt

export class MemberTokenRepository extends Context.Service<
  MemberTokenRepository,
  {
    readonly save: (token: MemberToken) => Effect.Effect<void>
    readonly find: (tokenHash: string) => Effect.Effect<Option.Option<MemberToken>>
    /**
     * Marks an unused token used at `at`. True when this call used it; false when it was used
     * already (it keeps its first date) or is unknown, so of two racing uses exactly one wins.
     */
    readonly markUsed: (tokenHash: string, at: Instant) => Effect.Effect<boolean>
    /** Marks every unused token of this member and purpose used at `at`: older links stop working. */
    readonly invalidateAll: (
      memberId: MemberId,
      purpose: TokenPurpose,
      at: Instant,
    ) => Effect.Effect<void>
  }
>()("colorday/MemberTokenRepository") {}
