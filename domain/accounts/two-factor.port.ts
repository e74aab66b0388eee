import { Context, type Effect, type Option } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { TwoFactor, TwoFactorChallenge } from "./two-factor.entity.ts"

/** Members' two-factor secrets, their recovery codes (hashed) and the sign-ins waiting for a code. */
export class TwoFactorRepository extends Context.Service<
  TwoFactorRepository,
  {
    readonly find: (memberId: MemberId) => Effect.Effect<Option.Option<TwoFactor>>
    /** Writes the member's record (a new enrolment replaces a waiting one). */
    readonly put: (twoFactor: TwoFactor) => Effect.Effect<void>
    /** Two-factor sign-in off: the secret, the recovery codes and waiting sign-ins go. */
    readonly remove: (memberId: MemberId) => Effect.Effect<void>
    /**
     * Records that a code of time step `step` was accepted. True when this call recorded it;
     * false when a code of this step or a later one was accepted already (so of two racing uses
     * of one code exactly one wins).
     */
    readonly useStep: (memberId: MemberId, step: number) => Effect.Effect<boolean>
    /** The member's recovery codes become exactly these hashes, none used. */
    readonly replaceRecoveryCodes: (
      memberId: MemberId,
      hashes: ReadonlyArray<string>,
      at: Instant,
    ) => Effect.Effect<void>
    /** Marks an unused recovery code used: true when this call used it (once, even racing). */
    readonly useRecoveryCode: (
      memberId: MemberId,
      hash: string,
      at: Instant,
    ) => Effect.Effect<boolean>
    readonly recoveryCodesLeft: (memberId: MemberId) => Effect.Effect<number>
    readonly createChallenge: (challenge: TwoFactorChallenge) => Effect.Effect<void>
    readonly findChallenge: (id: string) => Effect.Effect<Option.Option<TwoFactorChallenge>>
    /** Counts one more wrong code for the challenge. */
    readonly failChallenge: (id: string) => Effect.Effect<void>
    readonly deleteChallenge: (id: string) => Effect.Effect<void>
  }
>()("colorday/TwoFactorRepository") {}

/** TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps) and the randomness two-factor needs. */
export class Authenticator extends Context.Service<
  Authenticator,
  {
    /** A new Base32 secret of 160 random bits. */
    readonly newSecret: Effect.Effect<string>
    /** The otpauth:// address an authenticator app reads from the QR code. */
    readonly uri: (secret: string, account: string) => string
    /** The time step of `code` when it is the secret's code one step either side of `at`. */
    readonly stepOf: (
      secret: string,
      code: string,
      at: Instant,
    ) => Effect.Effect<Option.Option<number>>
    /** The secret's code at `at`: what an authenticator app shows (tests compute codes with it). */
    readonly codeAt: (secret: string, at: Instant) => Effect.Effect<string>
    /** Cryptographically random bytes (recovery codes). */
    readonly randomBytes: (count: number) => Effect.Effect<Uint8Array>
  }
>()("colorday/Authenticator") {}
