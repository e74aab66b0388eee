import { describe, expect, it } from "vitest"
import { contestClock } from "./contest-clock.ts"

const contest = {
  startsAt: "2026-11-22T00:00:00.000Z",
  endsAt: "2026-11-23T00:00:00.000Z",
  status: "active" as const,
}
const at = (iso: string) => Date.parse(iso)

describe("contestClock", () => {
  it("counts down to the start of an upcoming contest", () => {
    expect(contestClock(contest, at("2026-11-20T22:30:15.000Z"))).toEqual({
      phase: "upcoming",
      badge: { label: "Starts in", text: "1d 01:29:45" },
    })
    expect(contestClock(contest, at("2026-11-21T23:00:00.000Z")).badge.text).toBe("01:00:00")
  })

  it("shows the time remaining while the contest is open", () => {
    expect(contestClock(contest, at("2026-11-22T12:00:01.000Z"))).toEqual({
      phase: "open",
      badge: { label: "Remaining", text: "11:59:59" },
    })
  })

  it("ends at the end, start inclusive and end exclusive", () => {
    expect(contestClock(contest, at("2026-11-22T00:00:00.000Z")).phase).toBe("open")
    expect(contestClock(contest, at("2026-11-23T00:00:00.000Z"))).toEqual({
      phase: "ended",
      badge: { label: "Ended", text: "00:00:00" },
    })
  })

  it("keeps a contest the server closed ended, whatever the clock says", () => {
    for (const status of ["ended", "announced", "cancelled"] as const) {
      expect(contestClock({ ...contest, status }, at("2026-11-22T12:00:00.000Z")).phase).toBe(
        "ended",
      )
    }
  })
})
