import { describe, expect } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { TestClock } from "effect/testing"
import { MemoryPushService } from "../../adapters/memory/memory-notifications.ts"
import { DAY, HOUR, MINUTE, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test } from "../../adapters/memory/testing.ts"
import { DEFAULT_SETTINGS } from "../accounts/member-settings.ts"
import { MemberSettingsRepository } from "../accounts/member-settings.port.ts"
import { grantBadge } from "../badges/grant-badge.use-case.ts"
import { recordDownload } from "../contests/record-download.use-case.ts"
import type { MemberId } from "../shared/ids.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import {
  markNotificationsRead,
  memberNotifications,
  subscribeToPush,
} from "./member-notifications.use-case.ts"
import {
  deliverPushes,
  MAX_PUSH_ATTEMPTS,
  pushRetryDelayMs,
  runPushJobs,
} from "./push-jobs.use-case.ts"
import { PushRetryRepository } from "./push-retry.port.ts"
import { PushSubscriptionRepository } from "./push-subscription.port.ts"

const KEYS = { p256dh: "B".padEnd(87, "A"), auth: "A".repeat(22) }
const ADMIN = "admin-1"

/** The member's push switches, the rest as the defaults. */
const setPush = (memberId: MemberId, push: Partial<typeof DEFAULT_SETTINGS.push>) =>
  Effect.gen(function* () {
    yield* (yield* MemberSettingsRepository).save(
      memberId,
      { ...DEFAULT_SETTINGS, push: { ...DEFAULT_SETTINGS.push, ...push } },
      0,
    )
  })

const device = (memberId: MemberId, name: string) =>
  subscribeToPush(memberId, { endpoint: `https://push.example/${name}`, ...KEYS })

/** The kinds of the member's bell list, newest first. */
const bell = (memberId: MemberId) =>
  Effect.map(memberNotifications(memberId), ({ items }) => items.map((item) => item.kind))

const pushedTo = (name: string) =>
  Effect.gen(function* () {
    return (yield* MemoryPushService).sent
      .filter((push) => push.endpoint.endsWith(`/${name}`))
      .map((push) => JSON.parse(push.payload) as { kind: string; title: string; url: string })
  })

