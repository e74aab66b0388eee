import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { ContestAnalytics } from "./contest-analytics.port.ts"
import { createContest, scheduleDailyContest } from "./create-contest.use-case.ts"
import { currentContest } from "./current-contest.use-case.ts"
import { recordDownload } from "./record-download.use-case.ts"

const draft = {
  title: "  Winter Owls ",
  description: "Owls in the snow",
  contestType: "Daily",
  artStyle: "mandala",
  startsAt: TEST_NOW + DAY,
  endsAt: TEST_NOW + 2 * DAY,
}

describe("createContest", () => {
  test("stores a scheduled contest, trimmed and with its type lower-cased", () =>
    Effect.gen(function* () {
      const contest = yield* createContest(draft)
      expect(contest).toMatchObject({
        title: "Winter Owls",
        contestType: "daily",
        storedStatus: "scheduled",
        lineArt: null,
        result: null,
        createdAt: TEST_NOW,
      })
      expect((yield* Memory).tables.contests.get(contest.id)).toEqual(contest)
    }))

  test("refuses an overlapping window of the same type, and allows another type", () =>
    Effect.gen(function* () {
      const first = yield* createContest(draft)
      const clash = yield* Effect.flip(
        createContest({ ...draft, startsAt: draft.startsAt + HOUR, endsAt: draft.endsAt + HOUR }),
      )
      expect(clash).toMatchObject({ _tag: "ContestOverlap", contestId: first.id })
      expect(clash.code).toBe("CONTEST_OVERLAP")
      yield* createContest({ ...draft, contestType: "weekly" })
      // Back to back is not an overlap: the first ends where the next starts.
      yield* createContest({ ...draft, startsAt: draft.endsAt, endsAt: draft.endsAt + DAY })
    }))

  test("names each field that is wrong", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(
        createContest({ ...draft, title: " ", endsAt: draft.startsAt }),
      )
      expect(error._tag).toBe("ValidationFailed")
      if (error._tag !== "ValidationFailed") return
      expect(error.issues.map((issue) => issue.field)).toEqual(["title", "endsAt"])
      expect((yield* Memory).tables.contests.size).toBe(0)
    }))

  test("schedules a day's contest from local midnight for 24 hours", () =>
    Effect.gen(function* () {
      const contest = yield* scheduleDailyContest({
        ...draft,
        day: "2026-11-23",
        timeZone: "America/New_York",
      })
      expect(contest.startsAt).toBe(Date.UTC(2026, 10, 23, 5))
      expect(contest.endsAt - contest.startsAt).toBe(DAY)
      const bad = yield* Effect.flip(
        scheduleDailyContest({ ...draft, day: "2026-02-30", timeZone: "UTC" }),
      )
      expect(bad).toMatchObject({ _tag: "ValidationFailed" })
    }))
})

describe("currentContest", () => {
  test("shows the contest in progress, else the next, else the most recent, else none", () =>
    Effect.gen(function* () {
      expect(yield* currentContest()).toBeUndefined()
      const past = yield* seedContest({ startsIn: -3 * DAY, lasts: DAY, title: "Past" })
      expect((yield* currentContest())?.contest.id).toBe(past.id)
      expect((yield* currentContest())?.countdown).toEqual({ label: "Ended", text: "00:00:00" })
      const next = yield* seedContest({ startsIn: 2 * DAY, lasts: DAY, title: "Next" })
      yield* seedContest({ startsIn: 4 * DAY, lasts: DAY, title: "Later" })
      const upcoming = yield* currentContest()
      expect(upcoming?.contest.id).toBe(next.id)
      expect(upcoming?.status).toBe("scheduled")
      expect(upcoming?.countdown).toEqual({ label: "Starts in", text: "2d 00:00:00" })
      const live = yield* seedContest({ startsIn: -HOUR, lasts: 2 * HOUR, title: "Live" })
      const current = yield* currentContest()
      expect(current?.contest.id).toBe(live.id)
      expect(current?.countdown).toEqual({ label: "Remaining", text: "01:00:00" })
      yield* TestClock.adjust(HOUR)
      expect((yield* currentContest())?.contest.id).toBe(next.id)
    }))
})

describe("recordDownload", () => {
  test("records a row for a member and counts each visitor's download once a day", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const member = yield* seedMember()
      const asMember = { contestId: contest.id, memberId: member.id, visitor: "member:m" }
      const asVisitor = { contestId: contest.id, memberId: null, visitor: "address:a" }
      expect((yield* recordDownload(asMember)).counted).toBe(true)
      expect((yield* recordDownload(asVisitor)).counted).toBe(true)
      for (let i = 0; i < 5; i++) {
        expect((yield* recordDownload(asMember)).counted).toBe(false)
        expect((yield* recordDownload(asVisitor)).counted).toBe(false)
      }
      const store = yield* Memory
      expect(store.tables.downloads).toEqual([
        { contestId: contest.id, memberId: member.id, at: TEST_NOW },
      ])
      const analytics = yield* ContestAnalytics
      expect((yield* analytics.counts(contest.id)).downloads).toBe(2)
      // The next UTC day counts again.
      yield* TestClock.adjust("1 day")
      expect((yield* recordDownload(asVisitor)).counted).toBe(true)
      expect((yield* analytics.counts(contest.id)).downloads).toBe(3)
      const missing = yield* Effect.flip(
        recordDownload({ contestId: "nope", memberId: null, visitor: "address:a" }),
      )
      expect(missing).toMatchObject({ _tag: "NotFound", entity: "contest" })
    }))
})
