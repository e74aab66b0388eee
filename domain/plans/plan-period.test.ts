import { describe, expect, it } from "vitest"
import { heldDuring, type PlanPeriod, periodChange } from "./plan-period.ts"

const open = (tier: PlanPeriod["tier"], from = 100): PlanPeriod => ({
  memberId: "m-1",
  tier,
  from,
  until: null,
})

describe("plan periods", () => {
  it("a first paid tier opens a period; the free tier opens none", () => {
    expect(periodChange(undefined, "m-1", "pro", 500)).toEqual({
      end: false,
      open: open("pro", 500),
    })
    expect(periodChange(undefined, "m-1", "free", 500)).toEqual({ end: false, open: null })
  })

  it("saving the tier already held (credits spent, a renewal) changes nothing", () => {
    expect(periodChange(open("lite"), "m-1", "lite", 500)).toEqual({ end: false, open: null })
  })

  it("a change ends the open period and opens the new paid tier's; cancelling only ends it", () => {
    expect(periodChange(open("lite"), "m-1", "champ", 500)).toEqual({
      end: true,
      open: open("champ", 500),
    })
    expect(periodChange(open("champ"), "m-1", "free", 500)).toEqual({ end: true, open: null })
  })

  it("a period is held during a window when they share a moment", () => {
    const ended = { ...open("pro", 100), until: 200 }
    expect(heldDuring(ended, 150, 300)).toBe(true)
    expect(heldDuring(ended, 0, 101)).toBe(true)
    expect(heldDuring(ended, 200, 300)).toBe(false)
    expect(heldDuring(ended, 0, 100)).toBe(false)
    expect(heldDuring(open("pro", 100), 5_000, 6_000)).toBe(true)
    // Ended the instant it began: held nothing.
    expect(heldDuring({ ...open("pro", 150), until: 150 }, 0, 300)).toBe(false)
  })
})
