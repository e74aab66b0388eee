import { describe, expect, it } from "vitest"
import { isIsoWeek, isoWeekOf, isoWeekWindow } from "./premium-week.ts"

describe("the premium page's week (ISO weeks, UTC)", () => {
  it("turns on Monday 00:00 UTC: Sunday's last millisecond is still the week before", () => {
    const monday = Date.UTC(2026, 10, 23) // Monday 23 November 2026
    expect(isoWeekOf(monday - 1)).toBe("2026-W47")
    expect(isoWeekOf(monday)).toBe("2026-W48")
    expect(isoWeekOf(Date.UTC(2026, 10, 29, 23, 59, 59, 999))).toBe("2026-W48")
    expect(isoWeekWindow("2026-W48")).toEqual({
      startsAt: monday,
      endsAt: Date.UTC(2026, 10, 30),
    })
  })

  it("counts days around New Year in the ISO year of their Thursday", () => {
    // 2026 starts on a Thursday, so it has 53 weeks and 1 January 2027 (Friday) is in its last.
    expect(isoWeekOf(Date.UTC(2027, 0, 1, 12))).toBe("2026-W53")
    expect(isoWeekOf(Date.UTC(2027, 0, 4))).toBe("2027-W01")
    // 29 December 2025 (Monday) already belongs to 2026's first week.
    expect(isoWeekOf(Date.UTC(2025, 11, 29))).toBe("2026-W01")
    expect(isoWeekWindow("2026-W01")?.startsAt).toBe(Date.UTC(2025, 11, 29))
  })

  it("names only weeks that exist", () => {
    expect(isIsoWeek("2026-W53")).toBe(true)
    expect(isIsoWeek("2027-W53")).toBe(false)
    expect(isIsoWeek("2026-W00")).toBe(false)
    expect(isIsoWeek("2026-48")).toBe(false)
    expect(isIsoWeek("2026-W4")).toBe(false)
  })
})
