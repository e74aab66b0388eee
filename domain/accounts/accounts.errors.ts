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
