import type { TokenPurpose } from "./member-token.port.ts"
import { Data } from "effect"

/** Sign-up refused: another member already uses this e-mail address. */
export class EmailTaken extends Data.TaggedError("EmailTaken")<{ readonly email: string }> {
  readonly code = "EMAIL_TAKEN"
  override get message() {
    return `An account with the email ${this.email} already exists`
  }
}

/** Sign-up refused: the username is taken (usernames are unique case-insensitively). */
export class UsernameTaken extends Data.TaggedError("UsernameTaken")<{
  readonly username: string
}> {
  readonly code = "USERNAME_TAKEN"
  override get message() {
    return `The username ${this.username} is already taken`
  }
}

/**
 * Sign-in refused: no member with this e-mail, or the wrong password (which one is never said).
 * `field: "currentPassword"` is a password change whose current password is wrong; `"password"`
 * an account deletion whose password is wrong.
 */
export class InvalidCredentials extends Data.TaggedError("InvalidCredentials")<{
  readonly field?: "currentPassword" | "password" | undefined
}> {
  readonly code = "INVALID_CREDENTIALS"
  override get message() {
    switch (this.field) {
      case "currentPassword":
        return "Your current password is incorrect"
      case "password":
        return "Your password is incorrect"
      case undefined:
        return "Invalid email or password"
    }
  }
}

/** Sign-in refused until the member clicks the link in the verification e-mail. */
export class EmailNotVerified extends Data.TaggedError("EmailNotVerified")<{
  readonly email: string
}> {
  readonly code = "EMAIL_NOT_VERIFIED"
  override get message() {
    return "Please check your email and click the verification link before signing in."
  }
}

/** Sign-in refused: an admin suspended this account. */
export class AccountSuspended extends Data.TaggedError("AccountSuspended")<{
  readonly email: string
}> {
  readonly code = "ACCOUNT_SUSPENDED"
  override get message() {
    return "This account has been suspended. Please contact support."
  }
}

/** A verification or reset link that is unknown, used already, expired or meant for the other. */
export class InvalidToken extends Data.TaggedError("InvalidToken")<{
  readonly purpose: TokenPurpose
}> {
  readonly code = "INVALID_TOKEN"
  override get message() {
    return this.purpose === "reset"
      ? "Reset link is invalid or has expired"
      : this.purpose.startsWith("unsub-")
        ? "Unsubscribe link is invalid or has expired"
        : this.purpose === "secure-account"
          ? "Sign-out link is invalid, used or has expired"
          : "Verification link is invalid or has expired"
  }
}
