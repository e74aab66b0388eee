import { describe, expect, it } from "vitest"
import {
  type ContestDraft,
  contestDraftIssues,
  DAILY_WINDOW_HOURS,
  dailyWindow,
} from "./contest-window.ts"

const at = (iso: string) => Date.parse(iso)
const DAY_MS = 86_400_000

describe("dailyWindow", () => {
  it("is nominally 24 hours long", () => {
    expect(DAILY_WINDOW_HOURS).toBe(24)
  })

  it("for 2026-11-23 in New York starts at local midnight (05:00Z) and lasts 24h", () => {
    expect(dailyWindow("2026-11-23", "America/New_York")).toEqual({
      startsAt: at("2026-11-23T05:00:00Z"),
      endsAt: at("2026-11-24T05:00:00Z"),
    })
  })

  it("uses the summer offset in summer (New York midnight is 04:00Z in July)", () => {
    expect(dailyWindow("2026-07-01", "America/New_York")?.startsAt).toBe(at("2026-07-01T04:00:00Z"))
  })

  it("starts at midnight UTC in UTC", () => {
    expect(dailyWindow("2026-02-28", "UTC")).toEqual({
      startsAt: at("2026-02-28T00:00:00Z"),
      endsAt: at("2026-03-01T00:00:00Z"),
    })
  })

  it("starts the day before in UTC for a zone east of UTC", () => {
    expect(dailyWindow("2026-11-23", "Asia/Tokyo")?.startsAt).toBe(at("2026-11-22T15:00:00Z"))
  })

  it("accepts February 29th of a leap year", () => {
    expect(dailyWindow("2028-02-29", "UTC")?.startsAt).toBe(at("2028-02-29T00:00:00Z"))
  })

  it("ends at the next local midnight: 23 hours on the day clocks spring forward", () => {
    expect(dailyWindow("2026-03-08", "America/New_York")).toEqual({
      startsAt: at("2026-03-08T05:00:00Z"),
      endsAt: at("2026-03-09T04:00:00Z"),
    })
  })

  it("ends at the next local midnight: 25 hours on the day clocks fall back", () => {
    expect(dailyWindow("2026-11-01", "America/New_York")).toEqual({
      startsAt: at("2026-11-01T04:00:00Z"),
      endsAt: at("2026-11-02T05:00:00Z"),
    })
  })

  it("the day after a spring-forward day does not overlap it (no ContestOverlap for tomorrow)", () => {
    const sunday = dailyWindow("2026-03-08", "America/New_York")
    const monday = dailyWindow("2026-03-09", "America/New_York")
    expect(sunday?.endsAt).toBe(monday?.startsAt)
  })

  it("ends on the 1st of the next month, and of the next year, after the last day", () => {
    expect(dailyWindow("2026-04-30", "UTC")?.endsAt).toBe(at("2026-05-01T00:00:00Z"))
    expect(dailyWindow("2026-12-31", "America/New_York")?.endsAt).toBe(at("2027-01-01T05:00:00Z"))
  })

  it("starts at the first instant of a day whose midnight does not exist (Santiago, 2026-09-06)", () => {
    // Chile skips from 00:00 (UTC-4) to 01:00 (UTC-3): the day begins at 04:00Z.
    expect(dailyWindow("2026-09-06", "America/Santiago")?.startsAt).toBe(at("2026-09-06T04:00:00Z"))
    expect(dailyWindow("2026-09-05", "America/Santiago")?.endsAt).toBe(at("2026-09-06T04:00:00Z"))
  })

  it("consecutive days tile exactly, with neither overlap nor gap, every day of 2026 in several zones", () => {
    const zones = [
      "UTC",
      "America/New_York",
      "Europe/London",
      "Australia/Sydney",
      "America/Santiago",
    ]
    const day = (n: number) =>
      new Date(at("2026-01-01T12:00:00Z") + n * DAY_MS).toISOString().slice(0, 10)
    for (const zone of zones) {
      const lengths = new Set<number>()
      for (let n = 0; n < 365; n++) {
        const today = dailyWindow(day(n), zone)
        const tomorrow = dailyWindow(day(n + 1), zone)
        expect(today?.endsAt, `${zone} ${day(n)}`).toBe(tomorrow?.startsAt)
        if (today) lengths.add((today.endsAt - today.startsAt) / 3_600_000)
      }
      // UTC days are all 24 hours; the DST zones have one 23-hour and one 25-hour day a year.
      expect([...lengths].sort(), zone).toEqual(zone === "UTC" ? [24] : [23, 24, 25])
    }
  })

  it("is undefined for a day that does not exist", () => {
    expect(dailyWindow("2001-02-30", "UTC")).toBeUndefined()
    expect(dailyWindow("2027-02-29", "UTC")).toBeUndefined()
    expect(dailyWindow("2026-13-01", "UTC")).toBeUndefined()
    expect(dailyWindow("2026-00-10", "UTC")).toBeUndefined()
    expect(dailyWindow("2026-04-31", "UTC")).toBeUndefined()
  })

  it("is undefined for text that is not a YYYY-MM-DD day", () => {
    expect(dailyWindow("2026-1-23", "UTC")).toBeUndefined()
    expect(dailyWindow("23/11/2026", "UTC")).toBeUndefined()
    expect(dailyWindow("2026-11-23T00:00", "UTC")).toBeUndefined()
    expect(dailyWindow("", "UTC")).toBeUndefined()
  })

  it("is undefined for an unknown time zone", () => {
    expect(dailyWindow("2026-11-23", "America/Atlantis")).toBeUndefined()
    expect(dailyWindow("2026-11-23", "")).toBeUndefined()
  })
})

