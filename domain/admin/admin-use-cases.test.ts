import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { setAdminRole, setSuspension } from "../accounts/member-admin.use-case.ts"
import { ContestAnalytics } from "../contests/contest-analytics.port.ts"
import {
  announceContest,
  cancelContest,
  closeContestAs,
  updateContest,
} from "../contests/manage-contest.use-case.ts"
import { moderateEntry } from "../submissions/moderate-entry.use-case.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { AuditLog } from "./audit-log.port.ts"
import { contestFigures, siteFigures } from "./dashboard.use-case.ts"

const auditActions = Effect.gen(function* () {
  const page = yield* (yield* AuditLog).page({}, null, 100)
  return page.items.map((row) => row.action)
})

describe("admin use cases", () => {
  test("a refused change leaves neither the change nor an audit row", () =>
    Effect.gen(function* () {
      const admin = yield* seedMember({ isAdmin: true })
      const running = yield* seedContest({ contestType: "daily" })
      yield* seedContest({ contestType: "daily", startsIn: 2 * DAY })
      const refused = yield* Effect.flip(
        updateContest(admin.id, running.id, { endsAt: running.endsAt + HOUR }),
      )
      expect(refused).toMatchObject({ _tag: "ContestLocked", code: "CONTEST_LOCKED" })
      const shortReason = yield* Effect.flip(cancelContest(admin.id, running.id, "no"))
      expect(shortReason).toMatchObject({ _tag: "ValidationFailed" })
      expect(yield* auditActions).toEqual([])
      const store = yield* Memory
      expect(store.tables.contests.get(running.id)?.endsAt).toBe(running.endsAt)
    }))

  test("closing then announcing mails the winner once; the order and the refusals are enforced", () =>
    Effect.gen(function* () {
      const admin = yield* seedMember({ isAdmin: true })
      const contest = yield* seedContest()
      const artist = yield* seedMember({ username: "ann", email: "ann@colorday.test" })
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "a",
      })
      yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
      expect(yield* Effect.flip(announceContest(admin.id, contest.id))).toMatchObject({
        code: "CONTEST_NOT_CLOSED",
      })
      yield* TestClock.setTime(contest.endsAt + HOUR)
      yield* closeContestAs(admin.id, contest.id)
      const { contest: announced } = yield* announceContest(admin.id, contest.id)
      expect(announced.storedStatus).toBe("announced")
      expect(yield* Effect.flip(announceContest(admin.id, contest.id))).toMatchObject({
        code: "ALREADY_ANNOUNCED",
      })
      const mails = (yield* Memory).tables.mails
      expect(mails).toEqual([
        expect.objectContaining({ kind: "winner-announcement", to: "ann@colorday.test" }),
        // The entrant's results mail (voting results on by default), once too.
        expect.objectContaining({ kind: "contest-results", to: "ann@colorday.test" }),
      ])
      expect(yield* auditActions).toEqual(["contest.announce", "contest.close"])
    }))

  test("a contest nobody voted in has no winner to announce", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      yield* TestClock.setTime(contest.endsAt)
      yield* closeContestAs(null, contest.id)
      expect(yield* Effect.flip(announceContest(null, contest.id))).toMatchObject({
        code: "NO_WINNER",
      })
    }))

  test("a hidden entry cannot win; suspension hides and lifting restores only its own", () =>
    Effect.gen(function* () {
      const admin = yield* seedMember({ isAdmin: true })
      const contest = yield* seedContest()
      const ann = yield* seedMember()
      const bob = yield* seedMember()
      const { entry: annEntry } = yield* submitEntry({
        memberId: ann.id,
        contestId: contest.id,
        image: "a",
      })
      const { entry: bobEntry } = yield* submitEntry({
        memberId: bob.id,
        contestId: contest.id,
        image: "b",
      })
      for (const voter of [yield* seedMember(), yield* seedMember()]) {
        yield* castVote({ voterId: voter.id, entryId: annEntry.id })
      }
      yield* castVote({ voterId: admin.id, entryId: bobEntry.id })
      yield* moderateEntry(admin.id, {
        entryId: annEntry.id,
        action: "disqualify",
        reason: "Traced from a photograph",
      })
      yield* setSuspension(admin.id, bob.id, { suspended: true, reason: "Spam" })
      const entries = (yield* Memory).tables.entries
      expect(entries.get(bobEntry.id)?.moderation).toBe("hidden")
      yield* setSuspension(admin.id, bob.id, { suspended: false })
      expect(entries.get(bobEntry.id)?.moderation).toBe("visible")
      yield* setSuspension(admin.id, ann.id, { suspended: true })
      yield* setSuspension(admin.id, ann.id, { suspended: false })
      expect(entries.get(annEntry.id)?.moderation).toBe("disqualified")
      yield* TestClock.setTime(contest.endsAt)
      const { result } = yield* closeContestAs(admin.id, contest.id)
      expect(result.winnerEntryId).toBe(bobEntry.id)
      expect(yield* Effect.flip(setAdminRole(admin.id, admin.id, false))).toMatchObject({
        code: "SELF_DEMOTION",
      })
    }))

  test("site figures group hourly counts into the admin's local days", () =>
    Effect.gen(function* () {
      // 22 Nov 2026, 12:00 UTC is 21:00 in Tokyo; 16:00 UTC is 01:00 on the 23rd there.
      const contest = yield* seedContest()
      const analytics = yield* ContestAnalytics
      yield* analytics.recordEvent({ contestId: contest.id, metric: "views", at: TEST_NOW })
      yield* analytics.recordEvent({
        contestId: contest.id,
        metric: "views",
        at: TEST_NOW + 4 * HOUR,
      })
      const figures = yield* siteFigures({
        from: "2026-11-22",
        to: "2026-11-23",
        timeZone: "Asia/Tokyo",
      })
      expect(figures.days.map((day) => [day.date, day.views])).toEqual([
        ["2026-11-22", 1],
        ["2026-11-23", 1],
      ])
      expect(figures.totals.views).toBe(2)
      const tooLong = yield* Effect.flip(
        siteFigures({ from: "2026-01-01", to: "2027-06-01", timeZone: "UTC" }),
      )
      expect(tooLong).toMatchObject({ _tag: "ValidationFailed" })
      yield* TestClock.setTime(TEST_NOW + 5 * HOUR)
      const series = yield* contestFigures(contest.id)
      expect(series.series.reduce((sum, slot) => sum + slot.views, 0)).toBe(2)
      expect(series.series[0]?.hour).toBe(contest.startsAt - (contest.startsAt % HOUR))
    }))
})
