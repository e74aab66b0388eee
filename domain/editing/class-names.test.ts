import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  isTemporaryClass,
  sanitiseClassName,
  splitClassList,
  TEMPORARY_STYLING_CLASS,
} from "./class-names.ts"

describe("sanitiseClassName", () => {
  it("turns each character outside letters, digits, underscore and hyphen into a hyphen", () => {
    expect(sanitiseClassName("my class.name/2")).toBe("my-class-name-2")
    expect(sanitiseClassName("hover:bg-[#fff]")).toBe("hover-bg---fff-")
    expect(sanitiseClassName("café")).toBe("caf-")
  })

  it("puts a hyphen before a leading digit", () => {
    expect(sanitiseClassName("2col")).toBe("-2col")
    expect(sanitiseClassName("9 lives")).toBe("-9-lives")
  })

  it("leaves a safe name alone", () => {
    expect(sanitiseClassName("card_title-2")).toBe("card_title-2")
    expect(sanitiseClassName("-2col")).toBe("-2col")
  })

  it("counts an astral character as one character", () => {
    expect(sanitiseClassName("a🎨b")).toBe("a-b")
  })

  it("always yields a safe name that does not start with a digit, and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (name) => {
        const safe = sanitiseClassName(name)
        expect(safe).toMatch(/^[A-Za-z0-9_-]*$/)
        expect(safe).not.toMatch(/^[0-9]/)
        expect(sanitiseClassName(safe)).toBe(safe)
      }),
    )
  })
})

describe("temporary classes", () => {
  it("are the arb89- ones, the temporary styling class among them", () => {
    expect(isTemporaryClass(TEMPORARY_STYLING_CLASS)).toBe(true)
    expect(isTemporaryClass("arb89-move")).toBe(true)
    expect(isTemporaryClass("tempo-wrap-in-div-placeholder")).toBe(false)
  })
})

describe("splitClassList", () => {
  it("splits on any whitespace and keeps each class once", () => {
    expect(splitClassList("  flex\tp-4\nflex  ")).toEqual(["flex", "p-4"])
    expect(splitClassList("")).toEqual([])
  })
})
