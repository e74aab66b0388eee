import { afterEach, describe, expect, it } from "vitest"
import {
  billingDate,
  clockTime,
  differentDays,
  monthYear,
  setDisplayTimeZone,
  shortDate,
} from "./format.ts"

// 03:30 UTC on 1 November 2026 is still 31 October in New York (EDT) and Los Angeles (PDT).
const LATE = "2026-11-01T03:30:00Z"

afterEach(() => setDisplayTimeZone(undefined))

describe("dates in a time zone", () => {
  it("shows the day, month and time where the zone is, one formatter per zone", () => {
    expect(shortDate(LATE, "UTC")).toBe("Nov 1, 2026")
    expect(shortDate(LATE, "America/New_York")).toBe("Oct 31, 2026")
    expect(monthYear(LATE, "Europe/Berlin")).toBe("November 2026")
    expect(monthYear(LATE, "America/Los_Angeles")).toBe("October 2026")
    expect(billingDate(LATE, "America/Los_Angeles")).toEqual({
      date: "Oct 31, 2026",
      time: "8:30 PM",
    })
    expect(clockTime(LATE, "Europe/Berlin")).toBe("4:30 AM")
  })

  it("uses the display zone (the member's setting) when none is given", () => {
    setDisplayTimeZone("America/New_York")
    expect(shortDate(LATE)).toBe("Oct 31, 2026")
    expect(clockTime(LATE)).toBe("11:30 PM")
    setDisplayTimeZone("Asia/Tokyo")
    expect(shortDate(LATE)).toBe("Nov 1, 2026")
    expect(clockTime(LATE)).toBe("12:30 PM")
  })

  it("tells whether two instants fall on different days in a zone", () => {
    const evening = "2026-10-31T23:00:00Z"
    expect(differentDays(LATE, evening, "UTC")).toBe(true)
    expect(differentDays(LATE, evening, "America/New_York")).toBe(false)
  })

  it("writes an English date in the browser's own zone as Intl would, without a formatter", () => {
    const browser = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
    })
    // Every month, both ends of a day, and the hours around midnight in any zone the tests run in.
    for (let hours = 0; hours < 24 * 400; hours += 7) {
      const iso = new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000).toISOString()
      expect(shortDate(iso), iso).toBe(browser.format(new Date(iso)))
    }
  })

  it("tells different days apart in the browser's own zone when given none", () => {
    const local = (at: string) => new Date(at).toDateString()
    for (let hours = 0; hours < 72; hours += 1) {
      const a = new Date(Date.UTC(2026, 10, 1) + hours * 3_600_000).toISOString()
      const b = new Date(Date.UTC(2026, 10, 1) + (hours + 5) * 3_600_000).toISOString()
      expect(differentDays(a, b), `${a} ${b}`).toBe(local(a) !== local(b))
    }
  })
})
