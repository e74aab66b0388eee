import { describe, expect } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Memory } from "../../adapters/memory/memory.layers.ts"
import { DAY, HOUR, seedContest, seedMember } from "../../adapters/memory/seed.ts"
import { itWithMemory as test, TEST_NOW } from "../../adapters/memory/testing.ts"
import { leaderboard } from "../ranking/leaderboard.use-case.ts"
import { castVote } from "../voting/cast-vote.use-case.ts"
import { galleryPage } from "./gallery-page.use-case.ts"
import { submitEntry } from "./submit-entry.use-case.ts"

/** Seven entries: three yesterday (UTC), four today, with 0..6 votes. */
const world = Effect.gen(function* () {
  yield* TestClock.setTime(TEST_NOW - DAY)
  const contest = yield* seedContest({ startsIn: -HOUR, lasts: 3 * DAY })
  const artist = yield* seedMember({ tier: "champ" })
  const ids: Array<string> = []
  for (let i = 0; i < 7; i++) {
    if (i === 3) yield* TestClock.setTime(TEST_NOW)
    yield* TestClock.adjust(60_000)
    const { entry } = yield* submitEntry({
      memberId: artist.id,
      contestId: contest.id,
      image: `${i}`,
    })
    ids.push(entry.id)
  }
  const voters = []
  for (let v = 0; v < 6; v++) voters.push(yield* seedMember())
  for (let i = 0; i < 7; i++) {
    for (const voter of voters.slice(0, i)) {
      yield* castVote({ voterId: voter.id, entryId: ids[i] as string })
    }
  }
  return { contest, ids }
})

describe("galleryPage", () => {
  test("pages through every entry exactly once in the chosen order", () =>
    Effect.gen(function* () {
      const { ids } = yield* world
      for (const sort of ["top", "newest", "random"] as const) {
        const seen: Array<string> = []
        let cursor: string | null = null
        do {
          const page: { items: ReadonlyArray<{ id: string }>; nextCursor: string | null } =
            yield* galleryPage({ tab: "all", sort, seed: "s1", timeZone: "UTC", cursor, limit: 3 })
          seen.push(...page.items.map((entry) => entry.id))
          cursor = page.nextCursor
        } while (cursor !== null)
        expect([...seen].sort()).toEqual([...ids].sort())
        if (sort === "top") expect(seen).toEqual([...ids].reverse())
        if (sort === "newest") expect(seen).toEqual([...ids].reverse())
      }
    }))

  test("splits Today and Past at the viewer's local midnight", () =>
    Effect.gen(function* () {
      const { ids } = yield* world
      const today = yield* galleryPage({ tab: "today", sort: "newest", seed: "", timeZone: "UTC" })
      expect(today.items.map((entry) => entry.id).sort()).toEqual(ids.slice(3).sort())
      const past = yield* galleryPage({ tab: "past", sort: "newest", seed: "", timeZone: "UTC" })
      expect(past.items.map((entry) => entry.id).sort()).toEqual(ids.slice(0, 3).sort())
      // At 01:00 UTC the next day, UTC's Today is empty while it is still 20:00 in New York.
      yield* TestClock.setTime(TEST_NOW + 13 * HOUR)
      const utcToday = yield* galleryPage({
        tab: "today",
        sort: "newest",
        seed: "",
        timeZone: "UTC",
      })
      expect(utcToday.items).toHaveLength(0)
      const newYork = yield* galleryPage({
        tab: "today",
        sort: "newest",
        seed: "",
        timeZone: "America/New_York",
      })
      expect(newYork.items.map((entry) => entry.id).sort()).toEqual(ids.slice(3).sort())
    }))

  test("hides moderated entries and refuses a bad cursor or time zone, naming the field", () =>
    Effect.gen(function* () {
      const { ids } = yield* world
      const store = yield* Memory
      const hidden = store.tables.entries.get(ids[0] as string)
      if (hidden) store.tables.entries.set(hidden.id, { ...hidden, moderation: "hidden" })
      const all = yield* galleryPage({ tab: "all", sort: "top", seed: "", timeZone: "UTC" })
      expect(all.items.map((entry) => entry.id)).not.toContain(ids[0])
      const badCursor = yield* Effect.flip(
        galleryPage({ tab: "all", sort: "top", seed: "", timeZone: "UTC", cursor: "xyz" }),
      )
      expect(badCursor).toMatchObject({ _tag: "ValidationFailed", issues: [{ field: "cursor" }] })
      const badZone = yield* Effect.flip(
        galleryPage({ tab: "all", sort: "top", seed: "", timeZone: "Mars/Olympus" }),
      )
      expect(badZone).toMatchObject({ _tag: "ValidationFailed", issues: [{ field: "tz" }] })
    }))
})

describe("leaderboard", () => {
  test("ranks the period's entries by weighted score with a podium of three", () =>
    Effect.gen(function* () {
      const { ids } = yield* world
      const today = yield* leaderboard({ period: "today", timeZone: "UTC" })
      expect(today.rows.map((row) => row.entryId)).toEqual(ids.slice(3).reverse())
      expect(today.rows.map((row) => row.rank)).toEqual([1, 2, 3, 4])
      expect(today.rows[0]).toMatchObject({ score: 6, rawVotes: 6 })
      expect(today.podium).toHaveLength(3)
      const all = yield* leaderboard({ period: "all", timeZone: "UTC", limit: 5 })
      expect(all.rows).toHaveLength(5)
      const none = yield* leaderboard({ period: "all", timeZone: "UTC", contestType: "digital" })
      expect(none.rows).toEqual([])
    }))
})
