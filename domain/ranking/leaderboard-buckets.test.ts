import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { DAY, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory } from "../../adapters/memory/testing.ts"
import { SETTINGS_TIME_ZONES } from "../accounts/member-settings.ts"
import { periodStart } from "../shared/calendar.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { leaderboard } from "./leaderboard.use-case.ts"

/**
 * The leaderboard's buckets (today, this week from Sunday, this month) in each of the spec's four
 * zones, on the days their clocks change in 2026: the instants just before, at and after local
 * midnight. Every expected instant is written out in UTC, worked out by hand from the zone's
 * offsets, so the test does not lean on the code it checks. The US changes on Sunday 8 March and
 * Sunday 1 November; Berlin on Sunday 29 March and Sunday 25 October (its autumn change is in
 * October), and 1 November is checked there as a month start too.
 */

const at = (iso: string) => Date.parse(iso)
const HOUR = 3_600_000

interface TransitionDay {
  readonly zone: string
  readonly day: string
  /** Local midnight starting the day before, the day itself, and the day after. */
  readonly previousMidnight: string
  readonly midnight: string
  readonly nextMidnight: string
  /** How long the day is: 23 hours when clocks spring forward, 25 when they fall back. */
  readonly hours: number
  /** The Sunday midnight a week before the transition day (itself a Sunday). */
  readonly previousSunday: string
  /** The month bucket's start just before midnight, and at midnight. */
  readonly monthBefore: string
  readonly monthAt: string
}

const DAYS: ReadonlyArray<TransitionDay> = [
  {
    zone: "UTC",
    day: "2026-03-08",
    previousMidnight: "2026-03-07T00:00:00Z",
    midnight: "2026-03-08T00:00:00Z",
    nextMidnight: "2026-03-09T00:00:00Z",
    hours: 24,
    previousSunday: "2026-03-01T00:00:00Z",
    monthBefore: "2026-03-01T00:00:00Z",
    monthAt: "2026-03-01T00:00:00Z",
  },
  {
    zone: "UTC",
    day: "2026-11-01",
    previousMidnight: "2026-10-31T00:00:00Z",
    midnight: "2026-11-01T00:00:00Z",
    nextMidnight: "2026-11-02T00:00:00Z",
    hours: 24,
    previousSunday: "2026-10-25T00:00:00Z",
    monthBefore: "2026-10-01T00:00:00Z",
    monthAt: "2026-11-01T00:00:00Z",
  },
  // New York: EST (UTC-5) until 2:00 on 8 March, EDT (UTC-4) until 2:00 on 1 November.
  {
    zone: "America/New_York",
    day: "2026-03-08",
    previousMidnight: "2026-03-07T05:00:00Z",
    midnight: "2026-03-08T05:00:00Z",
    nextMidnight: "2026-03-09T04:00:00Z",
    hours: 23,
    previousSunday: "2026-03-01T05:00:00Z",
    monthBefore: "2026-03-01T05:00:00Z",
    monthAt: "2026-03-01T05:00:00Z",
  },
  {
    zone: "America/New_York",
    day: "2026-11-01",
    previousMidnight: "2026-10-31T04:00:00Z",
    midnight: "2026-11-01T04:00:00Z",
    nextMidnight: "2026-11-02T05:00:00Z",
    hours: 25,
    previousSunday: "2026-10-25T04:00:00Z",
    monthBefore: "2026-10-01T04:00:00Z",
    monthAt: "2026-11-01T04:00:00Z",
  },
  // Los Angeles: PST (UTC-8) until 2:00 on 8 March, PDT (UTC-7) until 2:00 on 1 November.
  {
    zone: "America/Los_Angeles",
    day: "2026-03-08",
    previousMidnight: "2026-03-07T08:00:00Z",
    midnight: "2026-03-08T08:00:00Z",
    nextMidnight: "2026-03-09T07:00:00Z",
    hours: 23,
    previousSunday: "2026-03-01T08:00:00Z",
    monthBefore: "2026-03-01T08:00:00Z",
    monthAt: "2026-03-01T08:00:00Z",
  },
  {
    zone: "America/Los_Angeles",
    day: "2026-11-01",
    previousMidnight: "2026-10-31T07:00:00Z",
    midnight: "2026-11-01T07:00:00Z",
    nextMidnight: "2026-11-02T08:00:00Z",
    hours: 25,
    previousSunday: "2026-10-25T07:00:00Z",
    monthBefore: "2026-10-01T07:00:00Z",
    monthAt: "2026-11-01T07:00:00Z",
  },
  // Berlin: CET (UTC+1) until 2:00 on 29 March, CEST (UTC+2) until 3:00 on 25 October.
  {
    zone: "Europe/Berlin",
    day: "2026-03-29",
    previousMidnight: "2026-03-27T23:00:00Z",
    midnight: "2026-03-28T23:00:00Z",
    nextMidnight: "2026-03-29T22:00:00Z",
    hours: 23,
    previousSunday: "2026-03-21T23:00:00Z",
    monthBefore: "2026-02-28T23:00:00Z",
    monthAt: "2026-02-28T23:00:00Z",
  },
  {
    zone: "Europe/Berlin",
    day: "2026-10-25",
    previousMidnight: "2026-10-23T22:00:00Z",
    midnight: "2026-10-24T22:00:00Z",
    nextMidnight: "2026-10-25T23:00:00Z",
    hours: 25,
    previousSunday: "2026-10-17T22:00:00Z",
    monthBefore: "2026-09-30T22:00:00Z",
    monthAt: "2026-09-30T22:00:00Z",
  },
  {
    zone: "Europe/Berlin",
    day: "2026-11-01",
    previousMidnight: "2026-10-30T23:00:00Z",
    midnight: "2026-10-31T23:00:00Z",
    nextMidnight: "2026-11-01T23:00:00Z",
    hours: 24,
    previousSunday: "2026-10-24T22:00:00Z",
    monthBefore: "2026-09-30T22:00:00Z",
    monthAt: "2026-10-31T23:00:00Z",
  },
]

