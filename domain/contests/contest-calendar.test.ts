import { describe, expect, it } from "vitest"
import { addDays, isCalendarDate, localDate } from "../shared/calendar.ts"
import { calendarDays, daysWindow } from "./contest-calendar.ts"
import { dailyWindow } from "./contest-window.ts"

const contestOn = (day: string, timeZone: string, storedStatus: string | null = "scheduled") => {
  const window = dailyWindow(day, timeZone)
  if (!window) throw new Error(`no window for ${day}`)
  return { ...window, storedStatus }
}

describe("calendar days", () => {
  it("puts a daily contest on its own local day only, and leaves the other days free", () => {
    const koi = contestOn("2026-03-08", "America/New_York")
    const days = calendarDays("2026-03-07", 3, "America/New_York", [koi])
    expect(days.map((day) => [day.date, day.contests.length])).toEqual([
      ["2026-03-07", 0],
      ["2026-03-08", 1],
      ["2026-03-09", 0],
    ])
  })

  it("shows a day whose contest was cancelled as free", () => {
    const days = calendarDays("2026-03-08", 1, "UTC", [contestOn("2026-03-08", "UTC", "Cancelled")])
    expect(days[0]?.contests).toEqual([])
  })

  it("puts a contest on every local day its window overlaps, in the admin's zone", () => {
    // Midnight to midnight in Tokyo is 15:00 to 15:00 UTC: two UTC days.
    const tokyo = contestOn("2026-05-01", "Asia/Tokyo")
    expect(calendarDays("2026-04-30", 2, "UTC", [tokyo]).map((day) => day.contests.length)).toEqual(
      [1, 1],
    )
  })

  it("spans a run of local days from the first midnight to the midnight after the last", () => {
    // The clocks go forward on 2026-03-29 in Paris: that day has 23 hours.
    const window = daysWindow("2026-03-28", 2, "Europe/Paris")
    expect(window).toEqual({
      from: Date.UTC(2026, 2, 27, 23),
      to: Date.UTC(2026, 2, 29, 22),
    })
  })
})

describe("calendar dates", () => {
  it("adds days across months and years, and reads an instant's local date", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01")
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28")
    expect(localDate(Date.UTC(2026, 10, 24, 23, 30), "Asia/Tokyo")).toBe("2026-11-25")
    expect(localDate(Date.UTC(2026, 10, 24, 3), "America/Los_Angeles")).toBe("2026-11-23")
  })

  it("knows a real day written YYYY-MM-DD from anything else", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true)
    expect(isCalendarDate("2026-02-29")).toBe(false)
    expect(isCalendarDate("2026-2-3")).toBe(false)
    expect(isCalendarDate("tomorrow")).toBe(false)
  })
})
