import { expect } from "@effect/vitest"
import { Effect, Option } from "effect"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { MemberRepository } from "../../domain/accounts/member.port.ts"
import { MemberRecords } from "../../domain/accounts/member-records.port.ts"
import { DEFAULT_SETTINGS, type MemberSettings } from "../../domain/accounts/member-settings.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import type { Session } from "../../domain/accounts/session.entity.ts"
import { SessionRepository } from "../../domain/accounts/session.port.ts"
import { ContactMessageRepository } from "../../domain/contact/contact.port.ts"
import { ContestAnalytics } from "../../domain/contests/contest-analytics.port.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import { VoteRepository } from "../../domain/voting/vote.port.ts"
import { NOW, contract, entryOf, unique } from "./support/contract.ts"

/**
 * The ports behind a member's settings, "download my data" and deleting an account, on every
 * backend: settings kept apart from the member row, a member's sessions, entries (all of them,
 * and hiding them), votes cast, downloads and contact messages.
 */

const SETTINGS: MemberSettings = {
  ...DEFAULT_SETTINGS,
  language: "de",
  timeZone: "America/Los_Angeles",
  privacy: { ...DEFAULT_SETTINGS.privacy, publicProfile: false, showJoinDate: true },
}

const member = () => seedMember({ username: unique("m").slice(0, 30) })

contract("MemberSettingsRepository", (test) => {
  test("has none for a member who never saved any; saves, replaces and reads them back", () =>
    Effect.gen(function* () {
      const settings = yield* MemberSettingsRepository
      const owner = yield* member()
      expect(Option.isNone(yield* settings.find(owner.id))).toBe(true)
      yield* settings.save(owner.id, SETTINGS, NOW)
      expect(yield* settings.find(owner.id)).toEqual(Option.some(SETTINGS))
      const changed = { ...SETTINGS, loginNotifications: false, language: "es" as const }
      yield* settings.save(owner.id, changed, NOW + 1)
      expect(yield* settings.find(owner.id)).toEqual(Option.some(changed))
    }))

  test("are untouched when the member row is saved (a profile change)", () =>
    Effect.gen(function* () {
      const settings = yield* MemberSettingsRepository
      const owner = yield* member()
      yield* settings.save(owner.id, SETTINGS, NOW)
      yield* (yield* MemberRepository).save({ ...owner, firstName: "Grace" })
      expect(yield* settings.find(owner.id)).toEqual(Option.some(SETTINGS))
    }))
})

contract("SessionRepository.ofMember", (test) => {
  test("lists a member's sessions newest first, and no one else's", () =>
    Effect.gen(function* () {
      const sessions = yield* SessionRepository
      const owner = yield* member()
      const other = yield* member()
      const session = (memberId: string, createdAt: number): Session => ({
        id: unique("s").padEnd(64, "0"),
        memberId,
        createdAt,
        expiresAt: createdAt + 30 * DAY,
        lastSeenAt: createdAt,
      })
      const older = session(owner.id, NOW - DAY)
      const newer = session(owner.id, NOW)
      for (const s of [older, newer, session(other.id, NOW)]) yield* sessions.create(s)
      expect(yield* sessions.ofMember(owner.id)).toEqual([newer, older])
    }))
})

