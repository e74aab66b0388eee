import { Data } from "effect"

/**
 * Two-factor refusals. The HTTP routes map each (accounts.routes.ts, two-factor.routes.ts): a
 * wrong code is a form error at the code field, the others name their code.
 */

/** Sign-in needs a second step: the password was right and the account has two-factor on. */
export class TwoFactorRequired extends Data.TaggedError("TwoFactorRequired")<{
  /** The token the browser sends back with the code. */
  readonly challenge: string
  readonly expiresAt: number
}> {
  readonly code = "TWO_FACTOR_REQUIRED"
  override get message() {
    return "Enter the code from your authenticator app"
  }
}

/** The code (authenticator or recovery) is not right, or was used already. */
export class InvalidTwoFactorCode extends Data.TaggedError("InvalidTwoFactorCode") {
  readonly code = "INVALID_TWO_FACTOR_CODE"
  override get message() {
    return "That code is not right. Check your authenticator app and try again."
  }
}

/** The sign-in waiting for a code is unknown, expired, or took too many wrong codes. */
export class TwoFactorChallengeExpired extends Data.TaggedError("TwoFactorChallengeExpired") {
  readonly code = "TWO_FACTOR_CHALLENGE_EXPIRED"
  override get message() {
    return "This sign-in has expired. Please enter your e-mail and password again."
  }
}

/** Enrolment asked for while two-factor sign-in is already on. */
export class TwoFactorAlreadyOn extends Data.TaggedError("TwoFactorAlreadyOn") {
  readonly code = "TWO_FACTOR_ALREADY_ON"
  override get message() {
    return "Two-factor sign-in is already on"
  }
}

/** Confirming or turning off two-factor sign-in that is not on (or has no enrolment waiting). */
export class TwoFactorNotOn extends Data.TaggedError("TwoFactorNotOn")<{
  readonly asked: "confirm" | "disable" | "new recovery codes" | "reset"
}> {
  readonly code = "TWO_FACTOR_NOT_ON"
  override get message() {
    return this.asked === "confirm"
      ? "No two-factor enrolment is waiting for a code: start again"
      : "Two-factor sign-in is not on"
  }
}
