import { expect } from "@effect/vitest"
import { Effect } from "effect"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { EntryRepository, type GalleryQuery } from "../../domain/submissions/entry.port.ts"
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

/** Another entry of the world's contest, entered later. */
const lateEntry = (contest: { id: string }, made: ReadonlyArray<Entry>, i: number): Entry => ({
  ...(made[0] as Entry),
  id: crypto.randomUUID(),
  image: `entry/late-${i}.jpg`,
  moderation: "visible",
  moderationReason: null,
  contestId: contest.id,
  createdAt: NOW - HOUR + i,
})

/**
 * Every page of a "random" walk, `between` running after each page but the last (it may change
 * the entries); the ids in the order they came.
 */
const walk = <R = never>(
  query: Omit<GalleryQuery, "after" | "sort">,
  between: (last: Entry) => Effect.Effect<void, never, R> = () => Effect.void,
) =>
  Effect.gen(function* () {
    const entries = yield* EntryRepository
    const seen: Array<string> = []
    let after: Entry | undefined
    for (let guard = 0; guard < 100; guard++) {
      const page = yield* entries.gallery({ ...query, sort: "random", after })
      seen.push(...page.items.map((e) => e.id))
      after = page.items.at(-1)
      if (!page.hasMore || !after) return seen
      yield* between(after)
    }
    throw new Error("the random walk did not end within 100 pages")
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

  test('gallery "random": the same seed walks the same order, other seeds other orders', () =>
    Effect.gen(function* () {
      const { contest, visible } = yield* world(13)
      const seeds = ["seed-1", "seed-2", "seed-3", "seed-4", "seed-5", "seed-6"]
      const orders: Array<string> = []
      for (const seed of seeds) {
        const once = yield* walk({ filter: { contestId: contest.id }, seed, limit: 5 })
        const again = yield* walk({ filter: { contestId: contest.id }, seed, limit: 3 })
        expect(again).toEqual(once)
        expect(once).toEqual([...visible].sort(galleryOrder("random", seed)).map((e) => e.id))
        orders.push(once.join(","))
      }
      // Six seeds over twelve entries: two equal walks are possible, six equal ones are not.
      expect(new Set(orders).size).toBeGreaterThan(1)
    }))

  test('gallery "random": an entry hidden between pages drops out, nothing repeats or is lost', () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const { type, visible } = yield* world(12)
      const order = [...visible].sort(galleryOrder("random", "seed-h")).map((e) => e.id)
      const hidden: Array<string> = []
      const seen = yield* walk(
        { filter: { contestType: type }, seed: "seed-h", limit: 3 },
        (last) =>
          Effect.gen(function* () {
            // Hide the entry after the page's last one in the walk, which no page has shown yet.
            const next = order[order.indexOf(last.id) + 1]
            if (next === undefined || hidden.length > 0) return
            hidden.push(next)
            const entry = visible.find((e) => e.id === next) as Entry
            yield* entries.saveModeration({
              ...entry,
              moderation: "hidden",
              moderationReason: "Not a colored page",
            })
          }),
      )
      expect(hidden).toHaveLength(1)
      expect(seen).toEqual(order.filter((id) => !hidden.includes(id)))
    }))

  test('gallery "random": entries entered between pages show once if the walk has not passed them', () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const { contest, type, made, visible } = yield* world(10)
      const order = galleryOrder("random", "seed-n")
      const late: Array<{ entry: Entry; ahead: boolean }> = []
      const seen = yield* walk(
        { filter: { contestType: type }, seed: "seed-n", limit: 4 },
        (last) =>
          Effect.gen(function* () {
            for (let i = 0; i < 4; i++) {
              // Ids are random: draw until half the late entries land ahead of the cursor and
              // half behind it (where key space allows), so both branches are always exercised.
              let entry = lateEntry(contest, made, late.length)
              for (let tries = 0; tries < 500 && order(entry, last) > 0 !== (i % 2 === 0); tries++)
                entry = lateEntry(contest, made, late.length)
              yield* entries.insert(entry)
              late.push({ entry, ahead: order(entry, last) > 0 })
            }
          }),
      )
      // Every entry there from the start exactly once, in the walk's order; of the late ones
      // those whose place is still ahead of the cursor when they arrive, the others never.
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen.filter((id) => visible.some((e) => e.id === id))).toEqual(
        [...visible].sort(order).map((e) => e.id),
      )
      expect(late.some(({ ahead }) => ahead)).toBe(true)
      expect([...seen].filter((id) => !visible.some((e) => e.id === id)).sort()).toEqual(
        late
          .filter(({ ahead }) => ahead)
          .map(({ entry }) => entry.id)
          .sort(),
      )
    }))

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

  // Counting a vote on its entry is VoteRepository.cast (votes.contract.test.ts).
  test("sets tallies and sums a member's stats", () =>
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const { contest, made } = yield* world(3)
      const first = made[0] as Entry
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
