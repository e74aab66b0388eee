import { describe, expect, it } from "vitest"
import type { ContestResult } from "./contest.entity.ts"
import { NO_PLACEMENT, placementOf } from "./placement.ts"

const result: ContestResult = {
  closedAt: 1,
  winnerEntryId: "a",
  winnerMemberId: "ma",
  winnerRawVotes: 3,
  winnerWeightedScore: 6,
  peoplesChoiceEntryId: "b",
  peoplesChoiceMemberId: "mb",
  totalEntries: 5,
  totalVotes: 9,
  podiumEntryIds: ["a", "b", "c"],
}

describe("placementOf", () => {
  const announced = { storedStatus: "Announced", result }

  it("ranks the podium of an announced contest 1, 2, 3 and marks People's Choice", () => {
    expect(placementOf("a", announced)).toEqual({ placement: 1, peoplesChoice: false })
    expect(placementOf("b", announced)).toEqual({ placement: 2, peoplesChoice: true })
    expect(placementOf("c", announced)).toEqual({ placement: 3, peoplesChoice: false })
    expect(placementOf("d", announced)).toEqual(NO_PLACEMENT)
  })

  it("shows nothing before the announcement, without a result or without the contest", () => {
    expect(placementOf("a", { storedStatus: null, result })).toEqual(NO_PLACEMENT)
    expect(placementOf("b", { storedStatus: "ended", result })).toEqual(NO_PLACEMENT)
    expect(placementOf("a", { storedStatus: "announced", result: null })).toEqual(NO_PLACEMENT)
    expect(placementOf("a", undefined)).toEqual(NO_PLACEMENT)
  })
})
