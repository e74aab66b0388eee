import { describe, expect, it } from "vitest"
import { BADGE_IDS } from "../badges/badges.ts"
import {
  cheapestPlanWith,
  DEFAULT_TIER,
  EXTRA_ENTRY,
  formatCents,
  grants,
  isTier,
  parseTier,
  type PerkId,
  PERKS,
  planOf,
  planPerks,
  PLANS,
  TIERS,
} from "./plans.ts"

describe("the plan table", () => {
  it("has the four tiers in order free, lite, pro, champ", () => {
    expect(TIERS).toEqual(["free", "lite", "pro", "champ"])
    expect(Object.keys(PLANS)).toEqual(["free", "lite", "pro", "champ"])
  })

  it("names the plans Color Curious, Color Lite, Color Pro, Color Champ", () => {
    expect(TIERS.map((tier) => PLANS[tier].name)).toEqual([
      "Color Curious",
      "Color Lite",
      "Color Pro",
      "Color Champ",
    ])
  })

  it("prices the plans at $0, $4.99, $9.99 and $19.99 a month, in cents", () => {
    expect(TIERS.map((tier) => PLANS[tier].priceCents)).toEqual([0, 499, 999, 1999])
  })

  it("allows 2, 5 and 20 entries a month, and unlimited (null) for champ", () => {
    expect(TIERS.map((tier) => PLANS[tier].entriesPerMonth)).toEqual([2, 5, 20, null])
  })

  it("weighs votes 1, 1.5, 2 and 3", () => {
    expect(TIERS.map((tier) => PLANS[tier].voteWeight)).toEqual([1, 1.5, 2, 3])
  })

  it("enters paid tiers in monthly drawings of $25, $50 and $100, and free in none", () => {
    expect(TIERS.map((tier) => PLANS[tier].drawingCents)).toEqual([null, 2500, 5000, 10000])
  })

  it("keys every plan by its own tier", () => {
    for (const tier of TIERS) expect(PLANS[tier].tier).toBe(tier)
  })

  it("planOf reads the table", () => {
    for (const tier of TIERS) expect(planOf(tier)).toBe(PLANS[tier])
  })

  it("starts members on the free tier", () => {
    expect(DEFAULT_TIER).toBe("free")
  })

  it("sells an extra entry for $2.99 (299 cents) that adds one credit", () => {
    expect(EXTRA_ENTRY).toEqual({ priceCents: 299, credits: 1 })
  })
})

describe("isTier", () => {
  it("accepts exactly the four tier names", () => {
    for (const tier of TIERS) expect(isTier(tier)).toBe(true)
  })

  it("rejects other names, other cases and non-strings", () => {
    expect(isTier("premium")).toBe(false)
    expect(isTier("Pro")).toBe(false)
    expect(isTier("")).toBe(false)
    expect(isTier(undefined)).toBe(false)
    expect(isTier(2)).toBe(false)
  })
})

describe("parseTier", () => {
  it("reads a tier case-insensitively", () => {
    expect(parseTier("Pro")).toBe("pro")
    expect(parseTier("CHAMP")).toBe("champ")
    expect(parseTier("lItE")).toBe("lite")
    expect(parseTier("free")).toBe("free")
  })

  it("ignores surrounding whitespace", () => {
    expect(parseTier(" champ ")).toBe("champ")
  })

  it("is undefined for a name that is no plan", () => {
    expect(parseTier("premium")).toBeUndefined()
    expect(parseTier("")).toBeUndefined()
    expect(parseTier("pro plan")).toBeUndefined()
  })
})

describe("formatCents", () => {
  it("shows dollars with two decimals", () => {
    expect(formatCents(0)).toBe("$0.00")
    expect(formatCents(499)).toBe("$4.99")
    expect(formatCents(999)).toBe("$9.99")
    expect(formatCents(1999)).toBe("$19.99")
    expect(formatCents(EXTRA_ENTRY.priceCents)).toBe("$2.99")
    expect(formatCents(10000)).toBe("$100.00")
  })
})

describe("the plan table's perks", () => {
  it("lists each plan's entries, vote weight, drawing prize and its built perks, in that order", () => {
    expect(planPerks(PLANS.free).map((perk) => perk.kind)).toEqual([
      "entries",
      "vote-weight",
      "badges",
      "results-ribbons",
    ])
    expect(planPerks(PLANS.champ).map((perk) => perk.text)).toEqual([
      "Unlimited entries per month",
      "3× vote weight",
      "$100 monthly cash drawing entry",
      PERKS.badges.text,
      PERKS["results-ribbons"].text,
      ...PLANS.champ.perks.slice(2).map((id) => PERKS[id].text),
    ])
    expect(planPerks(PLANS.lite)[2]?.text).toBe("$25 monthly cash drawing entry")
  })

  it("grants professional feedback to Champ only and the Spotlight to Pro and Champ", () => {
    const holders = (perk: PerkId) => TIERS.filter((tier) => grants(tier, perk))
    expect(holders("professional-feedback")).toEqual(["champ"])
    expect(holders("spotlight")).toEqual(["pro", "champ"])
    expect(planPerks(PLANS.champ).map((perk) => perk.kind)).toEqual(
      expect.arrayContaining(["professional-feedback", "spotlight"]),
    )
    expect(planPerks(PLANS.lite).map((perk) => perk.kind)).not.toContain("spotlight")
  })

  it("grants premium line art to Pro and Champ, early access and custom requests to Champ only", () => {
    const holders = (perk: PerkId) => TIERS.filter((tier) => grants(tier, perk))
    expect(holders("premium-line-art")).toEqual(["pro", "champ"])
    expect(holders("early-access")).toEqual(["champ"])
    expect(holders("custom-line-art-requests")).toEqual(["champ"])
    expect(cheapestPlanWith("premium-line-art")?.name).toBe("Color Pro")
    expect(cheapestPlanWith("early-access")?.name).toBe("Color Champ")
    expect(planPerks(PLANS.pro).map((perk) => perk.text)).toContain(
      "A premium line art page to download every week",
    )
    expect(planPerks(PLANS.lite).map((perk) => perk.kind)).not.toContain("premium-line-art")
  })

  it("names every badge of the catalogue in the badges perk", () => {
    expect(PERKS.badges.text).toBe(`All ${BADGE_IDS.length} badges`)
  })
})
