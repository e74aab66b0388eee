import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { EntryRepository } from "../../domain/submissions/entry.port.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import { galleryOrder, type GallerySort } from "../../domain/submissions/gallery.ts"
import { compareForRanking } from "../../domain/ranking/leaderboard.ts"
import { NOW, contract, unique } from "./support/contract.ts"

/** A contest with `n` entries of varied votes and dates, of a type no other test uses. */
const world = (n: number) =>
  Effect.gen(function* () {
    const entries = yield* EntryRepository
    const type = unique("medium")
    const contest = yield* seedContest({
      contestType: unique("daily"),
      startsIn: -DAY,
      lasts: 3 * DAY,
    })
    const artist = yield* seedMember({ username: unique("a") })
    const made: Array<Entry> = []
    for (let i = 0; i < n; i++) {
      const entry: Entry = {
        id: crypto.randomUUID(),
        contestId: contest.id,
        memberId: artist.id,
        artistName: artist.username,
        image: `entry/${i}.jpg`,
        ageGroup: i % 3 === 0 ? "senior" : "adult",
        contestType: type,
        moderation: i === 1 ? "hidden" : "visible",
        moderationReason: i === 1 ? "Not a colored page" : null,
        voteCount: i % 4,
        weightedScore: (i % 4) * 1.5,
        // Pairs share a date, so ties are exercised.
        createdAt: NOW - DAY + Math.floor(i / 2) * HOUR,
      }
      yield* entries.insert(entry)
      made.push(entry)
    }
    return { contest, type, made, visible: made.filter((e) => e.moderation === "visible") }
  })

contract("EntryRepository", (test) => {
  test("stores an entry and reads it back whole", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const { made } = yield* world(2)
      for (const entry of made) expect(yield* entries.get(entry.id)).toEqual(entry)
      expect(yield* entries.hasImage((made[0] as Entry).image)).toBe(true)
      expect(yield* entries.hasImage(unique("entry/never-stored"))).toBe(false)
      expect(yield* Effect.flip(entries.get("nope"))).toMatchObject({ _tag: "NotFound" })
    }))

  for (const sort of ["top", "newest", "random"] as const satisfies ReadonlyArray<GallerySort>) {
    test(`gallery "${sort}" pages give every visible entry once, in the domain's order`, () =>
      Effect.gen(function* () {
        const entries = yield* EntryRepository
        const { contest, visible } = yield* world(11)
        const order = galleryOrder(sort, "seed-42")
        const seen: Array<Entry> = []
        let after: Entry | undefined
        for (;;) {
          const page = yield* entries.gallery({
            filter: { contestId: contest.id },
            sort,
            seed: "seed-42",
            after,
            limit: 4,
          })
          seen.push(...page.items)
          after = page.items.at(-1)
          if (!page.hasMore) break
        }
        expect(seen.map((e) => e.id)).toEqual([...visible].sort(order).map((e) => e.id))
      }))
  }

  test("gallery filters by age group, type and dates", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const { contest, type, visible } = yield* world(8)
      const page = yield* entries.gallery({
        filter: {
          contestId: contest.id,
          ageGroup: "senior",
          contestType: type,
          since: NOW - DAY + HOUR,
        },
        sort: "newest",
        seed: "",
        after: undefined,
        limit: 100,
      })
      const expected = visible.filter(
        (e) => e.ageGroup === "senior" && e.createdAt >= NOW - DAY + HOUR,
      )
      expect(page.items.map((e) => e.id).sort()).toEqual(expected.map((e) => e.id).sort())
    }))

  test("leaderboard ranks by weighted score, ties to the earlier entry, hidden ones left out", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const { type, visible } = yield* world(9)
      const ranked = yield* entries.leaderboard(
        { since: Number.NEGATIVE_INFINITY, contestType: type },
        5,
      )
      expect(ranked.map((e) => e.id)).toEqual(
        [...visible]
          .sort(compareForRanking)
          .slice(0, 5)
          .map((e) => e.id),
      )
    }))

  test("counts votes atomically, sets tallies and sums a member's stats", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const { contest, made } = yield* world(3)
      const first = made[0] as Entry
      const counted = yield* entries.addVote(first.id, 1.5)
      expect(counted.voteCount).toBe(first.voteCount + 1)
      expect(counted.weightedScore).toBe(first.weightedScore + 1.5)
      yield* entries.setTallies(contest.id, [
        { entryId: first.id, rawVotes: 7, weightedScore: 10.5 },
      ])
      const all = yield* entries.ofContest(contest.id)
      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1)
      expect([...all].sort(byId).map((e) => [e.id, e.voteCount, e.weightedScore])).toEqual(
        [...made].sort(byId).map((e) => (e.id === first.id ? [e.id, 7, 10.5] : [e.id, 0, 0])),
      )
      expect(yield* entries.statsOf(first.memberId)).toEqual({
        entries: 3,
        contestsEntered: 1,
        votesReceived: 7,
      })
    }))
})
