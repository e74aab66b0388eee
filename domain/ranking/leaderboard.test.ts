import { describe, expect, it } from "vitest"
import type { Entry } from "../submissions/entry.entity.ts"
import {
  compareForRanking,
  type LeaderboardFilter,
  matchesLeaderboard,
  PODIUM_SIZE,
  podium,
  rankEntries,
  toLeaderboardRows,
} from "./leaderboard.ts"

const T0 = Date.parse("2026-11-23T12:00:00Z")
const ALL: LeaderboardFilter = { since: Number.NEGATIVE_INFINITY }

const entry = (id: string, overrides: Partial<Entry> = {}): Entry => ({
  id,
  contestId: "contest-1",
  memberId: `member-${id}`,
  artistName: `Artist ${id}`,
  image: `images/${id}.jpg`,
  ageGroup: "adult",
  contestType: "traditional",
  moderation: "visible",
  moderationReason: null,
  voteCount: 0,
  weightedScore: 0,
  createdAt: T0,
  ...overrides,
})

const ids = (rows: ReadonlyArray<{ readonly entryId: string }>) => rows.map((row) => row.entryId)

describe("compareForRanking", () => {
  it("puts the higher weighted score first", () => {
    const low = entry("a", { weightedScore: 3 })
    const high = entry("b", { weightedScore: 4.5 })
    expect([low, high].sort(compareForRanking)).toEqual([high, low])
  })

  it("breaks a score tie by the earlier date", () => {
    const later = entry("a", { weightedScore: 5, createdAt: T0 + 1 })
    const earlier = entry("b", { weightedScore: 5, createdAt: T0 })
    expect([later, earlier].sort(compareForRanking)).toEqual([earlier, later])
  })

  it("breaks a score and date tie by the smaller id", () => {
    const b = entry("b", { weightedScore: 5 })
    const a = entry("a", { weightedScore: 5 })
    expect([b, a].sort(compareForRanking)).toEqual([a, b])
    expect(compareForRanking(a, a)).toBe(0)
  })

  it("ranks by weighted score, not by raw votes", () => {
    // Two champ votes (6) beat four free votes (4).
    const manyFree = entry("a", { voteCount: 4, weightedScore: 4 })
    const fewChamp = entry("b", { voteCount: 2, weightedScore: 6 })
    expect([manyFree, fewChamp].sort(compareForRanking)).toEqual([fewChamp, manyFree])
  })
})

describe("matchesLeaderboard", () => {
  it("includes an entry dated exactly at the period start and excludes one a ms before", () => {
    const filter: LeaderboardFilter = { since: T0 }
    expect(matchesLeaderboard(entry("a", { createdAt: T0 }), filter)).toBe(true)
    expect(matchesLeaderboard(entry("a", { createdAt: T0 - 1 }), filter)).toBe(false)
  })

  it("excludes hidden and disqualified entries", () => {
    expect(matchesLeaderboard(entry("a", { moderation: "hidden" }), ALL)).toBe(false)
    expect(matchesLeaderboard(entry("a", { moderation: "disqualified" }), ALL)).toBe(false)
    expect(matchesLeaderboard(entry("a", { moderation: "visible" }), ALL)).toBe(true)
  })

  it("filters by contest type, with all (or no filter) meaning every type", () => {
    const digital = entry("a", { contestType: "digital" })
    expect(matchesLeaderboard(digital, { ...ALL, contestType: "digital" })).toBe(true)
    expect(matchesLeaderboard(digital, { ...ALL, contestType: "traditional" })).toBe(false)
    expect(matchesLeaderboard(digital, { ...ALL, contestType: "all" })).toBe(true)
    expect(matchesLeaderboard(digital, { ...ALL, contestType: undefined })).toBe(true)
  })

  it("filters by age group, with all (or no filter) meaning every group", () => {
    const teen = entry("a", { ageGroup: "teen" })
    expect(matchesLeaderboard(teen, { ...ALL, ageGroup: "teen" })).toBe(true)
    expect(matchesLeaderboard(teen, { ...ALL, ageGroup: "adult" })).toBe(false)
    expect(matchesLeaderboard(teen, { ...ALL, ageGroup: "all" })).toBe(true)
    expect(matchesLeaderboard(teen, ALL)).toBe(true)
  })
})

