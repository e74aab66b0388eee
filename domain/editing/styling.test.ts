import { describe, expect, it } from "vitest"
import {
  BREAKPOINT_MIN_WIDTHS,
  BREAKPOINTS,
  isBreakpoint,
  isPseudoModifier,
  isStylingFramework,
  PSEUDO_MODIFIERS,
  STYLING_FRAMEWORKS,
} from "./styling.ts"

describe("styling constants", () => {
  it("lists the instant-update pseudo modifiers of §9", () => {
    expect(PSEUDO_MODIFIERS).toEqual([
      "hover",
      "required",
      "focus",
      "active",
      "invalid",
      "disabled",
    ])
    expect(isPseudoModifier("focus")).toBe(true)
    expect(isPseudoModifier("focus-visible")).toBe(false)
  })

  it("lists the breakpoints of §9 from smallest to largest", () => {
    expect(BREAKPOINTS).toEqual(["sm", "md", "lg", "xl", "2xl"])
    expect(BREAKPOINT_MIN_WIDTHS).toEqual({
      sm: "40rem",
      md: "48rem",
      lg: "64rem",
      xl: "80rem",
      "2xl": "96rem",
    })
    const rems = BREAKPOINTS.map((name) => parseFloat(BREAKPOINT_MIN_WIDTHS[name]))
    expect(rems).toEqual([...rems].sort((a, b) => a - b))
    expect(isBreakpoint("2xl")).toBe(true)
    expect(isBreakpoint("3xl")).toBe(false)
  })

  it("names the three styling frameworks", () => {
    expect(STYLING_FRAMEWORKS).toEqual(["Inline", "CSS", "Tailwind"])
    expect(isStylingFramework("Tailwind")).toBe(true)
    expect(isStylingFramework("tailwind")).toBe(false)
  })
})
