import { describe, expect, it } from "vitest"
import {
  acceptedBelow,
  chunksOf,
  commitmentOf,
  drawWinner,
  entrantList,
  listHashOf,
  pickIndex,
  type PublishedDraw,
  verifyDraw,
  winnerIndex,
} from "./draw-rules.ts"
import {
  FREE_ROUTE_TIER,
  DRAWING_TIERS,
  monthEnd,
  monthOf,
  previousMonth,
} from "./drawing.entity.ts"
import { entrantsOf, isDeletedAccount } from "./eligibility.ts"
import type { PlanPeriod } from "../plans/plan-period.ts"

// Golden values, computed apart from this code (Python's hashlib and hmac over the same inputs).
const SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
const COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
const ENTRANTS = ["member-c", "member-a", "member-e", "member-b", "member-d"]
const LIST_HASH = "12f9158d7c47f166efb33f2fa9cbabfcf0682c11d9a5e569a34effadd25fe283"

const published = async (): Promise<PublishedDraw> => {
  const result = await drawWinner(SEED, ENTRANTS)
  return { commitment: await commitmentOf(SEED), seed: SEED, ...result }
}

describe("the draw", () => {
  it("commits to the seed with SHA-256 of its bytes", async () => {
    expect(await commitmentOf(SEED)).toBe(COMMITMENT)
  })

  it("lists each entrant once, sorted, and hashes the list joined by newlines", async () => {
    const list = entrantList([...ENTRANTS, "member-a"])
    expect(list).toEqual(["member-a", "member-b", "member-c", "member-d", "member-e"])
    expect(await listHashOf(list)).toBe(LIST_HASH)
  })

  it("a fixed seed and list give a fixed winner, whatever order the ids came in", async () => {
    expect(await winnerIndex(SEED, LIST_HASH, 5)).toBe(1)
    expect((await drawWinner(SEED, ENTRANTS)).winnerId).toBe("member-b")
    expect((await drawWinner(SEED, [...ENTRANTS].reverse())).winnerId).toBe("member-b")
  })

  it("a different seed can pick someone else; no entrants picks nobody", async () => {
    const winners = new Set<string | null>()
    for (const last of ["00", "01", "02", "03", "04", "05", "06", "07"]) {
      winners.add((await drawWinner(SEED.slice(0, 62) + last, ENTRANTS)).winnerId)
    }
    expect(winners.size).toBeGreaterThan(1)
    expect(await drawWinner(SEED, [])).toMatchObject({ entrants: [], winnerId: null })
  })
})

describe("the reduction without modulo bias", () => {
  it("rejects the values at or above the largest multiple of N below 2^32", () => {
    // 2^32 = 3 · 1431655765 + 1: one value (2^32 - 1) would make index 0 likelier; it is rejected.
    expect(acceptedBelow(3)).toBe(2 ** 32 - 1)
    expect(pickIndex(2 ** 32 - 2, 3)).toBe((2 ** 32 - 2) % 3)
    expect(pickIndex(2 ** 32 - 1, 3)).toBeNull()
    // With N = 2^31 + 1 only one multiple fits, so nearly half of all values are rejected.
    const n = 2 ** 31 + 1
    expect(acceptedBelow(n)).toBe(n)
    expect(pickIndex(n - 1, n)).toBe(n - 1)
    expect(pickIndex(n, n)).toBeNull()
    expect(pickIndex(2 ** 32 - 1, n)).toBeNull()
    // A power of two divides 2^32: nothing is rejected.
    expect(acceptedBelow(4)).toBe(2 ** 32)
    expect(pickIndex(2 ** 32 - 1, 4)).toBe(3)
  })

  it("over a whole crafted range every index is hit equally often", () => {
    // Scaled down: the same rule over 8-bit values (256 of them) and N = 6 (256 = 6 · 42 + 4).
    const accepted = Math.floor(256 / 6) * 6
    const counts = Array.from({ length: 6 }, () => 0)
    for (let value = 0; value < 256; value += 1) {
      if (value < accepted) counts[value % 6] = (counts[value % 6] ?? 0) + 1
    }
    expect(new Set(counts)).toEqual(new Set([42]))
    // The 32-bit rule agrees where both apply: the accepted bound is a multiple of N.
    for (const count of [1, 2, 3, 5, 6, 7, 1000, 123_457]) {
      expect(acceptedBelow(count) % count).toBe(0)
      expect(2 ** 32 - acceptedBelow(count)).toBeLessThan(count)
    }
  })

  it("reads a block as eight 32-bit big-endian numbers", () => {
    const block = new Uint8Array(32)
    block.set([0x01, 0x02, 0x03, 0x04], 0)
    block.set([0xff, 0xff, 0xff, 0xff], 28)
    expect(chunksOf(block)).toEqual([0x01020304, 0, 0, 0, 0, 0, 0, 0xffffffff])
  })
})

