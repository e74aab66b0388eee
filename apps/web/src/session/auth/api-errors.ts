import { ApiError } from "../../api/http.ts"

/** Reading the server's refusals ({code, message, issues?, emailNotVerified?}) for the forms. */

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {}

/** Sign-in refused because the e-mail is not verified yet (§8: the flag, or the message). */
export const isEmailNotVerified = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.code === "EMAIL_NOT_VERIFIED" ||
    recordOf(error.body).emailNotVerified === true ||
    /verify your email/i.test(error.message))

/**
 * The message the server gave for this failure (its body's message), or the request layer's own
 * when the server could not be reached; undefined when there is none, and the form shows its
 * default (§8: "the server message, or 'Sign in failed'").
 */
export const serverMessage = (error: unknown): string | undefined => {
  if (!(error instanceof ApiError) || error.message === "") return undefined
  const body = recordOf(error.body)
  const given =
    error.status === 0 || typeof body.message === "string" || typeof body.error === "string"
  return given ? error.message : undefined
}

const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  EMAIL_TAKEN: "email",
  USERNAME_TAKEN: "username",
}

/** The fields a refusal names: a 400's issues, or the field a 409 (e-mail/username taken) is about. */
export const fieldErrors = (error: unknown): Readonly<Record<string, string>> => {
  if (!(error instanceof ApiError)) return {}
  const errors: Record<string, string> = {}
  const issues = recordOf(error.body).issues
  if (Array.isArray(issues)) {
    for (const issue of issues) {
      const { field, message } = recordOf(issue)
      if (typeof field === "string" && typeof message === "string" && !(field in errors)) {
        errors[field] = message
      }
    }
  }
  const field = FIELD_OF_CODE[error.code]
  if (field && !(field in errors)) errors[field] = error.message
  return errors
}
