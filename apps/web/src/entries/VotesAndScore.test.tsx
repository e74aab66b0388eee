import { describe, expect, it } from "vitest"
import { scoreText, votesText } from "./VotesAndScore.tsx"

describe("an entry's numbers in English", () => {
  it("are written as en-US's Intl would write them, without building a formatter", () => {
    const votes = new Intl.NumberFormat("en-US")
    const score = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 })
    for (const value of [0, 1, 9, 12, 999, 1_000, 1_204, 99_999, 1_000_000, 123_456_789]) {
      expect(votesText(value)).toBe(votes.format(value))
    }
    for (const value of [0, 0.5, 1, 2.5, 18.5, 999.5, 1_000, 1_204.5, 12_345.25, 0.05, 7.25, 1e6]) {
      expect(scoreText(value), String(value)).toBe(score.format(value))
    }
  })
})
