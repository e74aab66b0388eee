import { describe, expect, it } from "vitest"
import {
  ageOn,
  isEmailShaped,
  MIN_PASSWORD_LENGTH,
  MINIMUM_AGE,
  normaliseEmail,
  passwordIssues,
  RESET_TOKEN_TTL_MS,
  resetIssues,
  type SignUp,
  signUpIssues,
  USERNAME_PATTERN,
  VERIFICATION_TOKEN_TTL_MS,
} from "./account-rules.ts"

const NOW = Date.parse("2026-11-23T12:00:00Z")

const valid: SignUp = {
  email: "ada@example.com",
  password: "correct horse",
  firstName: "Ada",
  lastName: "Lovelace",
  username: "ada_l",
  dateOfBirth: "1990-05-17",
}

const fields = (input: SignUp, now = NOW) => signUpIssues(input, now).map((issue) => issue.field)

describe("constants", () => {
  it("requires 8-character passwords and adults of 18", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8)
    expect(MINIMUM_AGE).toBe(18)
  })

  it("keeps verification links 24 hours and reset links 1 hour", () => {
    expect(VERIFICATION_TOKEN_TTL_MS).toBe(24 * 60 * 60 * 1000)
    expect(RESET_TOKEN_TTL_MS).toBe(60 * 60 * 1000)
  })
})

describe("normaliseEmail", () => {
  it("trims and lower-cases", () => {
    expect(normaliseEmail("  Ada@Example.COM ")).toBe("ada@example.com")
  })
})

describe("isEmailShaped", () => {
  it("accepts ordinary addresses", () => {
    expect(isEmailShaped("ada@example.com")).toBe(true)
    expect(isEmailShaped("first.last+tag@mail.example.co.uk")).toBe(true)
    expect(isEmailShaped(" ada@example.com ")).toBe(true)
  })

  it("refuses text that is not an address", () => {
    for (const bad of [
      "",
      "ada",
      "ada@",
      "@example.com",
      "ada@example",
      "ada@@example.com",
      "ada @example.com",
      "ada@example..com",
      "ada@.example.com",
      "ada@example.com.",
    ]) {
      expect(isEmailShaped(bad), bad).toBe(false)
    }
  })

  it("refuses an address longer than 254 characters", () => {
    const domain = "@example.com"
    expect(isEmailShaped("a".repeat(254 - domain.length) + domain)).toBe(true)
    expect(isEmailShaped("a".repeat(255 - domain.length) + domain)).toBe(false)
  })
})

describe("passwordIssues", () => {
  it("accepts 8 characters", () => {
    expect(passwordIssues("kq7#zv2m")).toEqual([])
  })

  it("counts the length without the spaces at either end: eight spaces are no password", () => {
    expect(passwordIssues("        ")[0]?.title).toBe("Password too short")
    expect(passwordIssues("  kq7#zv2  ")[0]?.title).toBe("Password too short")
    // Spaces inside count, and the password is otherwise taken as typed.
    expect(passwordIssues("kq7 zv2m")).toEqual([])
  })

  it("refuses the 1,000 most common passwords, in any case, naming the field", () => {
    for (const common of ["12345678", "password", " Password1 ", "QWERTYUIOP", "baseball"]) {
      expect(passwordIssues(common, "newPassword"), common).toEqual([
        {
          field: "newPassword",
          title: "Password too common",
          message:
            "This password is one of the most common ones, so it is the first an attacker tries. Please choose another",
        },
      ])
    }
  })

  it("refuses 7 characters as Password too short, naming the field", () => {
    expect(passwordIssues("1234567")).toEqual([
      {
        field: "password",
        title: "Password too short",
        message: "Password must be at least 8 characters long",
      },
    ])
    expect(passwordIssues("", "newPassword")[0]?.field).toBe("newPassword")
  })
})

describe("ageOn", () => {
  it("counts full years in UTC", () => {
    expect(ageOn("1990-05-17", NOW)).toBe(36)
    expect(ageOn("1990-11-23", NOW)).toBe(36)
    expect(ageOn("1990-11-24", NOW)).toBe(35)
  })

  it("is zero for someone born today", () => {
    expect(ageOn("2026-11-23", NOW)).toBe(0)
  })

  it("is undefined for a date in the future", () => {
    expect(ageOn("2026-11-24", NOW)).toBeUndefined()
  })

  it("is undefined for a date that does not exist", () => {
    expect(ageOn("2001-02-30", NOW)).toBeUndefined()
    expect(ageOn("2001-02-29", NOW)).toBeUndefined()
    expect(ageOn("2001-13-01", NOW)).toBeUndefined()
    expect(ageOn("2001-00-10", NOW)).toBeUndefined()
  })

  it("is undefined for text that is not YYYY-MM-DD", () => {
    expect(ageOn("17/05/1990", NOW)).toBeUndefined()
    expect(ageOn("1990-5-17", NOW)).toBeUndefined()
    expect(ageOn("", NOW)).toBeUndefined()
  })

  it("a leap-day birthday turns a year older on March 1st in a common year", () => {
    expect(ageOn("2008-02-29", Date.parse("2026-02-28T12:00:00Z"))).toBe(17)
    expect(ageOn("2008-02-29", Date.parse("2026-03-01T00:00:00Z"))).toBe(18)
  })
})

