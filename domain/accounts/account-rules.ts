import type { ValidationIssue } from "../shared/errors.ts"
import type { Instant } from "../shared/ids.ts"
import { COMMON_PASSWORDS } from "./common-passwords.ts"

export const MIN_PASSWORD_LENGTH = 8
export const MINIMUM_AGE = 18
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/
/** Verification links live 24 hours, reset links 1 hour. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 3_600_000
export const RESET_TOKEN_TTL_MS = 3_600_000
/** The new-sign-in mail's "sign out everywhere" link works for a week: such mail is read late. */
export const SECURE_ACCOUNT_TOKEN_TTL_MS = 7 * 24 * 3_600_000

/** Lower-cased and trimmed: the form an e-mail address is stored and looked up in. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase()

/** A practical shape check (the server's twin of the browser's type="email"). */
export const isEmailShaped = (email: string): boolean =>
  /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email.trim()) && email.trim().length <= 254

/** Full years between a date of birth "YYYY-MM-DD" and `now` (UTC), or undefined if not a date. */
export const ageOn = (dateOfBirth: string, now: Instant): number | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth)
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const birth = new Date(Date.UTC(year, month - 1, day))
  if (birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return undefined
  const today = new Date(now)
  if (birth.getTime() > today.getTime()) return undefined
  let age = today.getUTCFullYear() - year
  const beforeBirthday =
    today.getUTCMonth() < month - 1 ||
    (today.getUTCMonth() === month - 1 && today.getUTCDate() < day)
  if (beforeBirthday) age -= 1
  return age
}

const passwordTooShort: Omit<ValidationIssue, "field"> = {
  title: "Password too short",
  message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
}

const passwordTooCommon: Omit<ValidationIssue, "field"> = {
  title: "Password too common",
  message:
    "This password is one of the most common ones, so it is the first an attacker tries. Please choose another",
}

const COMMON = new Set(COMMON_PASSWORDS)

/**
 * What is wrong with a new password: fewer than MIN_PASSWORD_LENGTH characters once the spaces at
 * either end are set aside (eight spaces are no password), or one of the 1,000 most common
 * passwords (in any case, spaces at either end aside). The password itself is kept as typed.
 */
export const passwordIssues = (password: string, field = "password"): Array<ValidationIssue> => {
  const counted = password.trim()
  if ([...counted].length < MIN_PASSWORD_LENGTH) return [{ field, ...passwordTooShort }]
  if (COMMON.has(counted.toLowerCase())) return [{ field, ...passwordTooCommon }]
  return []
}

export interface SignUp {
  readonly email: string
  readonly password: string
  readonly firstName: string
  readonly lastName: string
  readonly username: string
  readonly dateOfBirth: string
}

/** Every reason a sign-up is refused, each naming its field. Entrants must be 18 or over. */
export const signUpIssues = (input: SignUp, now: Instant): ReadonlyArray<ValidationIssue> => {
  const issues: Array<ValidationIssue> = []
  if (!isEmailShaped(input.email)) {
    issues.push({
      field: "email",
      title: "Invalid email",
      message: "Please enter a valid email address",
    })
  }
  issues.push(...passwordIssues(input.password))
  if (input.firstName.trim() === "") {
    issues.push({
      field: "firstName",
      title: "First name required",
      message: "Please enter your first name",
    })
  }
  if (input.lastName.trim() === "") {
    issues.push({
      field: "lastName",
      title: "Last name required",
      message: "Please enter your last name",
    })
  }
  if (!USERNAME_PATTERN.test(input.username.trim())) {
    issues.push({
      field: "username",
      title: "Invalid username",
      message: "A username has 3 to 30 letters, digits, dots, dashes or underscores",
    })
  }
  const age = ageOn(input.dateOfBirth, now)
  if (age === undefined) {
    issues.push({
      field: "dateOfBirth",
      title: "Invalid date of birth",
      message: "Please enter your date of birth",
    })
  } else if (age < MINIMUM_AGE) {
    issues.push({
      field: "dateOfBirth",
      title: "Adults only",
      message: `You must be ${MINIMUM_AGE} or older to join Colorday`,
    })
  }
  return issues
}

