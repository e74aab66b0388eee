import { describe, expect, it } from "vitest"
import { normalisePrize, prizeIssues, prizeLine } from "./contest-prize.ts"

describe("a contest's prize", () => {
  it("takes a cash prize in cents, a credits prize in credits and another prize without an amount", () => {
    expect(prizeIssues({ kind: "cash", text: "Cash prize", amount: 2500 })).toEqual([])
    expect(prizeIssues({ kind: "credits", text: "Free entries", amount: 3 })).toEqual([])
    expect(prizeIssues({ kind: "other", text: "Art supplies box", amount: null })).toEqual([])
  })

  it("refuses a cash or credits prize without a whole positive amount, naming prize.amount", () => {
    for (const amount of [null, 0, -5, 2.5]) {
      expect(
        prizeIssues({ kind: "cash", text: "Cash", amount }).map((issue) => issue.field),
      ).toEqual(["prize.amount"])
    }
    expect(prizeIssues({ kind: "other", text: "Box", amount: 10 })[0]?.field).toBe("prize.amount")
  })

  it("refuses an unknown kind and empty text, each by its field", () => {
    expect(
      prizeIssues({ kind: "gold", text: "  ", amount: 5 }).map((issue) => issue.field),
    ).toEqual(["prize.kind", "prize.text"])
  })

  it("reads as the amount and the text", () => {
    expect(prizeLine(normalisePrize({ kind: "cash", text: " Cash prize ", amount: 2500 }))).toBe(
      "$25 (Cash prize)",
    )
    expect(prizeLine({ kind: "cash", text: "Cash", amount: 1050 })).toBe("$10.50 (Cash)")
    expect(prizeLine({ kind: "credits", text: "Free entries", amount: 1 })).toBe(
      "1 credit (Free entries)",
    )
    expect(prizeLine({ kind: "other", text: "A box of pencils", amount: null })).toBe(
      "A box of pencils",
    )
  })
})