describe("signUpIssues", () => {
  it("accepts a complete adult sign-up", () => {
    expect(signUpIssues(valid, NOW)).toEqual([])
  })

  it("refuses a bad email", () => {
    expect(signUpIssues({ ...valid, email: "ada.example.com" }, NOW)).toEqual([
      { field: "email", title: "Invalid email", message: "Please enter a valid email address" },
    ])
  })

  it("refuses a password of 7 characters: Password too short", () => {
    expect(signUpIssues({ ...valid, password: "abcdefg" }, NOW)).toEqual([
      {
        field: "password",
        title: "Password too short",
        message: "Password must be at least 8 characters long",
      },
    ])
  })

  it("accepts a password of exactly 8 characters", () => {
    expect(fields({ ...valid, password: "abcdefgh" })).toEqual([])
  })

  it("requires first and last names", () => {
    expect(fields({ ...valid, firstName: " ", lastName: "" })).toEqual(["firstName", "lastName"])
  })

  it("accepts usernames of 3 to 30 letters, digits, dots, dashes or underscores", () => {
    for (const username of ["abc", "a".repeat(30), "Ada.L-2_x"]) {
      expect(USERNAME_PATTERN.test(username), username).toBe(true)
      expect(fields({ ...valid, username }), username).toEqual([])
    }
  })

  it("refuses usernames that are too short, too long or hold other characters", () => {
    for (const username of ["ab", "a".repeat(31), "ada lovelace", "ada@home", "adá", ""]) {
      expect(fields({ ...valid, username }), username).toEqual(["username"])
    }
  })

  it("refuses someone who turns 18 tomorrow", () => {
    const issues = signUpIssues({ ...valid, dateOfBirth: "2008-11-24" }, NOW)
    expect(issues).toEqual([
      {
        field: "dateOfBirth",
        title: "Adults only",
        message: "You must be 18 or older to join Colorday",
      },
    ])
  })

  it("accepts someone who turns 18 today", () => {
    expect(fields({ ...valid, dateOfBirth: "2008-11-23" })).toEqual([])
  })

  it("refuses an invalid date such as 2001-02-30", () => {
    expect(signUpIssues({ ...valid, dateOfBirth: "2001-02-30" }, NOW)).toEqual([
      {
        field: "dateOfBirth",
        title: "Invalid date of birth",
        message: "Please enter your date of birth",
      },
    ])
  })

  it("refuses a missing date of birth", () => {
    expect(fields({ ...valid, dateOfBirth: "" })).toEqual(["dateOfBirth"])
  })

  it("lists every broken rule at once, each naming its field", () => {
    expect(
      fields({
        email: "nope",
        password: "short",
        firstName: "",
        lastName: "",
        username: "x",
        dateOfBirth: "2010-01-01",
      }),
    ).toEqual(["email", "password", "firstName", "lastName", "username", "dateOfBirth"])
  })
})

describe("resetIssues", () => {
  const reset = { token: "tok-123", password: "new password", confirmPassword: "new password" }

  it("accepts a token and two matching passwords of 8 or more characters", () => {
    expect(resetIssues(reset)).toEqual([])
  })

  it("a missing token gives Invalid link / The password reset link is missing a token", () => {
    expect(resetIssues({ ...reset, token: "" })).toEqual([
      {
        field: "token",
        title: "Invalid link",
        message: "The password reset link is missing a token",
      },
    ])
    expect(resetIssues({ ...reset, token: "   " })[0]?.title).toBe("Invalid link")
  })

  it("a missing token is the only issue reported, whatever the passwords", () => {
    expect(resetIssues({ token: "", password: "a", confirmPassword: "b" })).toHaveLength(1)
  })

  it("a short password gives Password too short / Password must be at least 8 characters long", () => {
    expect(resetIssues({ ...reset, password: "1234567", confirmPassword: "1234567" })).toEqual([
      {
        field: "password",
        title: "Password too short",
        message: "Password must be at least 8 characters long",
      },
    ])
  })

  it("different passwords give Passwords do not match / Please ensure both password fields match", () => {
    expect(resetIssues({ ...reset, confirmPassword: "new passwords" })).toEqual([
      {
        field: "confirmPassword",
        title: "Passwords do not match",
        message: "Please ensure both password fields match",
      },
    ])
  })

  it("reports a short password and a mismatch together", () => {
    expect(
      resetIssues({ ...reset, password: "short", confirmPassword: "shorter" }).map(
        (issue) => issue.title,
      ),
    ).toEqual(["Password too short", "Passwords do not match"])
  })
})
