import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { PLANS } from "./plans.ts"
import {
  buyExtraEntry,
  buyPlan,
  changeTier,
  creditsLeft,
  endPlan,
  isUnlimited,
  nextRenewal,
  refundExtraEntry,
  renewIfDue,
  spendCredit,
  startSubscription,
} from "./quota.ts"
import type { Subscription } from "./subscription.entity.ts"

const at = (iso: string) => Date.parse(iso)

const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  memberId: "member-1",
  tier: "free",
  remaining: 2,
  renewsAt: at("2026-04-01T00:00:00Z"),
  ...overrides,
})

describe("nextRenewal", () => {
  it("is the 1st of the next month at 00:00 UTC", () => {
    expect(nextRenewal(at("2026-03-10T15:00:00Z"))).toBe(at("2026-04-01T00:00:00Z"))
  })

  it("on Dec 31 is Jan 1 of the next year", () => {
    expect(nextRenewal(at("2026-12-31T23:59:59.999Z"))).toBe(at("2027-01-01T00:00:00Z"))
  })

  it("on the 1st itself is the 1st of the following month", () => {
    expect(nextRenewal(at("2026-03-01T00:00:00Z"))).toBe(at("2026-04-01T00:00:00Z"))
  })

  it("reads the month in UTC, whatever the local time elsewhere", () => {
    // 2026-03-31T23:30-05:00 is already April 1st in UTC.
    expect(nextRenewal(at("2026-04-01T04:30:00Z"))).toBe(at("2026-05-01T00:00:00Z"))
  })
})

describe("startSubscription", () => {
  it("gives a new member the free plan's 2 credits, renewing on the next 1st", () => {
    expect(startSubscription("m", at("2026-03-10T15:00:00Z"))).toEqual({
      memberId: "m",
      tier: "free",
      remaining: 2,
      renewsAt: at("2026-04-01T00:00:00Z"),
    })
  })

  it("gives a chosen tier its allowance", () => {
    expect(startSubscription("m", at("2026-03-10T15:00:00Z"), "pro").remaining).toBe(20)
  })
})

describe("isUnlimited", () => {
  it("is true only for champ", () => {
    expect(isUnlimited("champ")).toBe(true)
    expect(isUnlimited("free")).toBe(false)
    expect(isUnlimited("lite")).toBe(false)
    expect(isUnlimited("pro")).toBe(false)
  })
})

describe("creditsLeft", () => {
  it("is the remaining count on a limited plan", () => {
    expect(creditsLeft(subscription({ remaining: 1 }))).toBe(1)
  })

  it("never goes below zero", () => {
    expect(creditsLeft(subscription({ remaining: -3 }))).toBe(0)
  })

  it("is unlimited on champ whatever the count says", () => {
    expect(creditsLeft(subscription({ tier: "champ", remaining: 0 }))).toBe("unlimited")
  })
})

describe("spendCredit", () => {
  it("deducts one credit", () => {
    const result = spendCredit(subscription({ remaining: 2 }))
    expect(Result.isSuccess(result)).toBe(true)
    if (Result.isSuccess(result)) expect(result.success.remaining).toBe(1)
  })

  it("spends the last credit down to zero", () => {
    const result = spendCredit(subscription({ remaining: 1 }))
    expect(Result.getOrThrow(result).remaining).toBe(0)
  })

  it("refuses with OutOfSubmissions (OUT_OF_SUBMISSIONS) at zero credits", () => {
    const result = spendCredit(subscription({ remaining: 0 }))
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isFailure(result)) {
      expect(result.failure._tag).toBe("OutOfSubmissions")
      expect(result.failure.code).toBe("OUT_OF_SUBMISSIONS")
      expect(result.failure.memberId).toBe("member-1")
      expect(result.failure.message).toBe("You've run out of submissions, upgrade for more")
    }
  })

  it("refuses with a negative count too", () => {
    expect(Result.isFailure(spendCredit(subscription({ remaining: -1 })))).toBe(true)
  })

  it("never refuses champ (unlimited) and does not decrement it", () => {
    const champ = subscription({ tier: "champ", remaining: 0 })
    const result = spendCredit(champ)
    expect(Result.isSuccess(result)).toBe(true)
    expect(Result.getOrThrow(result)).toEqual(champ)
    const withSome = subscription({ tier: "champ", remaining: 4 })
    expect(Result.getOrThrow(spendCredit(withSome)).remaining).toBe(4)
  })
})