contract("EntryRepository.ofMember, hideAllOf and renameArtist", (test) => {
  test("lists every entry of a member, hidden ones too, newest first", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const owner = yield* member()
      const first = entryOf(owner, contest.id, { createdAt: NOW - HOUR })
      const hidden = entryOf(owner, contest.id, {
        moderation: "disqualified",
        moderationReason: "Traced",
      })
      for (const entry of [first, hidden, entryOf(yield* member(), contest.id)]) {
        yield* entries.insert(entry)
      }
      expect(yield* entries.ofMember(owner.id)).toEqual([hidden, first])
    }))

  test("hides the member's visible entries with a reason; others' and moderated ones stay", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const owner = yield* member()
      const visible = entryOf(owner, contest.id, { voteCount: 3, weightedScore: 4.5 })
      const disqualified = entryOf(owner, contest.id, {
        moderation: "disqualified",
        moderationReason: "Traced",
      })
      const someoneElse = entryOf(yield* member(), contest.id)
      for (const entry of [visible, disqualified, someoneElse]) yield* entries.insert(entry)
      yield* entries.hideAllOf(owner.id, "Account deleted")
      expect(yield* entries.get(visible.id)).toEqual({
        ...visible,
        moderation: "hidden",
        moderationReason: "Account deleted",
      })
      expect(yield* entries.get(disqualified.id)).toEqual(disqualified)
      expect(yield* entries.get(someoneElse.id)).toEqual(someoneElse)
    }))

  test("renames every entry of the member (hidden ones too) and no one else's", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const owner = yield* member()
      const visible = entryOf(owner, contest.id)
      const hidden = entryOf(owner, contest.id, {
        moderation: "hidden",
        moderationReason: "Blurry",
      })
      const someoneElse = entryOf(yield* member(), contest.id)
      for (const entry of [visible, hidden, someoneElse]) yield* entries.insert(entry)
      const renamed = unique("new").slice(0, 30)
      yield* entries.renameArtist(owner.id, renamed)
      expect(yield* entries.get(visible.id)).toEqual({ ...visible, artistName: renamed })
      expect(yield* entries.get(hidden.id)).toEqual({ ...hidden, artistName: renamed })
      expect(yield* entries.get(someoneElse.id)).toEqual(someoneElse)
    }))
})

contract("MemberRecords", (test) => {
  test("reads the votes a member cast, oldest first", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const votes = yield* VoteRepository
      const contest = yield* seedContest({ contestType: unique("daily") })
      const voter = yield* member()
      const artist = yield* member()
      const a = entryOf(artist, contest.id)
      const b = entryOf(artist, contest.id)
      yield* entries.insert(a)
      yield* entries.insert(b)
      const vote = (entryId: string, voterId: string, castAt: number, weight: number) => ({
        id: crypto.randomUUID(),
        entryId,
        contestId: contest.id,
        voterId,
        weight,
        castAt,
      })
      const later = vote(a.id, voter.id, NOW, 1.5)
      const earlier = vote(b.id, voter.id, NOW - HOUR, 2)
      for (const v of [later, earlier, vote(a.id, artist.id, NOW, 1)]) yield* votes.record(v)
      expect(yield* (yield* MemberRecords).votesCastBy(voter.id)).toEqual([earlier, later])
    }))

  test("reads a member's downloads, oldest first", () =>
    Effect.gen(function* () {
      const analytics = yield* ContestAnalytics
      const contest = yield* seedContest({ contestType: unique("daily") })
      const owner = yield* member()
      yield* analytics.recordDownload({ contestId: contest.id, memberId: owner.id, at: NOW })
      yield* analytics.recordDownload({ contestId: contest.id, memberId: owner.id, at: NOW - 5 })
      yield* analytics.recordDownload({
        contestId: contest.id,
        memberId: (yield* member()).id,
        at: NOW,
      })
      expect(yield* (yield* MemberRecords).downloadsOf(owner.id)).toEqual([
        { contestId: contest.id, at: NOW - 5 },
        { contestId: contest.id, at: NOW },
      ])
    }))

  test("reads the contact messages sent while signed in as the member, never by address", () =>
    Effect.gen(function* () {
      const messages = yield* ContactMessageRepository
      const owner = yield* member()
      const message = (fields: { memberId: string | null; email: string; createdAt: number }) => ({
        id: crypto.randomUUID(),
        name: "Ada",
        subject: "Hello",
        message: "A question",
        handledAt: null,
        ...fields,
      })
      const signedIn = message({
        memberId: owner.id,
        email: "elsewhere@example.test",
        createdAt: NOW,
      })
      const byAddress = message({
        memberId: null,
        email: ` ${owner.email.toUpperCase()}`,
        createdAt: NOW - HOUR,
      })
      const stranger = message({
        memberId: null,
        email: unique("x") + "@example.test",
        createdAt: NOW,
      })
      for (const m of [signedIn, byAddress, stranger]) yield* messages.save(m)
      const found = yield* (yield* MemberRecords).contactMessagesFrom(owner.id)
      // A message typed with the member's address by anyone (signed out) is not theirs to read.
      expect(found.map((m) => m.id)).toEqual([signedIn.id])
    }))
})
