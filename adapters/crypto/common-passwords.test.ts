import { dictionary } from "@zxcvbn-ts/language-common"
import { describe, expect, it } from "vitest"
import { COMMON_PASSWORDS } from "../../domain/accounts/common-passwords.ts"

describe("the common passwords the domain refuses", () => {
  it("are the first 1,000 of @zxcvbn-ts/language-common's frequency-ordered list", () => {
    expect(COMMON_PASSWORDS).toEqual(dictionary["passwords-common"].slice(0, 1000))
    expect(new Set(COMMON_PASSWORDS).size).toBe(1000)
  })
})
