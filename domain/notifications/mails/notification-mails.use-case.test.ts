import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../../adapters/memory/memory.layers.ts"
import { DAY, HOUR, seedContest, seedMember } from "../../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../../adapters/memory/testing.ts"
import type { Member } from "../../accounts/member.entity.ts"
import { DEFAULT_SETTINGS, type MemberSettings } from "../../accounts/member-settings.ts"
import { MemberSettingsRepository } from "../../accounts/member-settings.port.ts"
import { settingsOf, unsubscribe } from "../../accounts/unsubscribe.use-case.ts"
import { closeContest } from "../../contests/close-contest.use-case.ts"
import { runScheduledJobs } from "../../jobs/scheduled-jobs.use-case.ts"
import type { Mail } from "../../shared/mailer.port.ts"
import { submitEntry } from "../../submissions/submit-entry.use-case.ts"
import { castVote } from "../../voting/cast-vote.use-case.ts"
import { plannedAnnouncements } from "./contest-announcement.use-case.ts"
import { sendNotificationMails } from "./notification-mails.use-case.ts"
import { plannedSummaries } from "./weekly-summary.use-case.ts"

// TEST_NOW is Sunday 2026-11-22 12:00 UTC: 07:00 in New York (its morning), noon in UTC.
const NEW_YORK = "America/New_York"

const withSettings = (member: Member, change: (settings: MemberSettings) => MemberSettings) =>
  Effect.gen(function* () {
    yield* (yield* MemberSettingsRepository).save(member.id, change(DEFAULT_SETTINGS), TEST_NOW)
  })

const inZone = (timeZone: string) => (settings: MemberSettings) => ({ ...settings, timeZone })

const mailsOf = <K extends Mail["kind"]>(kind: K) =>
  Effect.gen(function* () {
    return (yield* Memory).tables.mails.filter(
      (mail): mail is Extract<Mail, { kind: K }> => mail.kind === kind,
    )
  })

describe("contest announcements", () => {
  test("go once per contest to members whose morning it is with the switch on", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ title: "Koi Pond" })
      const morning = yield* seedMember({ email: "ny@colorday.test" })
      yield* withSettings(morning, inZone(NEW_YORK))
      const off = yield* seedMember({ email: "off@colorday.test" })
      yield* withSettings(off, (settings) => ({
        ...inZone(NEW_YORK)(settings),
        email: { ...settings.email, contestAnnouncements: false },
      }))
      const noon = yield* seedMember({ email: "utc@colorday.test" })
      yield* seedMember({ email: "unverified@colorday.test", emailVerifiedAt: null })
      yield* seedMember({ email: "suspended@colorday.test", suspendedAt: TEST_NOW })

      expect((yield* plannedAnnouncements()).map((plan) => plan.recipient.member.email)).toEqual([
        "ny@colorday.test",
      ])
      expect(yield* sendNotificationMails()).toMatchObject({ announcements: 1 })
      const [mail] = yield* mailsOf("contest-announcement")
      expect(mail).toMatchObject({
        to: "ny@colorday.test",
        contestId: contest.id,
        contestTitle: "Koi Pond",
        endsAt: contest.endsAt,
        timeZone: NEW_YORK,
      })

      // Never twice, however often the job runs.
      expect(yield* sendNotificationMails()).toMatchObject({ announcements: 0 })
      // The UTC member's next morning comes before the end: the mail waits for it.
      yield* TestClock.setTime(TEST_NOW + 19 * HOUR)
      expect(yield* sendNotificationMails()).toMatchObject({ announcements: 1 })
      expect((yield* mailsOf("contest-announcement")).map((sent) => sent.to)).toEqual([
        "ny@colorday.test",
        "utc@colorday.test",
      ])
      expect(noon.email).toBe("utc@colorday.test")

      // The mail's one-click link turns the switch off, nothing else.
      expect(yield* unsubscribe(mail!.unsubscribeToken)).toMatchObject({
        switch: "contestAnnouncements",
      })
      const after = yield* settingsOf(morning.id)
      expect(after.email.contestAnnouncements).toBe(false)
      expect(after.email.weeklySummary).toBe(true)
    }))

  test("a contest that ends before the member's next morning is mailed in their daytime", () =>
    Effect.gen(function* () {
      yield* seedContest({ lasts: 6 * HOUR })
      yield* seedMember({ email: "utc@colorday.test" })
      expect(yield* sendNotificationMails()).toMatchObject({ announcements: 1 })
    }))

  test("a cancelled contest, or one that opened over a day ago, is not announced", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* withSettings(member, inZone(NEW_YORK))
      yield* seedContest({ startsIn: -2 * DAY, lasts: 7 * DAY, contestType: "weekly" })
      expect(yield* sendNotificationMails()).toMatchObject({ announcements: 0 })
    }))

  test("run from the scheduler under its lease: another instance sends nothing", () =>
    Effect.gen(function* () {
      yield* seedContest()
      const member = yield* seedMember()
      yield* withSettings(member, inZone(NEW_YORK))
      expect(yield* runScheduledJobs("instance-a")).toMatchObject({ notificationMails: 1 })
      const other = yield* runScheduledJobs("instance-b")
      expect(other.skipped).toContain("notification-mails")
      expect(yield* runScheduledJobs("instance-a")).toMatchObject({ notificationMails: 0 })
      expect(yield* mailsOf("contest-announcement")).toHaveLength(1)
    }))
})

