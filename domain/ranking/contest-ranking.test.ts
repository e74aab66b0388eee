import { describe, expect, it } from "vitest"
import type { Entry } from "../submissions/entry.entity.ts"
import { resultRanking, rankingPage, resultPageSize } from "./contest-ranking.ts"

const T0 = Date.parse("2026-11-23T12:00:00Z")

const entry = (id: string, overrides: Partial<Entry> = {}): Entry => ({
  id,
  contestId: "c",
  memberId: `member-${id}`,
  artistName: `artist-${id}`,
  image: `entry/${id}.webp`,
  ageGroup: "adult",
  contestType: "traditional",
  moderation: "visible",
  moderationReason: null,
  voteCount: 0,
  weightedScore: 0,
  createdAt: T0,
  ...overrides,
})

describe("resultRanking", () => {
  it("ranks by score, a tie to the earlier entry, then the smaller id", () => {
    const ranked = resultRanking([
      entry("late-tie", { weightedScore: 4, voteCount: 4, createdAt: T0 + 1000 }),
      entry("low", { weightedScore: 1, voteCount: 1 }),
      entry("early-tie", { weightedScore: 4, voteCount: 2, createdAt: T0 }),
      entry("top", { weightedScore: 6, voteCount: 2 }),
      entry("b-same-instant", { weightedScore: 1, voteCount: 1 }),
    ])
    expect(ranked.map((row) => [row.rank, row.entry.id])).toEqual([
      [1, "top"],
      [2, "early-tie"],
      [3, "late-tie"],
      [4, "b-same-instant"],
      [5, "low"],
    ])
  })

  it("leaves hidden and disqualified entries out, so ranks have no gaps", () => {
    const ranked = resultRanking([
      entry("dq", { weightedScore: 50, moderation: "disqualified" }),
      entry("a", { weightedScore: 2 }),
      entry("hidden", { weightedScore: 40, moderation: "hidden" }),
      entry("b", { weightedScore: 1 }),
    ])
    expect(ranked.map((row) => [row.rank, row.entry.id])).toEqual([
      [1, "a"],
      [2, "b"],
    ])
  })

  it("does not reorder the caller's array", () => {
    const entries = [entry("a", { weightedScore: 1 }), entry("b", { weightedScore: 2 })]
    resultRanking(entries)
    expect(entries.map((e) => e.id)).toEqual(["a", "b"])
  })
})

describe("rankingPage", () => {
  const ranked = resultRanking(
    Array.from({ length: 7 }, (_, i) =>
      entry(`e${i}`, { weightedScore: i % 3, createdAt: T0 + (i % 2) * 1000 }),
    ),
  )

  it("walks the whole ranking page by page, each row once, ranks in order", () => {
    const seen: Array<number> = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page = rankingPage(ranked, cursor, 3)
      seen.push(...page.items.map((row) => row.rank))
      cursor = page.nextCursor
      pages += 1
    } while (cursor !== null)
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pages).toBe(3)
  })

  it("has no next cursor on the last page, and starts over for a cursor it cannot read", () => {
    expect(rankingPage(ranked, null, 7).nextCursor).toBeNull()
    expect(rankingPage(ranked, "not-a-cursor", 2).items.map((row) => row.rank)).toEqual([1, 2])
  })

  it("keeps its place when a row above the cursor leaves the ranking", () => {
    const first = rankingPage(ranked, null, 3)
    const without = resultRanking(
      ranked.map((row) => row.entry).filter((e) => e.id !== first.items[0]?.entry.id),
    )
    const next = rankingPage(without, first.nextCursor, 2)
    expect(next.items.map((row) => row.entry.id)).toEqual(
      ranked.slice(3, 5).map((row) => row.entry.id),
    )
  })

  it("clamps the page size to 1..100, 50 by default", () => {
    expect(resultPageSize(undefined)).toBe(50)
    expect(resultPageSize(0)).toBe(1)
    expect(resultPageSize(500)).toBe(100)
    expect(resultPageSize(7.9)).toBe(7)
  })
})
