import { describe, expect, it } from "vitest"
import {
  passwordIssues,
  profileIssues,
  resetIssues,
  signUpIssues,
} from "../../domain/accounts/account-rules.ts"
import { contactIssues } from "../../domain/contact/contact-rules.ts"
import { checkFeedbackText } from "../../domain/feedback/feedback-rules.ts"
import { briefIssues } from "../../domain/perks/line-art-request.entity.ts"
import type { ValidationIssue } from "../../domain/shared/errors.ts"
import { issueMessageIn } from "./validation-messages.ts"

// Issue 22: the sentences the member-facing rules produce, made by the rules themselves, so a
// rule reworded in English without its row here fails this test.
const NOW = Date.UTC(2026, 10, 27)
const memberIssues: ReadonlyArray<ValidationIssue> = [
  ...signUpIssues(
    {
      email: "not an address",
      password: "short",
      firstName: " ",
      lastName: "",
      username: "a",
      dateOfBirth: "",
    },
    NOW,
  ),
  ...signUpIssues(
    {
      email: "ada@x.test",
      password: "password",
      firstName: "Ada",
      lastName: "L",
      username: "ada",
      dateOfBirth: "2015-01-01",
    },
    NOW,
  ),
  ...resetIssues({ token: "", password: "", confirmPassword: "" }),
  ...resetIssues({ token: "t", password: "a long passphrase", confirmPassword: "other" }),
  ...passwordIssues("123456789"),
  ...profileIssues({
    firstName: "x".repeat(101),
    lastName: "",
    bio: "x".repeat(501),
    location: "x".repeat(500),
    website: "ftp://x",
  }),
  ...contactIssues({ name: "", email: "", subject: "", message: "" }),
  ...contactIssues({
    name: "x".repeat(121),
    email: "nope",
    subject: "x".repeat(201),
    message: "x".repeat(5001),
  }),
  ...briefIssues("short"),
  ...briefIssues("x".repeat(1001)),
  ...[checkFeedbackText("too short"), checkFeedbackText("x".repeat(5001))].flatMap((checked) =>
    typeof checked === "string" ? [] : checked.issues,
  ),
]

describe("validation messages in the reader's language", () => {
  it("finds every kind of sentence among the samples", () => {
    expect(memberIssues.length).toBeGreaterThanOrEqual(25)
  })

  it("keeps English exactly as the rules word it", () => {
    for (const issue of memberIssues)
      expect(issueMessageIn(issue.message, "en")).toBe(issue.message)
  })

  it.each(["es", "fr", "de"] as const)(
    "translates every member-facing sentence into %s",
    (language) => {
      const untranslated = memberIssues
        .map((issue) => issue.message)
        .filter((message) => issueMessageIn(message, language) === message)
      expect(untranslated).toEqual([])
    },
  )

  it("carries the numbers and names into the translation", () => {
    expect(issueMessageIn("Password must be at least 8 characters long", "de")).toBe(
      "Das Passwort muss mindestens 8 Zeichen lang sein",
    )
    expect(issueMessageIn("A bio has at most 500 characters", "es")).toBe(
      "Una biografía tiene como máximo 500 caracteres",
    )
    expect(
      issueMessageIn('"Mars/Olympus" is not an IANA time zone (such as "America/New_York")', "fr"),
    ).toBe(
      "«\u00a0Mars/Olympus\u00a0» n’est pas un fuseau horaire IANA (comme «\u00a0America/New_York\u00a0»)",
    )
  })

  it("leaves a sentence it does not know in English", () => {
    expect(issueMessageIn("The cursor is not one of ours", "de")).toBe(
      "The cursor is not one of ours",
    )
  })
})