describe("verifying a draw", () => {
  it("passes on the published values", async () => {
    expect(await verifyDraw(await published())).toEqual({ ok: true, winnerId: "member-b" })
  })

  const flip = (hex: string, at: number) =>
    hex.slice(0, at) + (hex[at] === "0" ? "1" : "0") + hex.slice(at + 1)

  it("fails naming the check when any byte of the seed changes", async () => {
    const draw = await published()
    for (const at of [0, 31, 63]) {
      const result = await verifyDraw({ ...draw, seed: flip(SEED, at) })
      expect(result).toMatchObject({ ok: false, failed: "commitment" })
    }
    expect(await verifyDraw({ ...draw, seed: SEED.toUpperCase() })).toMatchObject({
      failed: "seed",
    })
  })

  it("fails when the list, its order, its hash or the winner changes", async () => {
    const draw = await published()
    const changed = [...draw.entrants]
    changed[2] = "member-x"
    expect(await verifyDraw({ ...draw, entrants: changed })).toMatchObject({
      failed: "entrant-order",
    })
    expect(await verifyDraw({ ...draw, entrants: draw.entrants.slice(1) })).toMatchObject({
      failed: "list-hash",
    })
    expect(await verifyDraw({ ...draw, entrants: [...draw.entrants].reverse() })).toMatchObject({
      failed: "entrant-order",
    })
    expect(await verifyDraw({ ...draw, listHash: flip(LIST_HASH, 10) })).toMatchObject({
      failed: "list-hash",
    })
    expect(await verifyDraw({ ...draw, winnerId: "member-a" })).toMatchObject({
      failed: "winner",
    })
    expect(await verifyDraw({ ...draw, winnerId: null })).toMatchObject({ failed: "winner" })
  })
})

describe("eligibility", () => {
  const NOVEMBER = Date.UTC(2026, 10, 1)
  const DECEMBER = Date.UTC(2026, 11, 1)
  const DAY = 86_400_000
  const held = (memberId: string, tier: PlanPeriod["tier"], from: number, until: number | null) =>
    ({ memberId, tier, from, until }) satisfies PlanPeriod
  const periods = [
    held("m-lite", "lite", NOVEMBER - 40 * DAY, null),
    held("m-pro", "pro", NOVEMBER + 3 * DAY, null),
    held("m-champ", "champ", NOVEMBER - DAY, NOVEMBER + 5 * DAY),
  ]

  it("the drawings are the paid tiers of the plan table, cheapest first; free entries go to lite", () => {
    expect(DRAWING_TIERS).toEqual(["lite", "pro", "champ"])
    expect(FREE_ROUTE_TIER).toBe("lite")
  })

  it("each tier's drawing holds the members on that tier in the month, the cheapest one also free entries", () => {
    expect(entrantsOf("pro", "2026-11", periods, ["m-free"])).toEqual(["m-pro"])
    expect(entrantsOf("champ", "2026-11", periods, ["m-free"])).toEqual(["m-champ"])
    expect(entrantsOf("lite", "2026-11", periods, ["m-free", "m-lite"])).toEqual([
      "m-free",
      "m-lite",
    ])
  })

  it("a tier held at any moment of the month counts; one ended before it or begun after it, not", () => {
    const edges = [
      held("m-ended-at-start", "pro", NOVEMBER - 9 * DAY, NOVEMBER),
      held("m-last-minute", "pro", DECEMBER - 60_000, null),
      held("m-from-december", "pro", DECEMBER, null),
      held("m-no-time", "pro", NOVEMBER + DAY, NOVEMBER + DAY),
      held("m-cancelled", "pro", NOVEMBER - DAY, NOVEMBER + 1),
    ]
    expect(entrantsOf("pro", "2026-11", edges, [])).toEqual(["m-cancelled", "m-last-minute"])
    expect(entrantsOf("pro", "2026-12", edges, [])).toEqual(["m-from-december", "m-last-minute"])
    // Two periods of one tier in a month (cancelled, then back): entered once.
    const twice = [
      held("m-back", "lite", NOVEMBER, NOVEMBER + DAY),
      held("m-back", "lite", NOVEMBER + 2 * DAY, null),
    ]
    expect(entrantsOf("lite", "2026-11", twice, ["m-back"])).toEqual(["m-back"])
  })

  it("a barred member (suspended or deleted at the draw) is in no drawing", () => {
    expect(entrantsOf("lite", "2026-11", periods, ["m-free"], ["m-lite", "m-free"])).toEqual([])
    expect(isDeletedAccount("deleted-m1@deleted.invalid")).toBe(true)
    expect(isDeletedAccount("ada@example.com")).toBe(false)
  })

  it("months are UTC calendar months", () => {
    expect(monthOf(Date.UTC(2026, 10, 30, 23, 59))).toBe("2026-11")
    expect(monthEnd("2026-12")).toBe(Date.UTC(2027, 0, 1))
    expect(previousMonth("2027-01")).toBe("2026-12")
  })
})