describe("leaderboard buckets around the 2026 clock changes", () => {
  it("cover each of the spec's four zones", () => {
    expect(new Set(DAYS.map((day) => day.zone))).toEqual(
      new Set(SETTINGS_TIME_ZONES.map((timeZone) => timeZone.zone)),
    )
  })

  describe.each(DAYS)("$zone on $day", (day) => {
    const midnight = at(day.midnight)
    const next = at(day.nextMidnight)

    it("the written-out day has the length the clock change gives it", () => {
      expect(next - midnight).toBe(day.hours * HOUR)
    })

    it("today: just before midnight is the day before; from midnight to the next it is this day", () => {
      expect(periodStart("today", midnight - 1, day.zone)).toBe(at(day.previousMidnight))
      expect(periodStart("today", midnight, day.zone)).toBe(midnight)
      expect(periodStart("today", midnight + 1, day.zone)).toBe(midnight)
      expect(periodStart("today", next - 1, day.zone)).toBe(midnight)
      expect(periodStart("today", next, day.zone)).toBe(next)
    })

    it("week (from Sunday): the Saturday night is last week; the Sunday starts a new one", () => {
      expect(periodStart("week", midnight - 1, day.zone)).toBe(at(day.previousSunday))
      expect(periodStart("week", midnight, day.zone)).toBe(midnight)
      expect(periodStart("week", midnight + 1, day.zone)).toBe(midnight)
      // Later that week, after the change, the week still began at that Sunday's midnight.
      expect(periodStart("week", next + 3 * 24 * HOUR, day.zone)).toBe(midnight)
    })

    it("month: starts at the 1st's local midnight, with the offset in force then", () => {
      expect(periodStart("month", midnight - 1, day.zone)).toBe(at(day.monthBefore))
      expect(periodStart("month", midnight, day.zone)).toBe(at(day.monthAt))
      expect(periodStart("month", next - 1, day.zone)).toBe(at(day.monthAt))
    })

    itWithMemory(
      "the leaderboard: an entry a moment before midnight is out of today and this week, one at midnight is in",
      () =>
        Effect.gen(function* () {
          yield* TestClock.setTime(midnight - DAY)
          const contest = yield* seedContest({ startsIn: 0, lasts: 3 * DAY })
          const submitAt = (instant: number) =>
            Effect.gen(function* () {
              yield* TestClock.setTime(instant)
              const artist = yield* seedMember()
              const { entry } = yield* submitEntry({
                memberId: artist.id,
                contestId: contest.id,
                image: `${instant}`,
              })
              return entry.id
            })
          const before = yield* submitAt(midnight - 1)
          const atMidnight = yield* submitAt(midnight)
          yield* TestClock.setTime(next - 1)
          const board = (period: "today" | "week" | "month") =>
            Effect.map(leaderboard({ period, timeZone: day.zone }), (found) =>
              found.rows.map((row) => row.entryId),
            )
          expect(yield* board("today")).toEqual([atMidnight])
          expect(yield* board("week")).toEqual([atMidnight])
          // The month splits them only where midnight also starts a month.
          expect((yield* board("month")).includes(before)).toBe(day.monthBefore === day.monthAt)
        }),
    )
  })
})