describe("push notifications", () => {
  test("a contest reminder two hours before the end: downloaded or entered yesterday, not entered today; once", () =>
    Effect.gen(function* () {
      const yesterday = yield* seedContest({
        startsIn: -DAY - HOUR,
        lasts: DAY,
        title: "Yesterday",
      })
      const today = yield* seedContest({ startsIn: -HOUR, lasts: DAY, title: "Harvest Moon" })
      const downloaded = yield* seedMember()
      const enteredYesterday = yield* seedMember()
      const enteredToday = yield* seedMember()
      const switchedOff = yield* seedMember()
      const stranger = yield* seedMember()
      yield* TestClock.adjust(-2 * HOUR + 1)
      yield* submitEntry({ memberId: enteredYesterday.id, contestId: yesterday.id, image: "y" })
      yield* TestClock.adjust(2 * HOUR - 1)
      for (const member of [downloaded, switchedOff]) {
        yield* recordDownload({ contestId: today.id, memberId: member.id, visitor: member.id })
      }
      yield* recordDownload({ contestId: today.id, memberId: enteredToday.id, visitor: "t" })
      yield* submitEntry({ memberId: enteredToday.id, contestId: today.id, image: "t" })
      yield* setPush(switchedOff.id, { contestReminders: false })
      for (const member of [downloaded, enteredYesterday, enteredToday, switchedOff, stranger]) {
        yield* device(member.id, member.id)
      }

      // Three hours before the end: nothing yet.
      yield* TestClock.adjust(DAY - HOUR - 3 * HOUR)
      expect((yield* runPushJobs("a"))?.reminders).toBe(0)
      yield* TestClock.adjust(HOUR + MINUTE)
      expect((yield* runPushJobs("a"))?.reminders).toBe(2)
      expect(yield* runPushJobs("a")).toMatchObject({ reminders: 0, delivered: 0 })

      const pushes = yield* pushedTo(downloaded.id)
      expect(pushes).toHaveLength(1)
      expect(pushes[0]).toMatchObject({ kind: "contest-reminder", url: "/" })
      expect(pushes[0]?.title).toContain("Harvest Moon")
      expect(yield* pushedTo(enteredYesterday.id)).toHaveLength(1)
      for (const member of [enteredToday, switchedOff, stranger]) {
        expect(yield* pushedTo(member.id)).toEqual([])
        expect(yield* bell(member.id)).toEqual([])
      }
      expect(yield* bell(downloaded.id)).toEqual(["contest-reminder"])
    }))

  test("new votes: off by default; with the switch on, one push for the hour's votes, never twice", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      const artist = yield* seedMember()
      const quiet = yield* seedMember()
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "a",
      })
      const other = (yield* submitEntry({ memberId: quiet.id, contestId: contest.id, image: "q" }))
        .entry
      yield* setPush(artist.id, { newVotes: true })
      yield* device(artist.id, "artist")
      yield* device(quiet.id, "quiet")
      for (let i = 0; i < 3; i += 1) {
        const voter = yield* seedMember()
        yield* castVote({ voterId: voter.id, entryId: entry.id })
        yield* castVote({ voterId: voter.id, entryId: other.id })
      }
      // Not within the hour they were cast in: batched once the hour is over.
      expect((yield* runPushJobs("a"))?.newVotes).toBe(0)
      yield* TestClock.adjust(HOUR)
      expect((yield* runPushJobs("a"))?.newVotes).toBe(1)
      yield* runPushJobs("a")
      const pushes = yield* pushedTo("artist")
      expect(pushes.map((push) => push.title)).toEqual(["Your entries got 3 new votes"])
      expect(yield* pushedTo("quiet")).toEqual([])
      expect(yield* bell(quiet.id)).toEqual([])
    }))

  test("an achievement when a badge is granted, once; none with the switch off", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const off = yield* seedMember()
      yield* setPush(off.id, { achievementUnlocked: false })
      yield* device(member.id, "member")
      yield* device(off.id, "off")
      for (const who of [member, off, member]) {
        yield* grantBadge(ADMIN, { memberId: who.id, badgeId: "first-win" })
      }
      yield* runPushJobs("a")
      yield* runPushJobs("a")
      expect((yield* pushedTo("member")).map((push) => push.title)).toEqual([
        "Badge unlocked: First Win",
      ])
      expect(yield* pushedTo("off")).toEqual([])
      expect(yield* bell(off.id)).toEqual([])
      expect(yield* memberNotifications(member.id)).toMatchObject({ unread: 1 })
      expect(yield* markNotificationsRead(member.id)).toBe(1)
      expect(yield* memberNotifications(member.id)).toMatchObject({ unread: 0 })
    }))

  test("pushes and the bell list are worded in the member's language, English by default", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ startsIn: -HOUR, lasts: DAY, title: "Harvest Moon" })
      const german = yield* seedMember()
      const spanish = yield* seedMember()
      const english = yield* seedMember()
      yield* (yield* MemberSettingsRepository).save(
        german.id,
        { ...DEFAULT_SETTINGS, language: "de", push: { ...DEFAULT_SETTINGS.push, newVotes: true } },
        0,
      )
      yield* (yield* MemberSettingsRepository).save(
        spanish.id,
        { ...DEFAULT_SETTINGS, language: "es" },
        0,
      )
      for (const member of [german, spanish, english]) {
        yield* device(member.id, member.id)
        yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "first-win" })
      }
      const { entry } = yield* submitEntry({
        memberId: german.id,
        contestId: contest.id,
        image: "g",
      })
      for (let i = 0; i < 2; i += 1) {
        yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
      }
      yield* TestClock.adjust(HOUR)
      yield* runPushJobs("a")
      const titles = (name: string) =>
        Effect.map(pushedTo(name), (pushes) => pushes.map((push) => push.title))
      expect(yield* titles(german.id)).toEqual([
        "Abzeichen freigeschaltet: Erster Sieg",
        "Ihre Beiträge haben 2 neue Stimmen erhalten",
      ])
      expect(yield* titles(spanish.id)).toEqual(["Insignia desbloqueada: Primera victoria"])
      expect(yield* titles(english.id)).toEqual(["Badge unlocked: First Win"])
      const bell = yield* memberNotifications(spanish.id)
      expect(bell.items[0]).toMatchObject({
        title: "Insignia desbloqueada: Primera victoria",
        body: "Su primera victoria en un concurso",
      })
    }))

  test("a contest reminder in French says the time left in French", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ startsIn: -HOUR, lasts: DAY, title: "Lune" })
      const member = yield* seedMember()
      yield* (yield* MemberSettingsRepository).save(
        member.id,
        { ...DEFAULT_SETTINGS, language: "fr" },
        0,
      )
      yield* recordDownload({ contestId: contest.id, memberId: member.id, visitor: member.id })
      yield* device(member.id, "fr")
      yield* TestClock.adjust(DAY - HOUR - 30 * MINUTE)
      yield* runPushJobs("a")
      expect((yield* pushedTo("fr")).map((push) => push.title)).toEqual([
        "Lune : il reste 30 minutes",
      ])
    }))

  test("a device the push service says is gone (410) is removed; the other still gets pushes", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* device(member.id, "phone")
      yield* device(member.id, "laptop")
      const service = yield* MemoryPushService
      service.answers.set("https://push.example/phone", "gone")
      yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "first-win" })
      expect(yield* runPushJobs("a")).toMatchObject({ delivered: 1, gone: 1 })
      yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "hat-trick" })
      expect(yield* runPushJobs("a")).toMatchObject({ delivered: 1, gone: 0 })
      expect(yield* pushedTo("phone")).toHaveLength(1)
      expect(yield* pushedTo("laptop")).toHaveLength(2)
    }))

  test("votes of hours the job missed (a restart) are still announced, in one push, and only once", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest({ startsIn: -HOUR, lasts: DAY })
      const artist = yield* seedMember()
      yield* setPush(artist.id, { newVotes: true })
      yield* device(artist.id, "artist")
      const { entry } = yield* submitEntry({
        memberId: artist.id,
        contestId: contest.id,
        image: "a",
      })
      const vote = Effect.gen(function* () {
        yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
      })
      // Votes in three hours during which no job ran (the server was down), then it starts.
      yield* vote
      yield* TestClock.adjust(HOUR)
      yield* vote
      yield* vote
      yield* TestClock.adjust(HOUR)
      yield* vote
      yield* TestClock.adjust(HOUR)
      expect((yield* runPushJobs("a"))?.newVotes).toBe(1)
      expect((yield* runPushJobs("a"))?.newVotes).toBe(0)
      expect((yield* pushedTo("artist")).map((push) => push.title)).toEqual([
        "Your entries got 4 new votes",
      ])
      // The next hour's vote is the next push's alone.
      yield* vote
      yield* TestClock.adjust(HOUR)
      expect((yield* runPushJobs("a"))?.newVotes).toBe(1)
      expect((yield* pushedTo("artist")).map((push) => push.title)).toEqual([
        "Your entries got 4 new votes",
        "Your entry got a new vote",
      ])
      // Votes older than a day before a restart are not announced any more.
      yield* vote
      yield* TestClock.adjust(2 * DAY)
      expect((yield* runPushJobs("a"))?.newVotes).toBe(0)
    }))

  test("a push the push service fails is tried again later for that device only, then delivered", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* device(member.id, "phone")
      yield* device(member.id, "laptop")
      const service = yield* MemoryPushService
      service.answers.set("https://push.example/phone", "failed")
      yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "first-win" })
      expect(yield* deliverPushes()).toMatchObject({ delivered: 1, failed: 1, retried: 0 })
      // Not before its backoff has passed.
      expect(yield* deliverPushes()).toMatchObject({ delivered: 0, failed: 0, retried: 0 })
      service.answers.delete("https://push.example/phone")
      yield* TestClock.adjust(pushRetryDelayMs(1))
      expect(yield* deliverPushes()).toMatchObject({ delivered: 1, failed: 0, retried: 1 })
      yield* TestClock.adjust(DAY)
      expect(yield* deliverPushes()).toMatchObject({ delivered: 0, retried: 0 })
      const phone = yield* pushedTo("phone")
      expect(phone.map((push) => push.title)).toEqual([
        "Badge unlocked: First Win",
        "Badge unlocked: First Win",
      ])
      expect(yield* pushedTo("laptop")).toHaveLength(1)
    }))

  test("a push the push service refuses for good (a 4xx but 404/410/408/429) is not tried again", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* device(member.id, "phone")
      const service = yield* MemoryPushService
      service.answers.set("https://push.example/phone", "refused")
      yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "first-win" })
      expect(yield* deliverPushes()).toMatchObject({ refused: 1, failed: 0, retried: 0 })
      yield* TestClock.adjust(DAY)
      expect(yield* deliverPushes()).toMatchObject({ refused: 0, failed: 0, retried: 0 })
      expect(yield* pushedTo("phone")).toHaveLength(1)
      expect(yield* (yield* PushRetryRepository).due(Number.MAX_SAFE_INTEGER, 10)).toEqual([])
      // The device stays subscribed: only 404/410 say it is gone.
      expect(yield* (yield* PushSubscriptionRepository).of(member.id)).toHaveLength(1)
    }))

  test("a push that keeps failing is given up after a few attempts with growing waits", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* device(member.id, "phone")
      const service = yield* MemoryPushService
      service.answers.set("https://push.example/phone", "failed")
      yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "first-win" })
      yield* deliverPushes()
      const waits: Array<number> = []
      for (let attempts = 1; attempts < MAX_PUSH_ATTEMPTS; attempts += 1) {
        waits.push(pushRetryDelayMs(attempts))
        yield* TestClock.adjust(pushRetryDelayMs(attempts) - 1)
        expect(yield* deliverPushes()).toMatchObject({ retried: 0 })
        yield* TestClock.adjust(1)
        expect(yield* deliverPushes()).toMatchObject({ failed: 1, retried: 1 })
      }
      expect(waits).toEqual([...waits].sort((a, b) => a - b))
      expect(new Set(waits).size).toBeGreaterThan(2)
      yield* TestClock.adjust(DAY)
      expect(yield* deliverPushes()).toMatchObject({ failed: 0, retried: 0 })
      expect(yield* pushedTo("phone")).toHaveLength(MAX_PUSH_ATTEMPTS)
      expect(yield* (yield* PushRetryRepository).due(Number.MAX_SAFE_INTEGER, 10)).toEqual([])
    }))

  test("a retry is taken by one instance only; a device removed meanwhile is not retried", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* device(member.id, "phone")
      yield* device(member.id, "tablet")
      const service = yield* MemoryPushService
      service.answers.set("https://push.example/phone", "failed")
      service.answers.set("https://push.example/tablet", "failed")
      yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "first-win" })
      yield* deliverPushes()
      yield* TestClock.adjust(pushRetryDelayMs(1))
      const retries = yield* PushRetryRepository
      const due = yield* retries.due(yield* Clock.currentTimeMillis, 10)
      expect(due).toHaveLength(2)
      const [first] = due
      if (!first) throw new Error("no retry due")
      // Two instances read the same retry: only the first claim takes it.
      expect(yield* retries.claim(first, first.nextAttemptAt + MINUTE)).toBe(true)
      expect(yield* retries.claim(first, first.nextAttemptAt + MINUTE)).toBe(false)
      yield* retries.schedule(first)
      // The tablet unsubscribes before its retry: it is dropped, not sent.
      yield* (yield* PushSubscriptionRepository).removeEndpoint("https://push.example/tablet")
      expect(yield* deliverPushes()).toMatchObject({ failed: 1, retried: 1 })
      expect(yield* pushedTo("tablet")).toHaveLength(1)
      expect(yield* pushedTo("phone")).toHaveLength(2)
    }))

  test("a second instance finds the lease held and sends nothing", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      yield* device(member.id, "member")
      yield* grantBadge(ADMIN, { memberId: member.id, badgeId: "first-win" })
      expect(yield* runPushJobs("a")).not.toBeNull()
      expect(yield* runPushJobs("b")).toBeNull()
      expect(yield* pushedTo("member")).toHaveLength(1)
    }))

  test("a subscription must name an https push service and well-formed keys", () =>
    Effect.gen(function* () {
      const member = yield* seedMember()
      const refused = (input: Parameters<typeof subscribeToPush>[1]) =>
        Effect.flip(subscribeToPush(member.id, input)).pipe(
          Effect.map((error) => error.issues.map((issue) => issue.field)),
        )
      expect(yield* refused({ endpoint: "http://push.example/x", ...KEYS })).toEqual(["endpoint"])
      expect(
        yield* refused({ endpoint: "https://push.example/x", ...KEYS, auth: "short" }),
      ).toEqual(["keys.auth"])
      expect(
        yield* refused({ endpoint: "https://push.example/x", ...KEYS, p256dh: "not base64!" }),
      ).toEqual(["keys.p256dh"])
    }))
})
