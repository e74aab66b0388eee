import type { Language } from "../../domain/site/languages.ts"
import { t } from "../i18n/server-i18n.ts"

/**
 * The field messages of validation refusals (ValidationFailed's issues) in the reader's language
 * (issue 22). The use cases word each issue in English, the spec's words that English answers keep
 * byte for byte; the forms show the server's message under the field it names. This table reads
 * the sentences a member can meet (sign-up, profile, password, contact, verification, settings,
 * line art requests, judges' feedback, checkout) and gives each its catalog message
 * (locales/<language>/errors.json, errors.validation.*), with the numbers and names it carries.
 * A sentence not in the table (an admin tool's, a malformed cursor's) stays in English.
 */
interface Rule {
  /** The English sentence, whole. */
  readonly english: RegExp
  readonly id: string
  readonly values?: (match: RegExpExecArray) => Readonly<Record<string, string | number>>
}

const number = (text: string | undefined) => Number(text ?? 0)

const RULES: ReadonlyArray<Rule> = [
  {
    english: /^Password must be at least (\d+) characters long$/,
    id: "errors.validation.passwordTooShort",
    values: (m) => ({ min: number(m[1]) }),
  },
  {
    english:
      /^This password is one of the most common ones, so it is the first an attacker tries\. Please choose another$/,
    id: "errors.validation.passwordTooCommon",
  },
  {
    english: /^Please ensure both password fields match$/,
    id: "errors.validation.passwordsDiffer",
  },
  {
    english: /^The password reset link is missing a token$/,
    id: "errors.validation.resetTokenMissing",
  },
  { english: /^Please enter a valid email address$/, id: "errors.validation.emailInvalid" },
  { english: /^Please enter your email address first\.$/, id: "errors.validation.emailFirst" },
  { english: /^Please enter your email address$/, id: "errors.validation.emailRequired" },
  { english: /^Please enter your first name$/, id: "errors.validation.firstNameRequired" },
  { english: /^Please enter your last name$/, id: "errors.validation.lastNameRequired" },
  { english: /^Please enter your name$/, id: "errors.validation.nameRequired" },
  { english: /^Please enter a subject$/, id: "errors.validation.subjectRequired" },
  { english: /^Please enter a message$/, id: "errors.validation.messageRequired" },
  { english: /^Please enter your date of birth$/, id: "errors.validation.birthDateRequired" },
  {
    english: /^A username has 3 to 30 letters, digits, dots, dashes or underscores$/,
    id: "errors.validation.usernameInvalid",
  },
  {
    english: /^You must be (\d+) or older to join Colorday$/,
    id: "errors.validation.adultsOnly",
    values: (m) => ({ age: number(m[1]) }),
  },
  {
    english: /^Please enter a web address starting with http:\/\/ or https:\/\/$/,
    id: "errors.validation.websiteInvalid",
  },
  {
    english: /^A (name|bio|location|subject|message|reason) has at most (\d+) characters$/,
    id: "errors.validation.tooLong",
    values: (m) => ({ what: m[1] ?? "", max: number(m[2]) }),
  },
  {
    english: /^Describe the page you want in at least (\d+) characters \((\d+) given\)$/,
    id: "errors.validation.briefTooShort",
    values: (m) => ({ min: number(m[1]), given: number(m[2]) }),
  },
  {
    english: /^A brief has at most (\d+) characters \((\d+) given\)$/,
    id: "errors.validation.briefTooLong",
    values: (m) => ({ max: number(m[1]), given: number(m[2]) }),
  },
  {
    english: /^Feedback must be at least (\d+) characters long$/,
    id: "errors.validation.feedbackTooShort",
    values: (m) => ({ min: number(m[1]) }),
  },
  {
    english: /^Feedback must be at most (\d+) characters long \(it has (\d+)\)$/,
    id: "errors.validation.feedbackTooLong",
    values: (m) => ({ max: number(m[1]), given: number(m[2]) }),
  },
  {
    english: /^"(.*)" is not an IANA time zone(?: \(such as "America\/New_York"\))?$/,
    id: "errors.validation.timeZoneUnknown",
    values: (m) => ({ zone: m[1] ?? "" }),
  },
  {
    english: /^The free plan is not bought: every member has it without paying\.$/,
    id: "errors.validation.freePlanNotSold",
  },
]

/** A validation issue's message in a language: the catalog's, or the English as given. */
export const issueMessageIn = (message: string, language: Language): string => {
  if (language === "en") return message
  for (const rule of RULES) {
    const match = rule.english.exec(message)
    if (match) return t(language)(rule.id, rule.values?.(match))
  }
  return message
}
