import { describe, expect, it } from "vitest"
import type { Contest } from "./contest.entity.ts"
import { selectHomeContest } from "./contest-selection.ts"

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = Date.parse("2026-11-23T12:00:00Z")

const contest = (
  id: string,
  startsAt: number,
  endsAt: number,
  storedStatus: string | null = null,
): Contest => ({
  id,
  title: id,
  description: "",
  lineArt: null,
  contestType: "daily",
  artStyle: "mandala",
  startsAt,
  endsAt,
  storedStatus,
  createdAt: startsAt - DAY,
  result: null,
  announcedAt: null,
  prize: null,
  subscribersOnly: false,
})

const past = contest("past", NOW - 3 * DAY, NOW - 2 * DAY)
const recent = contest("recent", NOW - 2 * DAY, NOW - DAY)
const running = contest("running", NOW - HOUR, NOW + HOUR)
const soon = contest("soon", NOW + HOUR, NOW + DAY)
const later = contest("later", NOW + DAY, NOW + 2 * DAY)

describe("selectHomeContest", () => {
  it("is undefined when there are no contests", () => {
    expect(selectHomeContest([], NOW)).toBeUndefined()
  })

  it("picks the contest in progress over upcoming and ended ones", () => {
    expect(selectHomeContest([past, later, running, soon, recent], NOW)).toBe(running)
  })

  it("among contests in progress, picks the one that started first", () => {
    const earlier = contest("earlier", NOW - 2 * HOUR, NOW + 3 * HOUR)
    expect(selectHomeContest([running, earlier], NOW)).toBe(earlier)
    expect(selectHomeContest([earlier, running], NOW)).toBe(earlier)
  })

  it("with none in progress, picks the earliest upcoming", () => {
    expect(selectHomeContest([later, recent, soon], NOW)).toBe(soon)
  })

  it("with none in progress or upcoming, picks the most recently ended", () => {
    expect(selectHomeContest([past, recent], NOW)).toBe(recent)
    expect(selectHomeContest([recent, past], NOW)).toBe(recent)
  })

  it("counts an announced contest as ended", () => {
    const announced = contest("announced", NOW - DAY, NOW - HOUR, "Announced")
    expect(selectHomeContest([past, announced], NOW)).toBe(announced)
  })

  it("never chooses a cancelled contest, in progress or not", () => {
    const cancelledRunning = contest("c1", NOW - HOUR, NOW + HOUR, "CANCELLED")
    const cancelledSoon = contest("c2", NOW + 1, NOW + HOUR, "cancelled")
    expect(selectHomeContest([cancelledRunning, cancelledSoon, recent], NOW)).toBe(recent)
  })

  it("is undefined when every contest is cancelled", () => {
    expect(selectHomeContest([contest("c", NOW - HOUR, NOW + HOUR, "Cancelled")], NOW)).toBe(
      undefined,
    )
  })

  it("a contest ending this instant is no longer in progress", () => {
    const endingNow = contest("ending", NOW - DAY, NOW)
    expect(selectHomeContest([endingNow, later], NOW)).toBe(later)
  })

  it("a contest starting this instant is in progress", () => {
    const startingNow = contest("starting", NOW, NOW + DAY)
    expect(selectHomeContest([recent, startingNow], NOW)).toBe(startingNow)
  })

  it("ignores a stored status of active for a contest the clock says has ended", () => {
    const stale = contest("stale", NOW - 2 * DAY, NOW - DAY, "active")
    expect(selectHomeContest([stale, soon], NOW)).toBe(soon)
  })
})
