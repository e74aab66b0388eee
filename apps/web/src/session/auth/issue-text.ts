import "./catalog.ts"
import { MIN_PASSWORD_LENGTH, MINIMUM_AGE } from "../../../../../domain/accounts/account-rules.ts"
import type { ValidationIssue } from "../../../../../domain/shared/errors.ts"
import type { Translate } from "../../../../ui/src/i18n.tsx"

/**
 * The account forms' checks (domain/accounts/account-rules.ts) in the page's language. The rules
 * give the spec's English title and message and no code, so the English title names the issue
 * here; a title not listed keeps the rules' own English.
 */
const ISSUE_TEXT: Readonly<Record<string, { readonly title: string; readonly message: string }>> = {
  "Password too short": {
    title: "web.auth.issue.passwordShort.title",
    message: "web.auth.issue.passwordShort.message",
  },
  "Password too common": {
    title: "web.auth.issue.passwordCommon.title",
    message: "web.auth.issue.passwordCommon.message",
  },
  "Invalid email": {
    title: "web.auth.issue.email.title",
    message: "web.auth.issue.email.message",
  },
  "First name required": {
    title: "web.auth.issue.firstName.title",
    message: "web.auth.issue.firstName.message",
  },
  "Last name required": {
    title: "web.auth.issue.lastName.title",
    message: "web.auth.issue.lastName.message",
  },
  "Invalid username": {
    title: "web.auth.issue.username.title",
    message: "web.auth.issue.username.message",
  },
  "Invalid date of birth": {
    title: "web.auth.issue.dateOfBirth.title",
    message: "web.auth.issue.dateOfBirth.message",
  },
  "Adults only": {
    title: "web.auth.issue.adultsOnly.title",
    message: "web.auth.issue.adultsOnly.message",
  },
  "Invalid link": {
    title: "web.auth.issue.resetToken.title",
    message: "web.auth.issue.resetToken.message",
  },
  "Passwords do not match": {
    title: "web.auth.issue.passwordsDiffer.title",
    message: "web.auth.issue.passwordsDiffer.message",
  },
}

/** An issue's title and message in the page's language. */
export const issueText = (
  issue: Pick<ValidationIssue, "title" | "message">,
  t: Translate,
): { readonly title: string; readonly message: string } => {
  const ids = ISSUE_TEXT[issue.title]
  if (ids === undefined) return issue
  const values = { min: MIN_PASSWORD_LENGTH, age: MINIMUM_AGE }
  return { title: t(ids.title, values), message: t(ids.message, values) }
}
