import { describe, expect, it } from "vitest"
import { gridSizes } from "./grid-sizes.ts"

describe("a grid's image sizes", () => {
  it("follows the gallery's columns and gaps at each breakpoint, fixed once the page stops growing", () => {
    // grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4
    expect(gridSizes({ columns: { base: 2, lg: 3, xl: 4 }, gap: { base: 12, sm: 24 } })).toBe(
      [
        // 1152 px page less 2 × 24 px gutters and 3 gaps of 24 px, in 4 columns
        "(min-width: 1280px) 258px",
        "(min-width: 1152px) 352px",
        "(min-width: 1024px) calc(33.33vw - 32px)",
        "(min-width: 640px) calc(50vw - 36px)",
        // a phone: 16 px gutters and one 12 px gap
        "calc(50vw - 22px)",
      ].join(", "),
    )
  })

  it("changes where the grid's classes change and nowhere else", () => {
    // grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4
    expect(gridSizes({ columns: { base: 2, sm: 3, lg: 4 }, gap: { base: 16 } })).toBe(
      [
        "(min-width: 1152px) 264px",
        "(min-width: 1024px) calc(25vw - 24px)",
        "(min-width: 640px) calc(33.33vw - 26.67px)",
        "calc(50vw - 24px)",
      ].join(", "),
    )
  })

  it("gives a one-column list the page's width less its gutters", () => {
    expect(gridSizes({ columns: { base: 1 }, gap: { base: 12 } })).toBe(
      "(min-width: 1152px) 1104px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)",
    )
  })
})
