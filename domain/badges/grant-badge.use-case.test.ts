import { describe, expect } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import type { Member } from "../accounts/member.entity.ts"
import { AuditLog } from "../admin/audit-log.port.ts"
import { closeContest } from "../contests/close-contest.use-case.ts"
import { MAX_PAGE_SIZE } from "../shared/paging.ts"
import { submitEntry } from "../submissions/submit-entry.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { BadgeRepository } from "./badge.port.ts"
import { backfillBadges } from "./grant-badge.use-case.ts"

/** A member who wins one contest (first win, People's Choice), on the given day. */
const winner = (day: number) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(TEST_NOW + day * DAY)
    const artist = yield* seedMember()
    const contest = yield* seedContest({ startsIn: 0, lasts: DAY })
    const { entry } = yield* submitEntry({ memberId: artist.id, contestId: contest.id, image: "a" })
    yield* castVote({ voterId: (yield* seedMember()).id, entryId: entry.id })
    yield* TestClock.setTime(contest.endsAt)
    yield* closeContest(contest.id)
    return artist
  })

/**
 * Two winners a page apart (members are paged in id order, ids in creation order), their badges
 * taken away again so the backfill has something to grant on each page.
 */
const twoPagesOfWinners = Effect.gen(function* () {
  const first = yield* winner(0)
  for (let i = 0; i < MAX_PAGE_SIZE; i++) yield* seedMember()
  const second = yield* winner(1)
  ;(yield* Memory).tables.badges.clear()
  return { first, second, total: (yield* Memory).tables.members.size }
})

/** The audit rows of backfills, newest first: a start row per run, a row per page that granted. */
const backfillRows = Effect.gen(function* () {
  const page = yield* (yield* AuditLog).page({ actionPrefix: "badge.backfill" }, null, 100)
  return page.items
})

const pageRows = Effect.map(backfillRows, (rows) =>
  rows.filter((row) => row.action === "badge.backfill.page"),
)

const badgesOf = (member: Member) =>
  Effect.gen(function* () {
    const grants = yield* (yield* BadgeRepository).of(member.id)
    return grants.map((grant) => grant.badgeId).sort()
  })

describe("backfillBadges", () => {
  test("grants page by page, each page's grants with their own audit row, and reports progress", () =>
    Effect.gen(function* () {
      const admin = yield* seedMember({ isAdmin: true })
      const { first, second, total } = yield* twoPagesOfWinners
      const reported: Array<[number, number, number]> = []
      const result = yield* backfillBadges(admin.id, (done, all, page) =>
        Effect.sync(() => void reported.push([done, all, page.grants.length])),
      )
      expect(result).toEqual({ members: total, granted: 4 })
      expect(reported).toEqual([
        [0, total, 0],
        [MAX_PAGE_SIZE, total, 2],
        [total, total, 2],
      ])
      const rows = yield* backfillRows
      expect(
        rows.map((row) => [row.action, row.actorId, row.targetType, row.targetId, row.after]),
      ).toEqual([
        [
          "badge.backfill.page",
          admin.id,
          "badge",
          "all",
          expect.objectContaining({
            granted: 2,
            checked: total,
            grants: { "first-win": [second.id], "peoples-choice": [second.id] },
          }),
        ],
        [
          "badge.backfill.page",
          admin.id,
          "badge",
          "all",
          expect.objectContaining({
            granted: 2,
            checked: MAX_PAGE_SIZE,
            grants: { "first-win": [first.id], "peoples-choice": [first.id] },
          }),
        ],
        ["badge.backfill", admin.id, "badge", "all", { members: total }],
      ])

      // Run again: the run is recorded, but nothing is left to grant, so no page row.
      expect(yield* backfillBadges(admin.id, () => Effect.void)).toEqual({
        members: total,
        granted: 0,
      })
      expect((yield* backfillRows).map((row) => row.action)).toEqual([
        "badge.backfill",
        "badge.backfill.page",
        "badge.backfill.page",
        "badge.backfill",
      ])
    }))

  test("a backfill cut off after its first page keeps that page's grants and their audit row", () =>
    Effect.gen(function* () {
      const { first, second } = yield* twoPagesOfWinners
      const exit = yield* Effect.exit(
        backfillBadges(null, (done) =>
          done === MAX_PAGE_SIZE ? Effect.die(new Error("the server went away")) : Effect.void,
        ),
      )
      expect(Exit.isFailure(exit)).toBe(true)
      expect(yield* badgesOf(first)).toEqual(["first-win", "peoples-choice"])
      expect(yield* badgesOf(second)).toEqual([])
      expect((yield* backfillRows).map((row) => row.action)).toEqual([
        "badge.backfill.page",
        "badge.backfill",
      ])
      const rows = yield* pageRows
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        actorId: null,
        after: { grants: { "first-win": [first.id], "peoples-choice": [first.id] } },
      })
    }))

  test("over one member, audits the grants against that member", () =>
    Effect.gen(function* () {
      const { first, second } = yield* twoPagesOfWinners
      const reported: Array<[number, number]> = []
      const result = yield* backfillBadges(
        null,
        (done, total) => Effect.sync(() => void reported.push([done, total])),
        { memberId: second.id },
      )
      expect(result).toEqual({ members: 1, granted: 2 })
      expect(reported).toEqual([
        [0, 1],
        [1, 1],
      ])
      expect(yield* badgesOf(first)).toEqual([])
      expect(
        (yield* backfillRows).map((row) => [row.action, row.targetType, row.targetId]),
      ).toEqual([
        ["badge.backfill.page", "member", second.id],
        ["badge.backfill", "member", second.id],
      ])
    }))

  test("refuses an unknown member before recording a run", () =>
    Effect.gen(function* () {
      const refused = yield* Effect.flip(
        backfillBadges(null, () => Effect.void, { memberId: "no-such-member" }),
      )
      expect(refused).toMatchObject({ _tag: "NotFound" })
      expect(yield* backfillRows).toEqual([])
    }))
})
