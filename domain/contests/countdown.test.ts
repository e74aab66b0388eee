import { describe, expect, it } from "vitest"
import { countdownBadge } from "./countdown.ts"

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const START = Date.parse("2026-11-23T05:00:00Z")
const END = START + DAY
const contest = { startsAt: START, endsAt: END }

describe("countdownBadge before the start ('Starts in')", () => {
  it("at exactly one day before the start reads 1d 00:00:00", () => {
    expect(countdownBadge(contest, START - DAY)).toEqual({
      label: "Starts in",
      text: "1d 00:00:00",
    })
  })

  it("one ms less than a day before the start reads 23:59:59, with no days", () => {
    expect(countdownBadge(contest, START - DAY + 1)).toEqual({
      label: "Starts in",
      text: "23:59:59",
    })
  })

  it("shows days, hours, minutes and seconds when several days remain", () => {
    const left = 3 * DAY + 4 * HOUR + 5 * MINUTE + 6 * SECOND
    expect(countdownBadge(contest, START - left)).toEqual({
      label: "Starts in",
      text: "3d 04:05:06",
    })
  })

  it("shows HH:MM:SS, zero-padded, under a day", () => {
    expect(countdownBadge(contest, START - (HOUR + 2 * MINUTE + 3 * SECOND))).toEqual({
      label: "Starts in",
      text: "01:02:03",
    })
  })

  it("rounds a partial second down", () => {
    expect(countdownBadge(contest, START - 1500).text).toBe("00:00:01")
    expect(countdownBadge(contest, START - 1).text).toBe("00:00:00")
  })
})

describe("countdownBadge during the contest ('Remaining')", () => {
  it("reads Remaining from the start instant", () => {
    expect(countdownBadge(contest, START)).toEqual({ label: "Remaining", text: "24:00:00" })
  })

  it("shows the time left as HH:MM:SS", () => {
    expect(countdownBadge(contest, END - (5 * HOUR + 6 * MINUTE + 7 * SECOND))).toEqual({
      label: "Remaining",
      text: "05:06:07",
    })
  })

  it("never shows days while the contest runs", () => {
    const long = { startsAt: START, endsAt: START + 3 * DAY }
    expect(countdownBadge(long, START)).toEqual({ label: "Remaining", text: "72:00:00" })
  })

  it("still reads Remaining one ms before the end", () => {
    expect(countdownBadge(contest, END - 1)).toEqual({ label: "Remaining", text: "00:00:00" })
  })
})

describe("countdownBadge after the end ('Ended')", () => {
  it("reads Ended 00:00:00 at the end instant", () => {
    expect(countdownBadge(contest, END)).toEqual({ label: "Ended", text: "00:00:00" })
  })

  it("reads Ended 00:00:00 long after the end", () => {
    expect(countdownBadge(contest, END + 10 * DAY)).toEqual({ label: "Ended", text: "00:00:00" })
  })
})