describe("contestDraftIssues", () => {
  const draft: ContestDraft = {
    title: "Autumn Leaves",
    description: "Color the leaves",
    contestType: "daily",
    artStyle: "botanical",
    startsAt: at("2026-11-23T05:00:00Z"),
    endsAt: at("2026-11-24T05:00:00Z"),
  }
  const fields = (d: ContestDraft) => contestDraftIssues(d).map((issue) => issue.field)

  it("finds nothing wrong with a complete draft", () => {
    expect(contestDraftIssues(draft)).toEqual([])
  })

  it("requires a title that is not blank", () => {
    expect(contestDraftIssues({ ...draft, title: "   " })).toEqual([
      { field: "title", title: "Title required", message: "A contest needs a title" },
    ])
  })

  it("allows a title of 120 characters and refuses 121", () => {
    expect(fields({ ...draft, title: "x".repeat(120) })).toEqual([])
    expect(contestDraftIssues({ ...draft, title: "x".repeat(121) })).toEqual([
      {
        field: "title",
        title: "Title too long",
        message: "A contest title has at most 120 characters",
      },
    ])
  })

  it("requires a contest type", () => {
    expect(fields({ ...draft, contestType: " " })).toEqual(["contestType"])
  })

  it("refuses a start that is not a date", () => {
    expect(fields({ ...draft, startsAt: Number.NaN })).toEqual(["startsAt"])
  })

  it("refuses an end that is not a date", () => {
    expect(fields({ ...draft, endsAt: Number.NaN })).toEqual(["endsAt"])
  })

  it("refuses an end at the start or before it", () => {
    expect(contestDraftIssues({ ...draft, endsAt: draft.startsAt })).toEqual([
      {
        field: "endsAt",
        title: "End before start",
        message: "The contest must end after it starts",
      },
    ])
    expect(fields({ ...draft, endsAt: draft.startsAt - 1 })).toEqual(["endsAt"])
  })

  it("accepts an end one ms after the start", () => {
    expect(fields({ ...draft, endsAt: draft.startsAt + 1 })).toEqual([])
  })

  it("lists every broken rule at once, each naming its field", () => {
    expect(
      fields({ ...draft, title: "", contestType: "", startsAt: Number.NaN, endsAt: Number.NaN }),
    ).toEqual(["title", "contestType", "startsAt", "endsAt"])
  })
})
