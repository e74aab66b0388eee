import { describe, expect, it } from "vitest"
import type { Entry } from "../submissions/entry.entity.ts"
import { decideResult } from "./winner.ts"

const T0 = Date.parse("2026-11-23T12:00:00Z")
const CLOSED_AT = Date.parse("2026-11-24T05:00:00Z")

type Candidate = Parameters<typeof decideResult>[0] extends Iterable<infer C> ? C : never

const entry = (id: string, overrides: Partial<Entry> = {}): Candidate => ({
  id,
  memberId: `member-${id}`,
  voteCount: 0,
  weightedScore: 0,
  createdAt: T0,
  moderation: "visible",
  ...overrides,
})

describe("decideResult", () => {
  it("with no entries gives nulls and zero totals", () => {
    expect(decideResult([], CLOSED_AT)).toEqual({
      closedAt: CLOSED_AT,
      winnerEntryId: null,
      winnerMemberId: null,
      winnerRawVotes: 0,
      winnerWeightedScore: 0,
      peoplesChoiceEntryId: null,
      peoplesChoiceMemberId: null,
      totalEntries: 0,
      totalVotes: 0,
      podiumEntryIds: [],
    })
  })

  it("the winner has the highest weighted score", () => {
    const result = decideResult(
      [
        entry("a", { voteCount: 2, weightedScore: 2 }),
        entry("b", { voteCount: 3, weightedScore: 6 }),
        entry("c", { voteCount: 1, weightedScore: 1.5 }),
      ],
      CLOSED_AT,
    )
    expect(result.winnerEntryId).toBe("b")
    expect(result.winnerMemberId).toBe("member-b")
    expect(result.winnerRawVotes).toBe(3)
    expect(result.winnerWeightedScore).toBe(6)
  })

  it("a weighted-score tie goes to the earlier entry, whatever order they come in", () => {
    const later = entry("a", { weightedScore: 4, voteCount: 4, createdAt: T0 + 1000 })
    const earlier = entry("b", { weightedScore: 4, voteCount: 2, createdAt: T0 })
    expect(decideResult([later, earlier], CLOSED_AT).winnerEntryId).toBe("b")
    expect(decideResult([earlier, later], CLOSED_AT).winnerEntryId).toBe("b")
  })

  it("a tie at the same instant goes to the smaller id", () => {
    const b = entry("b", { weightedScore: 4 })
    const a = entry("a", { weightedScore: 4 })
    expect(decideResult([b, a], CLOSED_AT).winnerEntryId).toBe("a")
  })

  it("weighted and raw can differ: People's Choice goes to another entry than the winner", () => {
    // Five free votes (5) against two champ votes (6).
    const result = decideResult(
      [
        entry("popular", { voteCount: 5, weightedScore: 5 }),
        entry("weighty", { voteCount: 2, weightedScore: 6 }),
      ],
      CLOSED_AT,
    )
    expect(result.winnerEntryId).toBe("weighty")
    expect(result.peoplesChoiceEntryId).toBe("popular")
    expect(result.peoplesChoiceMemberId).toBe("member-popular")
  })

  it("a raw-vote tie for People's Choice goes to the earlier entry", () => {
    const result = decideResult(
      [
        entry("late", { voteCount: 3, weightedScore: 9, createdAt: T0 + 1 }),
        entry("early", { voteCount: 3, weightedScore: 3, createdAt: T0 }),
      ],
      CLOSED_AT,
    )
    expect(result.winnerEntryId).toBe("late")
    expect(result.peoplesChoiceEntryId).toBe("early")
  })

  it("excludes hidden and disqualified entries from winning and from the totals", () => {
    const result = decideResult(
      [
        entry("dq", { voteCount: 50, weightedScore: 100, moderation: "disqualified" }),
        entry("hidden", { voteCount: 40, weightedScore: 80, moderation: "hidden" }),
        entry("fair", { voteCount: 1, weightedScore: 1 }),
      ],
      CLOSED_AT,
    )
    expect(result.winnerEntryId).toBe("fair")
    expect(result.peoplesChoiceEntryId).toBe("fair")
    expect(result.totalEntries).toBe(1)
    expect(result.totalVotes).toBe(1)
  })

  it("with only excluded entries gives nulls", () => {
    const result = decideResult([entry("dq", { moderation: "disqualified", voteCount: 3 })], 0)
    expect(result.winnerEntryId).toBeNull()
    expect(result.peoplesChoiceEntryId).toBeNull()
    expect(result.totalEntries).toBe(0)
  })

  it("People's Choice is null when nobody got a vote", () => {
    const result = decideResult([entry("a"), entry("b")], CLOSED_AT)
    expect(result.peoplesChoiceEntryId).toBeNull()
    expect(result.peoplesChoiceMemberId).toBeNull()
  })

  it("when nobody got a vote there is no winner, though entries are counted", () => {
    const result = decideResult(
      [entry("late", { createdAt: T0 + 1 }), entry("early", { createdAt: T0 })],
      CLOSED_AT,
    )
    expect(result.winnerEntryId).toBeNull()
    expect(result.winnerMemberId).toBeNull()
    expect(result.winnerWeightedScore).toBe(0)
    expect(result.peoplesChoiceEntryId).toBeNull()
    expect(result.totalEntries).toBe(2)
  })

  it("counts visible entries and sums their raw votes", () => {
    const result = decideResult(
      [
        entry("a", { voteCount: 2, weightedScore: 3 }),
        entry("b", { voteCount: 5, weightedScore: 5 }),
        entry("c"),
      ],
      CLOSED_AT,
    )
    expect(result.totalEntries).toBe(3)
    expect(result.totalVotes).toBe(7)
  })

  it("the podium is the top 3 by score, ties to the earlier entry, visible entries with a score only", () => {
    const result = decideResult(
      [
        entry("fourth", { weightedScore: 1, voteCount: 1 }),
        entry("tie-late", { weightedScore: 4, voteCount: 4, createdAt: T0 + 1000 }),
        entry("hidden", { weightedScore: 90, voteCount: 90, moderation: "hidden" }),
        entry("top", { weightedScore: 9, voteCount: 3 }),
        entry("tie-early", { weightedScore: 4, voteCount: 2, createdAt: T0 }),
        entry("none"),
      ],
      CLOSED_AT,
    )
    expect(result.podiumEntryIds).toEqual(["top", "tie-early", "tie-late"])
    expect(result.winnerEntryId).toBe(result.podiumEntryIds[0])
    const short = decideResult([entry("a", { weightedScore: 1 }), entry("b")], CLOSED_AT)
    expect(short.podiumEntryIds).toEqual(["a"])
  })

  it("records when the contest closed", () => {
    expect(decideResult([entry("a")], CLOSED_AT).closedAt).toBe(CLOSED_AT)
  })

  it("reads any iterable of entries, such as a generator", () => {
    function* entries() {
      yield entry("a", { weightedScore: 1, voteCount: 1 })
      yield entry("b", { weightedScore: 2, voteCount: 2 })
    }
    expect(decideResult(entries(), CLOSED_AT).winnerEntryId).toBe("b")
  })
})