describe("the weekly summary", () => {
  /** A contest that ran earlier this week, entered by `entrants`, closed with its winner. */
  const closedThisWeek = (entrants: ReadonlyArray<Member>) =>
    Effect.gen(function* () {
      yield* TestClock.setTime(TEST_NOW - 3 * DAY)
      const contest = yield* seedContest({ title: "Owl" })
      const voter = yield* seedMember()
      yield* withSettings(voter, (settings) => ({
        ...settings,
        email: { ...settings.email, weeklySummary: false },
      }))
      for (const [index, member] of entrants.entries()) {
        yield* TestClock.adjust(60_000)
        const { entry } = yield* submitEntry({
          memberId: member.id,
          contestId: contest.id,
          image: "x",
        })
        // The first entrant's entry gets a vote, so it wins.
        if (index === 0) yield* castVote({ voterId: voter.id, entryId: entry.id })
      }
      yield* TestClock.setTime(contest.endsAt + HOUR)
      yield* closeContest(contest.id)
      yield* TestClock.setTime(TEST_NOW)
      return contest
    })

  test("goes on the member's Sunday with their entries, places and the winners, once", () =>
    Effect.gen(function* () {
      const ann = yield* seedMember({ username: "ann", email: "ann@colorday.test" })
      const bob = yield* seedMember({ username: "bob", email: "bob@colorday.test" })
      const off = yield* seedMember({ email: "off@colorday.test" })
      yield* withSettings(off, (settings) => ({
        ...settings,
        email: { ...settings.email, weeklySummary: false },
      }))
      const contest = yield* closedThisWeek([ann, bob])
      // Nothing of their own, but the site has news: the week's winner.
      yield* seedMember({ email: "news@colorday.test" })

      expect(yield* sendNotificationMails()).toMatchObject({ weeklySummaries: 3 })
      const mails = yield* mailsOf("weekly-summary")
      expect(mails.map((mail) => mail.to).sort()).toEqual([
        "ann@colorday.test",
        "bob@colorday.test",
        "news@colorday.test",
      ])
      expect(mails.find((mail) => mail.to === "news@colorday.test")).toMatchObject({
        entries: [],
        placements: [],
        winners: [{ contestId: contest.id, winnerName: "ann" }],
      })
      const annMail = mails.find((mail) => mail.to === "ann@colorday.test")
      expect(annMail).toMatchObject({
        sunday: "2026-11-22",
        entries: [{ contestTitle: "Owl", votes: 1 }],
        placements: [{ contestId: contest.id, rank: 1, entrants: 2 }],
        badges: ["First Win", "People's Choice"],
        winners: [{ contestId: contest.id, winnerName: "ann" }],
      })

      expect(yield* sendNotificationMails()).toMatchObject({ weeklySummaries: 0 })
      expect(yield* mailsOf("weekly-summary")).toHaveLength(3)
      expect(yield* unsubscribe(annMail!.unsubscribeToken)).toMatchObject({
        switch: "weeklySummary",
      })
      expect((yield* settingsOf(ann.id)).email.weeklySummary).toBe(false)
    }))

  test("a quiet week with nothing new on the site mails nobody", () =>
    Effect.gen(function* () {
      yield* seedMember()
      const planned = yield* plannedSummaries()
      expect(planned).toHaveLength(1)
      expect(planned[0]?.summary).toBeNull()
      expect(yield* sendNotificationMails()).toMatchObject({
        weeklySummaries: 0,
        summariesSkipped: 1,
      })
      expect(yield* mailsOf("weekly-summary")).toHaveLength(0)
    }))

  test("waits for Sunday in the member's own time zone", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* closedThisWeek([member])
      // Sunday noon in UTC is already Monday 01:00 in Auckland: its Sunday has passed.
      yield* withSettings(member, inZone("Pacific/Auckland"))
      expect(yield* sendNotificationMails()).toMatchObject({ weeklySummaries: 0 })
      yield* withSettings(member, inZone(NEW_YORK))
      // 07:00 on Sunday in New York: before 09:00, then due two hours later.
      expect(yield* sendNotificationMails()).toMatchObject({ weeklySummaries: 0 })
      yield* TestClock.adjust(2 * HOUR)
      expect(yield* sendNotificationMails()).toMatchObject({ weeklySummaries: 1 })
    }))
})