describe("rankEntries", () => {
  it("ranks 1..n in score order", () => {
    const rows = rankEntries(
      [
        entry("a", { weightedScore: 1 }),
        entry("b", { weightedScore: 7 }),
        entry("c", { weightedScore: 4 }),
      ],
      ALL,
    )
    expect(ids(rows)).toEqual(["b", "c", "a"])
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3])
  })

  it("gives tied entries distinct ranks, the earlier date first, then the smaller id", () => {
    const rows = rankEntries(
      [
        entry("z", { weightedScore: 5, createdAt: T0 }),
        entry("late", { weightedScore: 5, createdAt: T0 + 60_000 }),
        entry("a", { weightedScore: 5, createdAt: T0 }),
        entry("early", { weightedScore: 5, createdAt: T0 - 60_000 }),
      ],
      ALL,
    )
    expect(ids(rows)).toEqual(["early", "a", "z", "late"])
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4])
  })

  it("excludes hidden and disqualified entries, ranking the rest without gaps", () => {
    const rows = rankEntries(
      [
        entry("hidden", { weightedScore: 9, moderation: "hidden" }),
        entry("dq", { weightedScore: 8, moderation: "disqualified" }),
        entry("a", { weightedScore: 2 }),
        entry("b", { weightedScore: 1 }),
      ],
      ALL,
    )
    expect(ids(rows)).toEqual(["a", "b"])
    expect(rows.map((row) => row.rank)).toEqual([1, 2])
  })

  it("keeps only entries of the period", () => {
    const rows = rankEntries(
      [entry("old", { createdAt: T0 - 1, weightedScore: 9 }), entry("new", { createdAt: T0 })],
      { since: T0 },
    )
    expect(ids(rows)).toEqual(["new"])
  })

  it("applies the contest type and age group filters", () => {
    const entries = [
      entry("trad-adult", { contestType: "traditional", ageGroup: "adult" }),
      entry("dig-adult", { contestType: "digital", ageGroup: "adult" }),
      entry("dig-teen", { contestType: "digital", ageGroup: "teen" }),
    ]
    expect(ids(rankEntries(entries, { ...ALL, contestType: "digital" }))).toEqual([
      "dig-adult",
      "dig-teen",
    ])
    expect(ids(rankEntries(entries, { ...ALL, contestType: "digital", ageGroup: "teen" }))).toEqual(
      ["dig-teen"],
    )
    expect(rankEntries(entries, { ...ALL, contestType: "all", ageGroup: "all" })).toHaveLength(3)
  })

  it("cuts the list at the limit after ranking", () => {
    const rows = rankEntries(
      [1, 5, 3, 4, 2].map((score) => entry(`s${score}`, { weightedScore: score })),
      ALL,
      2,
    )
    expect(ids(rows)).toEqual(["s5", "s4"])
  })

  it("does not reorder the caller's array", () => {
    const entries = [entry("a", { weightedScore: 1 }), entry("b", { weightedScore: 2 })]
    rankEntries(entries, ALL)
    expect(entries.map((e) => e.id)).toEqual(["a", "b"])
  })

  it("gives an empty board when nothing matches", () => {
    expect(rankEntries([], ALL)).toEqual([])
  })
})

describe("toLeaderboardRows", () => {
  it("copies score (weighted), raw votes, artist, image, kinds and date from the entry", () => {
    const [row] = toLeaderboardRows([
      entry("a", {
        memberId: "m-7",
        artistName: "Ada",
        voteCount: 3,
        weightedScore: 5.5,
        image: "img/a.jpg",
        contestType: "digital",
        ageGroup: "senior",
        createdAt: T0 + 5,
      }),
    ])
    expect(row).toEqual({
      rank: 1,
      memberId: "m-7",
      artistName: "Ada",
      score: 5.5,
      rawVotes: 3,
      entryId: "a",
      image: "img/a.jpg",
      contestType: "digital",
      ageGroup: "senior",
      date: T0 + 5,
    })
  })
})

describe("podium", () => {
  it("is the top 3", () => {
    expect(PODIUM_SIZE).toBe(3)
    const rows = rankEntries(
      [4, 9, 1, 7, 3].map((score) => entry(`s${score}`, { weightedScore: score })),
      ALL,
    )
    expect(ids(podium(rows))).toEqual(["s9", "s7", "s4"])
    expect(podium(rows).map((row) => row.rank)).toEqual([1, 2, 3])
  })

  it("holds fewer places when fewer entries are ranked", () => {
    const rows = rankEntries([entry("a"), entry("b")], ALL)
    expect(podium(rows)).toHaveLength(2)
    expect(podium([])).toEqual([])
  })
})
