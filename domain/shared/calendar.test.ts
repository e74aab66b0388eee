import { describe, expect, it } from "vitest"
import { isTimeZone, PERIODS, periodStart, startOfDay } from "./calendar.ts"

const at = (iso: string) => Date.parse(iso)
const NEW_YORK = "America/New_York"

describe("isTimeZone", () => {
  it("accepts IANA zone names the runtime knows", () => {
    expect(isTimeZone("UTC")).toBe(true)
    expect(isTimeZone(NEW_YORK)).toBe(true)
    expect(isTimeZone("Asia/Tokyo")).toBe(true)
  })

  it("rejects names that are not zones", () => {
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false)
    expect(isTimeZone("")).toBe(false)
  })
})

describe("startOfDay", () => {
  it("is the instant itself at UTC midnight", () => {
    expect(startOfDay(at("2026-03-10T00:00:00Z"), "UTC")).toBe(at("2026-03-10T00:00:00Z"))
  })

  it("is local midnight in a zone west of UTC, even when the UTC date is already the next day", () => {
    // 02:00Z on the 11th is still 22:00 EDT on the 10th in New York.
    expect(startOfDay(at("2026-06-11T02:00:00Z"), NEW_YORK)).toBe(at("2026-06-10T04:00:00Z"))
  })

  it("is local midnight in a zone east of UTC, even when the UTC date is still the day before", () => {
    // 20:00Z on the 10th is 05:00 JST on the 11th in Tokyo.
    expect(startOfDay(at("2026-03-10T20:00:00Z"), "Asia/Tokyo")).toBe(at("2026-03-10T15:00:00Z"))
  })

  it("uses the offset in force at midnight on the day clocks spring forward", () => {
    // 2026-03-08: New York moves from EST to EDT at 02:00; midnight was still EST (05:00Z).
    expect(startOfDay(at("2026-03-08T18:00:00Z"), NEW_YORK)).toBe(at("2026-03-08T05:00:00Z"))
  })

  it("uses the offset in force at midnight on the day clocks fall back", () => {
    // 2026-11-01: New York moves from EDT to EST at 02:00; midnight was still EDT (04:00Z).
    expect(startOfDay(at("2026-11-01T18:00:00Z"), NEW_YORK)).toBe(at("2026-11-01T04:00:00Z"))
  })

  it("falls back to UTC for an unknown zone", () => {
    expect(startOfDay(at("2026-03-10T20:00:00Z"), "Not/AZone")).toBe(at("2026-03-10T00:00:00Z"))
  })
})

describe("periodStart", () => {
  it("lists the four leaderboard periods", () => {
    expect(PERIODS).toEqual(["today", "week", "month", "all"])
  })

  it("today starts at local midnight in a non-UTC zone", () => {
    expect(periodStart("today", at("2026-07-15T03:30:00Z"), NEW_YORK)).toBe(
      at("2026-07-14T04:00:00Z"),
    )
  })

  it("week starts on Sunday 00:00 EST when the week crosses the spring DST change (New York)", () => {
    // Tuesday 2026-03-10 is in EDT, but Sunday 2026-03-08 midnight was still EST (UTC-5).
    expect(periodStart("week", at("2026-03-10T15:00:00Z"), NEW_YORK)).toBe(
      at("2026-03-08T05:00:00Z"),
    )
  })

  it("week starts on Sunday 00:00 EDT when the week crosses the autumn DST change (New York)", () => {
    // Tuesday 2026-11-03 is in EST, but Sunday 2026-11-01 midnight was still EDT (UTC-4).
    expect(periodStart("week", at("2026-11-03T15:00:00Z"), NEW_YORK)).toBe(
      at("2026-11-01T04:00:00Z"),
    )
  })

  it("week starting on Sunday: the Saturday belongs to the week begun the Sunday before", () => {
    expect(periodStart("week", at("2026-03-14T23:00:00Z"), NEW_YORK)).toBe(
      at("2026-03-08T05:00:00Z"),
    )
  })

  it("week begins exactly at Sunday's local midnight: one ms earlier is still the previous week", () => {
    expect(periodStart("week", at("2026-03-08T05:00:00Z"), NEW_YORK)).toBe(
      at("2026-03-08T05:00:00Z"),
    )
    expect(periodStart("week", at("2026-03-08T04:59:59.999Z"), NEW_YORK)).toBe(
      at("2026-03-01T05:00:00Z"),
    )
  })

  it("week starts on Sunday in UTC too (not Monday)", () => {
    // Monday 2026-03-09 12:00Z -> Sunday 2026-03-08 00:00Z.
    expect(periodStart("week", at("2026-03-09T12:00:00Z"), "UTC")).toBe(at("2026-03-08T00:00:00Z"))
  })

  it("month starts at local midnight of the 1st in a non-UTC zone", () => {
    // March 1st was EST; the 10th is EDT.
    expect(periodStart("month", at("2026-03-10T15:00:00Z"), NEW_YORK)).toBe(
      at("2026-03-01T05:00:00Z"),
    )
    // April 1st is EDT.
    expect(periodStart("month", at("2026-04-20T15:00:00Z"), NEW_YORK)).toBe(
      at("2026-04-01T04:00:00Z"),
    )
  })

  it("month follows the viewer's local date, not the UTC one", () => {
    // 2026-04-01T02:00Z is still March 31st, 22:00 EDT, in New York.
    expect(periodStart("month", at("2026-04-01T02:00:00Z"), NEW_YORK)).toBe(
      at("2026-03-01T05:00:00Z"),
    )
    expect(periodStart("month", at("2026-04-01T02:00:00Z"), "UTC")).toBe(at("2026-04-01T00:00:00Z"))
  })

  it("all time has no start", () => {
    expect(periodStart("all", at("2026-03-10T15:00:00Z"), NEW_YORK)).toBe(Number.NEGATIVE_INFINITY)
  })

  it("an unknown zone falls back to UTC for every period", () => {
    const now = at("2026-03-10T20:00:00Z")
    expect(periodStart("today", now, "Nowhere/Special")).toBe(at("2026-03-10T00:00:00Z"))
    expect(periodStart("week", now, "Nowhere/Special")).toBe(at("2026-03-08T00:00:00Z"))
    expect(periodStart("month", now, "Nowhere/Special")).toBe(at("2026-03-01T00:00:00Z"))
  })

  it("never starts after now", () => {
    const now = at("2026-11-01T06:30:00Z")
    for (const period of PERIODS) {
      expect(periodStart(period, now, NEW_YORK)).toBeLessThanOrEqual(now)
    }
  })
})