export interface PasswordReset {
  readonly token: string
  readonly password: string
  readonly confirmPassword: string
}

/** The reset page's checks, with the spec's titles and messages verbatim. */
export const resetIssues = (input: PasswordReset): ReadonlyArray<ValidationIssue> => {
  if (input.token.trim() === "") {
    return [
      {
        field: "token",
        title: "Invalid link",
        message: "The password reset link is missing a token",
      },
    ]
  }
  const issues = passwordIssues(input.password)
  if (input.password !== input.confirmPassword) {
    issues.push({
      field: "confirmPassword",
      title: "Passwords do not match",
      message: "Please ensure both password fields match",
    })
  }
  return issues
}

export const MAX_NAME_LENGTH = 100
export const MAX_BIO_LENGTH = 500
export const MAX_LOCATION_LENGTH = 120
export const MAX_WEBSITE_LENGTH = 255

/** An absolute http(s) address, as the profile's website field takes it. */
export const isWebAddress = (text: string): boolean => {
  const trimmed = text.trim()
  if (trimmed.length > MAX_WEBSITE_LENGTH || /\s/.test(trimmed)) return false
  try {
    const url = new URL(trimmed)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0
  } catch {
    return false
  }
}

/** The profile form's fields; a field left out keeps its current value. */
export interface ProfileUpdate {
  readonly username?: string | undefined
  readonly email?: string | undefined
  readonly firstName?: string | undefined
  readonly lastName?: string | undefined
  readonly bio?: string | undefined
  readonly location?: string | undefined
  /** An http(s) address, or empty for none. */
  readonly website?: string | undefined
}

const tooLong = (field: string, title: string, what: string, max: number): ValidationIssue => ({
  field,
  title,
  message: `${what} has at most ${max} characters`,
})

/** Every reason a profile update is refused, each naming its field. */
export const profileIssues = (input: ProfileUpdate): ReadonlyArray<ValidationIssue> => {
  const issues: Array<ValidationIssue> = []
  if (input.username !== undefined && !USERNAME_PATTERN.test(input.username.trim())) {
    issues.push({
      field: "username",
      title: "Invalid username",
      message: "A username has 3 to 30 letters, digits, dots, dashes or underscores",
    })
  }
  if (input.email !== undefined && !isEmailShaped(input.email)) {
    issues.push({
      field: "email",
      title: "Invalid email",
      message: "Please enter a valid email address",
    })
  }
  for (const [field, label] of [
    ["firstName", "first name"],
    ["lastName", "last name"],
  ] as const) {
    const value = input[field]
    if (value === undefined) continue
    if (value.trim() === "") {
      issues.push({
        field,
        title: `${label === "first name" ? "First" : "Last"} name required`,
        message: `Please enter your ${label}`,
      })
    } else if (value.trim().length > MAX_NAME_LENGTH) {
      issues.push(tooLong(field, "Name too long", "A name", MAX_NAME_LENGTH))
    }
  }
  if (input.bio !== undefined && input.bio.trim().length > MAX_BIO_LENGTH) {
    issues.push(tooLong("bio", "Bio too long", "A bio", MAX_BIO_LENGTH))
  }
  if (input.location !== undefined && input.location.trim().length > MAX_LOCATION_LENGTH) {
    issues.push(tooLong("location", "Location too long", "A location", MAX_LOCATION_LENGTH))
  }
  if (input.website !== undefined && input.website.trim() !== "" && !isWebAddress(input.website)) {
    issues.push({
      field: "website",
      title: "Invalid website",
      message: "Please enter a web address starting with http:// or https://",
    })
  }
  return issues
}
