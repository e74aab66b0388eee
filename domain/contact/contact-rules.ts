import { isEmailShaped } from "../accounts/account-rules.ts"
import type { ValidationIssue } from "../shared/errors.ts"

export const MAX_CONTACT_NAME_LENGTH = 120
export const MAX_CONTACT_SUBJECT_LENGTH = 200
export const MAX_CONTACT_MESSAGE_LENGTH = 5000

export interface ContactForm {
  readonly name: string
  readonly email: string
  readonly subject: string
  readonly message: string
}

const required = (field: string, label: string): ValidationIssue => ({
  field,
  title: `${label} required`,
  message: `Please enter ${field === "email" ? "your email address" : `a ${field}`}`,
})

/** Every reason a contact message is refused: all four fields are required, within limits. */
export const contactIssues = (input: ContactForm): ReadonlyArray<ValidationIssue> => {
  const issues: Array<ValidationIssue> = []
  const name = input.name.trim()
  if (name === "") {
    issues.push({ field: "name", title: "Name required", message: "Please enter your name" })
  } else if (name.length > MAX_CONTACT_NAME_LENGTH) {
    issues.push({
      field: "name",
      title: "Name too long",
      message: `A name has at most ${MAX_CONTACT_NAME_LENGTH} characters`,
    })
  }
  if (input.email.trim() === "") {
    issues.push(required("email", "Email"))
  } else if (!isEmailShaped(input.email)) {
    issues.push({
      field: "email",
      title: "Invalid email",
      message: "Please enter a valid email address",
    })
  }
  const subject = input.subject.trim()
  if (subject === "") {
    issues.push(required("subject", "Subject"))
  } else if (subject.length > MAX_CONTACT_SUBJECT_LENGTH) {
    issues.push({
      field: "subject",
      title: "Subject too long",
      message: `A subject has at most ${MAX_CONTACT_SUBJECT_LENGTH} characters`,
    })
  }
  const message = input.message.trim()
  if (message === "") {
    issues.push(required("message", "Message"))
  } else if (message.length > MAX_CONTACT_MESSAGE_LENGTH) {
    issues.push({
      field: "message",
      title: "Message too long",
      message: `A message has at most ${MAX_CONTACT_MESSAGE_LENGTH} characters`,
    })
  }
  return issues
}
