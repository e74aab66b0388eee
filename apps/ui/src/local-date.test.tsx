import { act, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { announceDisplayTimeZone, setDisplayTimeZone } from "./format.ts"
import { ShortDate } from "./local-date.tsx"

// 03:30 UTC on 1 November 2026 is still 31 October in New York.
const LATE = "2026-11-01T03:30:00Z"

afterEach(() => setDisplayTimeZone(undefined))

describe("ShortDate", () => {
  it("is redrawn in the member's zone once it is known", () => {
    setDisplayTimeZone("UTC")
    render(<ShortDate iso={LATE} />)
    expect(screen.getByText("Nov 1, 2026").getAttribute("datetime")).toBe(LATE)
    act(() => {
      setDisplayTimeZone("America/New_York")
      announceDisplayTimeZone()
    })
    expect(screen.getByText("Oct 31, 2026").tagName).toBe("TIME")
  })
})
