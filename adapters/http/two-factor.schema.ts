import { Schema } from "effect"

/** The bodies of two-factor sign-in (issue 24). */

/** Sign-in's answer when the password was right and the account has two-factor sign-in on. */
export const TwoFactorChallengeBody = Schema.Struct({
  twoFactorRequired: Schema.Literal(true),
  /** Sent back with the code to POST /api/users/login/two-factor. */
  challenge: Schema.String,
  /** When the challenge ends (ISO 8601): the password must be given again after it. */
  expiresAt: Schema.String,
}).annotate({ identifier: "TwoFactorChallenge" })

export const TwoFactorStatusBody = Schema.Struct({
  enabled: Schema.Boolean,
  /** Unused recovery codes (0 while off). */
  recoveryCodesLeft: Schema.Finite,
}).annotate({ identifier: "TwoFactorStatus" })

/** Enrolment started: the secret, answered this once, as text and as a QR code. */
export const TwoFactorEnrolmentBody = Schema.Struct({
  /** Base32, for typing into an authenticator app. */
  secret: Schema.String,
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: Schema.String,
  /** The QR code as an SVG document. */
  qrCodeSvg: Schema.String,
}).annotate({ identifier: "TwoFactorEnrolment" })

export const RecoveryCodesBody = Schema.Struct({
  /** Ten single-use codes, shown this once (only their hashes are kept). */
  recoveryCodes: Schema.Array(Schema.String),
}).annotate({ identifier: "RecoveryCodes" })
