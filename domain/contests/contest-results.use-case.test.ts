import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { HOUR, MINUTE, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { deadlockingOnce, itWithMemory as test } from "../../adapters/memory/testing.ts"
import type { Member } from "../accounts/member.entity.ts"
import { DEFAULT_SETTINGS } from "../accounts/member-settings.ts"
import { MemberSettingsRepository } from "../accounts/member-settings.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import { EntryRepository } from "../submissions/entry.port.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import type { Contest } from "./contest.entity.ts"
import { contestArchive, contestResults, latestWinner } from "./contest-results.use-case.ts"
import { announceContest, cancelContest, closeContestAs } from "./manage-contest.use-case.ts"

/**
 * A contest with five entries: ann's two (scores 3 and 1), bob's (3, entered after ann's first,
 * so ann's wins the tie), cid's (2) and dan's (hidden, 5 votes: takes no part). Four voters, the
 * last of whom votes only for the hidden entry.
 */
const world = Effect.gen(function* () {
  const contest = yield* seedContest()
  const ann = yield* seedMember({ username: "ann", email: "ann@colorday.test" })
  const bob = yield* seedMember({ username: "bob", email: "bob@colorday.test" })
  const cid = yield* seedMember({ username: "cid", email: "cid@colorday.test" })
  const dan = yield* seedMember({ username: "dan", email: "dan@colorday.test" })
  const enter = (member: Member) =>
    Effect.gen(function* () {
      yield* TestClock.adjust(MINUTE)
      return (yield* submitEntry({ memberId: member.id, contestId: contest.id, image: "x" })).entry
    })
  const annTop = yield* enter(ann)
  const bobTie = yield* enter(bob)
  const cidMid = yield* enter(cid)
  const annLow = yield* enter(ann)
  const danHidden = yield* enter(dan)
  const voters = [yield* seedMember(), yield* seedMember(), yield* seedMember()]
  const lurker = yield* seedMember()
  const votes: Array<[Member, Entry]> = [
    ...voters.map((v): [Member, Entry] => [v, annTop]),
    ...voters.map((v): [Member, Entry] => [v, bobTie]),
    [voters[0]!, cidMid],
    [voters[1]!, cidMid],
    [voters[2]!, annLow],
    ...voters.map((v): [Member, Entry] => [v, danHidden]),
    [lurker, danHidden],
  ]
  for (const [voter, entry] of votes) yield* castVote({ voterId: voter.id, entryId: entry.id })
  const entries = yield* EntryRepository
  yield* entries.saveModeration({
    ...(yield* entries.get(danHidden.id)),
    moderation: "hidden",
    moderationReason: "Not a colored page",
  })
  return { contest, ann, bob, cid, dan, annTop, bobTie, cidMid, annLow, danHidden }
})

const afterEnd = (contest: Contest) => TestClock.setTime(contest.endsAt + HOUR)

const ids = (rows: ReadonlyArray<{ readonly entry: Entry }>) => rows.map((row) => row.entry.id)

describe("contestResults", () => {
  test("an unknown contest is NotFound; a running one has no result yet", () =>
    Effect.gen(function* () {
      expect(yield* Effect.flip(contestResults("nope", null, 10))).toMatchObject({
        _tag: "NotFound",
      })
      const { contest } = yield* world
      expect(yield* Effect.flip(contestResults(contest.id, null, 10))).toMatchObject({
        _tag: "NoResult",
        code: "NO_RESULT",
        status: "active",
      })
    }))

  test("a cancelled contest has no result, even after its end", () =>
    Effect.gen(function* () {
      const contest = yield* seedContest()
      yield* cancelContest(null, contest.id, "The line art was wrong")
      yield* afterEnd(contest)
      expect(yield* Effect.flip(contestResults(contest.id, null, 10))).toMatchObject({
        _tag: "NoResult",
        status: "cancelled",
      })
    }))

  test("provisional once ended: ranked live, ties to the earlier entry, hidden entries left out", () =>
    Effect.gen(function* () {
      const w = yield* world
      yield* afterEnd(w.contest)
      const result = yield* contestResults(w.contest.id, null, 10)
      expect(result.status).toBe("provisional")
      expect(result.announcedAt).toBeNull()
      expect(ids(result.ranking)).toEqual([w.annTop.id, w.bobTie.id, w.cidMid.id, w.annLow.id])
      expect(result.ranking.map((row) => row.rank)).toEqual([1, 2, 3, 4])
      expect(result.ranking.map((row) => [row.entry.voteCount, row.entry.weightedScore])).toEqual([
        [3, 3],
        [3, 3],
        [2, 2],
        [1, 1],
      ])
      expect(result.winner?.entry.id).toBe(w.annTop.id)
      expect(result.peoplesChoice?.entry.id).toBe(w.annTop.id)
      expect(ids(result.podium)).toEqual([w.annTop.id, w.bobTie.id, w.cidMid.id])
      // The hidden entry's five votes and its only voter count nowhere.
      expect(result.counts).toEqual({ entries: 4, votes: 9, voters: 3 })
      expect(result.nextCursor).toBeNull()
      // Closed but not announced: still provisional.
      yield* closeContestAs(null, w.contest.id)
      expect((yield* contestResults(w.contest.id, null, 10)).status).toBe("provisional")
    }))

  test("announced: the stored result, when it was announced, and the ranking paged", () =>
    Effect.gen(function* () {
      const w = yield* world
      yield* afterEnd(w.contest)
      yield* closeContestAs(null, w.contest.id)
      yield* TestClock.adjust(HOUR)
      const announcedAt = w.contest.endsAt + 2 * HOUR
      yield* announceContest(null, w.contest.id)
      const first = yield* contestResults(w.contest.id, null, 2)
      expect(first.status).toBe("announced")
      expect(first.announcedAt).toBe(announcedAt)
      expect(first.winner).toMatchObject({ rank: 1, entry: { id: w.annTop.id } })
      expect(ids(first.podium)).toEqual([w.annTop.id, w.bobTie.id, w.cidMid.id])
      expect(ids(first.ranking)).toEqual([w.annTop.id, w.bobTie.id])
      expect(first.nextCursor).not.toBeNull()
      const second = yield* contestResults(w.contest.id, first.nextCursor, 2)
      expect(second.ranking.map((row) => [row.rank, row.entry.id])).toEqual([
        [3, w.cidMid.id],
        [4, w.annLow.id],
      ])
      expect(second.nextCursor).toBeNull()
      // The podium comes from the top of the ranking whatever the page.
      expect(ids(second.podium)).toEqual(ids(first.podium))
    }))
})

describe("contestArchive and latestWinner", () => {
  test("past contests newest first, the winner only once announced; the last announced one", () =>
    Effect.gen(function* () {
      expect(yield* latestWinner()).toBeNull()
      const w = yield* world
      yield* afterEnd(w.contest)
      yield* closeContestAs(null, w.contest.id)
      // A later contest that has ended, unannounced, and a cancelled one.
      const later = yield* seedContest({
        contestType: "weekly",
        startsIn: -30 * MINUTE,
        lasts: 10 * MINUTE,
      })
      const cancelled = yield* seedContest({ contestType: "sprint", startsIn: HOUR, lasts: HOUR })
      yield* cancelContest(null, cancelled.id, "Not needed")
      yield* TestClock.adjust(3 * HOUR)
      yield* announceContest(null, w.contest.id)
      const archive = yield* contestArchive(null, 10)
      expect(archive.items.map((item) => item.contest.id)).toEqual([later.id, w.contest.id])
      expect(archive.items[0]).toMatchObject({
        status: "provisional",
        winner: null,
        announcedAt: null,
      })
      expect(archive.items[1]).toMatchObject({
        status: "announced",
        winner: { rank: 1, entry: { id: w.annTop.id } },
        counts: { entries: 4, votes: 9, voters: 3 },
      })
      const paged = yield* contestArchive(null, 1)
      expect(paged.items.map((item) => item.contest.id)).toEqual([later.id])
      const rest = yield* contestArchive(paged.nextCursor, 1)
      expect(rest.items.map((item) => item.contest.id)).toEqual([w.contest.id])
      expect(rest.nextCursor).toBeNull()
      expect(yield* latestWinner()).toMatchObject({
        contest: { id: w.contest.id },
        status: "announced",
        winner: { entry: { id: w.annTop.id } },
      })
    }))
})

describe("the results mail", () => {
  const announced = Effect.gen(function* () {
    const w = yield* world
    yield* afterEnd(w.contest)
    yield* closeContestAs(null, w.contest.id)
    return w
  })

  test("is queued once for each entrant with the setting on, for their best rank, with a retried commit", () =>
    Effect.gen(function* () {
      const w = yield* announced
      const settings = yield* MemberSettingsRepository
      yield* settings.save(
        w.cid.id,
        { ...DEFAULT_SETTINGS, email: { ...DEFAULT_SETTINGS.email, votingResults: false } },
        w.contest.endsAt,
      )
      const memory = yield* Memory
      memory.tables.mails.length = 0
      const result = yield* announceContest(null, w.contest.id).pipe(
        Effect.provideService(UnitOfWork, yield* deadlockingOnce),
      )
      expect(result).toMatchObject({ resultsMails: 2 })
      const sent = memory.tables.mails
      const results = sent.filter((mail) => mail.kind === "contest-results")
      // ann (two entries: one mail, rank 1) and bob; cid turned it off; dan's entry is hidden.
      expect(results).toEqual([
        {
          kind: "contest-results",
          to: "ann@colorday.test",
          name: "Ada",
          contestId: w.contest.id,
          contestTitle: w.contest.title,
          rank: 1,
          rawVotes: 3,
          score: 3,
          winnerName: "ann",
          entrants: 4,
          unsubscribeToken: expect.any(String) as string,
        },
        expect.objectContaining({ to: "bob@colorday.test", rank: 2, rawVotes: 3, score: 3 }),
      ])
      // The winner's mail is a "voting results" mail too: it carries that switch's one-click link.
      expect(sent.filter((mail) => mail.kind === "winner-announcement")).toEqual([
        expect.objectContaining({
          to: "ann@colorday.test",
          unsubscribeToken: expect.any(String) as string,
        }),
      ])

      // Announcing again is refused and queues nothing more.
      const again = yield* Effect.flip(announceContest(null, w.contest.id))
      expect(again).toMatchObject({ code: "ALREADY_ANNOUNCED" })
      expect(sent).toHaveLength(3)
    }))

  test("a member with the setting off gets none, the winner's mail included", () =>
    Effect.gen(function* () {
      const w = yield* announced
      const settings = yield* MemberSettingsRepository
      const off = {
        ...DEFAULT_SETTINGS,
        email: { ...DEFAULT_SETTINGS.email, votingResults: false },
      }
      yield* settings.save(w.ann.id, off, w.contest.endsAt)
      const memory = yield* Memory
      memory.tables.mails.length = 0
      const result = yield* announceContest(null, w.contest.id)
      expect(result).toMatchObject({ resultsMails: 2 })
      // ann won but turned "voting results" off: neither her results mail nor the winner's.
      expect(memory.tables.mails.map((mail) => [mail.kind, mail.to])).toEqual([
        ["contest-results", "bob@colorday.test"],
        ["contest-results", "cid@colorday.test"],
      ])
      expect(memory.tables.mails[1]).toMatchObject({ rank: 3, winnerName: "ann" })
    }))

  test("entrants that cannot be read fail the whole announcement: nothing is half-written", () =>
    Effect.gen(function* () {
      const w = yield* announced
      const entries = yield* EntryRepository
      const memory = yield* Memory
      memory.tables.mails.length = 0
      const failed = yield* Effect.exit(
        announceContest(null, w.contest.id).pipe(
          Effect.provideService(
            EntryRepository,
            EntryRepository.of({
              ...entries,
              ofContest: () => Effect.die(new Error("connection reset")),
            }),
          ),
        ),
      )
      expect(failed._tag).toBe("Failure")
      expect(memory.tables.contests.get(w.contest.id)?.storedStatus).not.toBe("announced")
      expect(memory.tables.mails).toEqual([])
    }))
})
