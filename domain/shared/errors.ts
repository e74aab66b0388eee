import { Data } from "effect"

/** A thing the caller named does not exist (or is not visible to them). */
export class NotFound extends Data.TaggedError("NotFound")<{
  readonly entity:
    | "member"
    | "contest"
    | "entry"
    | "subscription"
    | "payment"
    | "message"
    | "drawing"
    | "spotlight"
    | "line-art request"
  readonly id: string
}> {
  readonly code = "NOT_FOUND"
  override get message() {
    return `No ${this.entity} with id ${this.id}`
  }
}

export interface ValidationIssue {
  /** The input field that is wrong, in the API's words (`password`, `dateOfBirth`, …). */
  readonly field: string
  /** A short title, as the spec's toasts show it ("Password too short"). */
  readonly title: string
  /** The sentence shown to the person ("Password must be at least 8 characters long"). */
  readonly message: string
}

/** Input that breaks a domain rule; every broken rule is listed, each naming its field. */
export class ValidationFailed extends Data.TaggedError("ValidationFailed")<{
  readonly issues: ReadonlyArray<ValidationIssue>
}> {
  readonly code = "VALIDATION_FAILED"
  override get message() {
    return this.issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")
  }
}

/** The caller must be signed in for this. */
export class AuthenticationRequired extends Data.TaggedError("AuthenticationRequired")<{
  readonly action: string
}> {
  readonly code = "AUTHENTICATION_REQUIRED"
  override get message() {
    return `Please sign in to ${this.action}`
  }
}