describe("renewIfDue", () => {
  const due = at("2026-04-01T00:00:00Z")

  it("changes nothing before the renewal instant", () => {
    const before = subscription({ remaining: 0, renewsAt: due })
    expect(renewIfDue(before, due - 1)).toBe(before)
  })

  it("on the 1st (UTC) resets to the allowance and moves renewsAt to the next 1st", () => {
    const renewed = renewIfDue(subscription({ tier: "lite", remaining: 1, renewsAt: due }), due)
    expect(renewed.remaining).toBe(PLANS.lite.entriesPerMonth)
    expect(renewed.renewsAt).toBe(at("2026-05-01T00:00:00Z"))
  })

  it("after the 1st renews too, to the 1st after now", () => {
    const renewed = renewIfDue(
      subscription({ tier: "pro", remaining: 0, renewsAt: due }),
      at("2026-04-17T09:00:00Z"),
    )
    expect(renewed.remaining).toBe(20)
    expect(renewed.renewsAt).toBe(at("2026-05-01T00:00:00Z"))
  })

  it("resets to the allowance rather than adding to what was left", () => {
    const renewed = renewIfDue(subscription({ tier: "free", remaining: 7, renewsAt: due }), due)
    expect(renewed.remaining).toBe(2)
  })

  it("a renewal missed for months happens once, renewing on the next 1st after now", () => {
    const renewed = renewIfDue(
      subscription({ remaining: 0, renewsAt: at("2026-01-01T00:00:00Z") }),
      at("2026-06-15T00:00:00Z"),
    )
    expect(renewed.remaining).toBe(2)
    expect(renewed.renewsAt).toBe(at("2026-07-01T00:00:00Z"))
  })

  it("renewing in December moves renewsAt to January 1st of the next year", () => {
    const renewed = renewIfDue(
      subscription({ renewsAt: at("2026-12-01T00:00:00Z") }),
      at("2026-12-01T00:00:00Z"),
    )
    expect(renewed.renewsAt).toBe(at("2027-01-01T00:00:00Z"))
  })

  it("keeps the member and the tier", () => {
    const renewed = renewIfDue(subscription({ tier: "pro", renewsAt: due }), due)
    expect(renewed.memberId).toBe("member-1")
    expect(renewed.tier).toBe("pro")
  })
})

describe("buyPlan", () => {
  it("sets the tier and gives previous remaining + the plan's credits", () => {
    const bought = buyPlan(subscription({ tier: "free", remaining: 1 }), "pro")
    expect(bought.tier).toBe("pro")
    expect(bought.remaining).toBe(1 + 20)
  })

  it("adds the lite plan's five credits", () => {
    expect(buyPlan(subscription({ remaining: 2 }), "lite").remaining).toBe(7)
  })

  it("does not carry a negative count into the new total", () => {
    expect(buyPlan(subscription({ remaining: -2 }), "lite").remaining).toBe(5)
  })

  it("to champ makes entering unlimited", () => {
    const bought = buyPlan(subscription({ remaining: 0 }), "champ")
    expect(bought.tier).toBe("champ")
    expect(creditsLeft(bought)).toBe("unlimited")
  })

  it("leaves the renewal date alone", () => {
    const before = subscription()
    expect(buyPlan(before, "pro").renewsAt).toBe(before.renewsAt)
  })
})

describe("buyExtraEntry", () => {
  it("adds one credit", () => {
    expect(buyExtraEntry(subscription({ remaining: 0 })).remaining).toBe(1)
    expect(buyExtraEntry(subscription({ remaining: 3 })).remaining).toBe(4)
  })

  it("keeps the tier", () => {
    expect(buyExtraEntry(subscription({ tier: "lite" })).tier).toBe("lite")
  })

  it("after running out lets the member spend again", () => {
    const empty = subscription({ remaining: 0 })
    expect(Result.isFailure(spendCredit(empty))).toBe(true)
    expect(Result.isSuccess(spendCredit(buyExtraEntry(empty)))).toBe(true)
  })
})

describe("refunds and plan changes", () => {
  it("a refunded extra entry takes back one unused credit, never below zero", () => {
    expect(refundExtraEntry(subscription({ remaining: 3 })).remaining).toBe(2)
    expect(refundExtraEntry(subscription({ remaining: 0 })).remaining).toBe(0)
    expect(refundExtraEntry(subscription({ remaining: -2 })).remaining).toBe(0)
  })

  it("an ended plan is free with at most the free allowance left", () => {
    expect(endPlan(subscription({ tier: "pro", remaining: 17 }))).toMatchObject({
      tier: "free",
      remaining: 2,
    })
    expect(endPlan(subscription({ tier: "lite", remaining: 1 }))).toMatchObject({
      tier: "free",
      remaining: 1,
    })
  })

  it("a tier change keeps the credits; a change to free ends the plan", () => {
    const renewsAt = at("2026-04-01T00:00:00Z")
    expect(changeTier(subscription({ tier: "lite", remaining: 4 }), "champ")).toEqual(
      subscription({ tier: "champ", remaining: 4, renewsAt }),
    )
    expect(changeTier(subscription({ tier: "pro", remaining: 9 }), "free")).toMatchObject({
      tier: "free",
      remaining: 2,
    })
  })
})
