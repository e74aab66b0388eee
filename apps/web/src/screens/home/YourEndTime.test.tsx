import { render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setDisplayTimeZone } from "../../../../ui/src/format.ts"
import { YourEndTime, yourEndTime } from "./YourEndTime.tsx"

/** A daily contest scheduled midnight to midnight in Berlin (CET, UTC+1) on 27 November 2026. */
const BERLIN_DAY = { startsAt: "2026-11-26T23:00:00.000Z", endsAt: "2026-11-27T23:00:00.000Z" }
/** Noon that day in UTC: 7:00 AM in New York, 1:00 PM in Berlin. */
const NOON = Date.parse("2026-11-27T12:00:00Z")

afterEach(() => setDisplayTimeZone(undefined))

describe("the contest's end in the viewer's time", () => {
  it("states the end in a New York member's clock: their day is not the contest's", () => {
    expect(yourEndTime(BERLIN_DAY, NOON, "America/New_York")).toBe("Ends at 6:00 PM your time")
    expect(yourEndTime(BERLIN_DAY, NOON, "America/Los_Angeles")).toBe("Ends at 3:00 PM your time")
  })

  it("says nothing more for a member whose day is the contest's", () => {
    expect(yourEndTime(BERLIN_DAY, NOON, "Europe/Berlin")).toBeNull()
  })

  it("names the date when the end falls on the member's tomorrow", () => {
    // Tokyo (UTC+9): the Berlin day ends at 8:00 AM on the 28th, while it is the 27th there.
    expect(yourEndTime(BERLIN_DAY, NOON, "Asia/Tokyo")).toBe(
      "Ends Nov 28, 2026 at 8:00 AM your time",
    )
  })

  it("says nothing once the contest has ended", () => {
    expect(yourEndTime(BERLIN_DAY, Date.parse(BERLIN_DAY.endsAt), "America/New_York")).toBeNull()
  })

  it("shows the line in the member's zone (their setting) under the countdown", () => {
    setDisplayTimeZone("America/New_York")
    const { container } = render(<YourEndTime contest={BERLIN_DAY} now={NOON} />)
    expect(screen.getByText("Ends at 6:00 PM your time")).toBeTruthy()
    container.remove()
    setDisplayTimeZone("Europe/Berlin")
    const again = render(<YourEndTime contest={BERLIN_DAY} now={NOON} />)
    expect(again.container.textContent).toBe("")
  })
})
