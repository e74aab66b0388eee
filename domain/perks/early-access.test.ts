import { describe, expect, it } from "vitest"
import { dailyWindow } from "../contests/contest-window.ts"
import { earlyAccessContest, earlyAccessOpensAt, lineArtAccess } from "./early-access.ts"

/** A daily contest of `day` scheduled in `timeZone`, as the admin's calendar makes it. */
const daily = (day: string, timeZone: string) => {
  const window = dailyWindow(day, timeZone)
  if (!window) throw new Error(`no window for ${day} in ${timeZone}`)
  return { ...window, storedStatus: "scheduled" }
}

/** 18:00 local on `day` in `timeZone`, as an instant. */
const sixPm = (day: string, timeZone: string) => {
  const midnight = dailyWindow(day, timeZone)?.startsAt ?? Number.NaN
  // Local 18:00 is 18 hours after local midnight unless the clocks changed that day in between.
  const local = (instant: number) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(instant)
  for (const hours of [17, 18, 19]) {
    const instant = midnight + hours * 3_600_000
    if (local(instant) === "18:00") return instant
  }
  throw new Error("no 18:00")
}

describe("early access: tomorrow's line art from 18:00 the day before", () => {
  it("opens at 18:00 the day before in the contest's zone, on ordinary days and when the clocks change", () => {
    for (const [day, before, zone] of [
      ["2026-11-28", "2026-11-27", "UTC"],
      ["2026-11-28", "2026-11-27", "America/New_York"],
      ["2026-03-08", "2026-03-07", "America/New_York"], // clocks go forward at 02:00 on the 8th
      ["2026-03-09", "2026-03-08", "America/New_York"],
      ["2026-10-25", "2026-10-24", "Europe/Berlin"], // clocks go back at 03:00 on the 25th
      ["2026-10-26", "2026-10-25", "Europe/Berlin"],
      ["2026-11-28", "2026-11-27", "Asia/Kolkata"],
    ] as const) {
      expect(earlyAccessOpensAt(daily(day, zone)), `${day} in ${zone}`).toBe(sixPm(before, zone))
    }
  })

  it("gives a Champ the line art from 18:00 exactly, a Pro or a visitor only once it starts", () => {
    const contest = daily("2026-11-28", "America/New_York")
    const opens = earlyAccessOpensAt(contest)
    expect(lineArtAccess(contest, "champ", opens - 1)).toBe("not-yet")
    expect(lineArtAccess(contest, "champ", opens)).toBe("early")
    expect(lineArtAccess(contest, "champ", contest.startsAt - 1)).toBe("early")
    expect(lineArtAccess(contest, "pro", opens)).toBe("plan-required")
    expect(lineArtAccess(contest, "lite", contest.startsAt - 1)).toBe("plan-required")
    expect(lineArtAccess(contest, null, opens)).toBe("plan-required")
    expect(lineArtAccess(contest, null, opens - 1)).toBe("not-yet")
    expect(lineArtAccess(contest, null, contest.startsAt)).toBe("everyone")
    expect(lineArtAccess(contest, "free", contest.endsAt + 1)).toBe("everyone")
  })

  it("never opens a cancelled contest early", () => {
    const contest = { ...daily("2026-11-28", "UTC"), storedStatus: "cancelled" }
    expect(lineArtAccess(contest, "champ", earlyAccessOpensAt(contest))).toBe("not-yet")
  })

  it("finds tomorrow's contest only inside its window, the earliest first", () => {
    const tomorrow = daily("2026-11-28", "UTC")
    const after = daily("2026-11-29", "UTC")
    const opens = earlyAccessOpensAt(tomorrow)
    expect(earlyAccessContest([after, tomorrow], opens - 1)).toBeUndefined()
    expect(earlyAccessContest([after, tomorrow], opens)).toBe(tomorrow)
    expect(earlyAccessContest([after, tomorrow], tomorrow.startsAt)).toBeUndefined()
  })
})
