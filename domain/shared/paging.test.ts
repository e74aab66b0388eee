import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  decodeCursor,
  DEFAULT_PAGE_SIZE,
  encodeCursor,
  MAX_PAGE_SIZE,
  pageAfter,
  pageSize,
} from "./paging.ts"

interface Item {
  readonly id: string
  readonly score: number
}

/** Score descending, then id ascending: a total order, as pageAfter requires. */
const byScoreThenId = (a: Item, b: Item): number =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const items = (scores: ReadonlyArray<number>): Array<Item> =>
  scores.map((score, i) => ({ id: `e${String(i).padStart(3, "0")}`, score })).sort(byScoreThenId)

describe("pageSize", () => {
  it("is the default when no size was asked for", () => {
    expect(pageSize(undefined)).toBe(DEFAULT_PAGE_SIZE)
    expect(DEFAULT_PAGE_SIZE).toBe(24)
  })

  it("is the default for a size that is not a finite number", () => {
    expect(pageSize(Number.NaN)).toBe(DEFAULT_PAGE_SIZE)
    expect(pageSize(Number.POSITIVE_INFINITY)).toBe(DEFAULT_PAGE_SIZE)
  })

  it("keeps a size within bounds as asked", () => {
    expect(pageSize(1)).toBe(1)
    expect(pageSize(50)).toBe(50)
    expect(pageSize(MAX_PAGE_SIZE)).toBe(MAX_PAGE_SIZE)
  })

  it("caps a size above the maximum at MAX_PAGE_SIZE (100)", () => {
    expect(MAX_PAGE_SIZE).toBe(100)
    expect(pageSize(101)).toBe(100)
    expect(pageSize(1_000_000)).toBe(100)
  })

  it("raises zero or a negative size to one", () => {
    expect(pageSize(0)).toBe(1)
    expect(pageSize(-5)).toBe(1)
  })

  it("rounds a fractional size down", () => {
    expect(pageSize(7.9)).toBe(7)
  })
})

describe("pageAfter", () => {
  const list = items([5, 9, 1, 9, 3, 7])
  // Ordered: e001(9) e003(9) e005(7) e000(5) e004(3) e002(1)

  it("gives the first page from the start when there is no cursor", () => {
    const page = pageAfter(list, byScoreThenId, undefined, 2)
    expect(page.items.map((i) => i.id)).toEqual(["e001", "e003"])
    expect(page.hasMore).toBe(true)
  })

  it("gives the items strictly after the cursor item", () => {
    const page = pageAfter(list, byScoreThenId, list[1], 2)
    expect(page.items.map((i) => i.id)).toEqual(["e005", "e000"])
    expect(page.hasMore).toBe(true)
  })

  it("says there is no more on the last page, even when it is exactly full", () => {
    const page = pageAfter(list, byScoreThenId, list[3], 2)
    expect(page.items.map((i) => i.id)).toEqual(["e004", "e002"])
    expect(page.hasMore).toBe(false)
  })

  it("gives an empty last page after the last item", () => {
    const page = pageAfter(list, byScoreThenId, list[list.length - 1], 10)
    expect(page.items).toEqual([])
    expect(page.hasMore).toBe(false)
  })

  it("resumes after a cursor item that has since left the list (keyset, not offset)", () => {
    // A score-8 item between e003(9) and e005(7) that is no longer in the list.
    const gone: Item = { id: "zzz", score: 8 }
    const page = pageAfter(list, byScoreThenId, gone, 3)
    expect(page.items.map((i) => i.id)).toEqual(["e005", "e000", "e004"])
  })

  it("breaks ties among equal scores by id, so an equal-score cursor does not skip or repeat", () => {
    const page = pageAfter(list, byScoreThenId, list[0], 1)
    expect(page.items.map((i) => i.id)).toEqual(["e003"])
  })

  it("gives nothing from an empty list", () => {
    expect(pageAfter([], byScoreThenId, undefined, 5)).toEqual({ items: [], hasMore: false })
  })

  it("paging through a list gives every item exactly once, in order (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 10 }),
        (scores, limit) => {
          const sorted = items(scores)
          const seen: Array<Item> = []
          let after: Item | undefined
          for (let guard = 0; guard <= sorted.length + 1; guard++) {
            const page = pageAfter(sorted, byScoreThenId, after, limit)
            expect(page.items.length).toBeLessThanOrEqual(limit)
            seen.push(...page.items)
            if (!page.hasMore) break
            after = page.items[page.items.length - 1]
          }
          expect(seen).toEqual(sorted)
        },
      ),
    )
  })
})

describe("cursors", () => {
  it("round-trip any JSON value", () => {
    const value = ["entry-42", 17, 1_780_000_000_000]
    expect(decodeCursor(encodeCursor(value))).toEqual(value)
  })

  it("are URL-safe: no +, / or = padding", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary-ascii" })), (value) => {
        const cursor = encodeCursor(value)
        expect(cursor).toMatch(/^[A-Za-z0-9_-]*$/)
        expect(decodeCursor(cursor)).toEqual(value)
      }),
    )
  })

  it("round-trip text beyond Latin-1 (accents, CJK, emoji) without throwing", () => {
    const value = ["café-Ω-色-🎨", 3, 1_780_000_000_000]
    expect(decodeCursor(encodeCursor(value))).toEqual(value)
  })

  it("round-trip any string (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        expect(decodeCursor(encodeCursor([text]))).toEqual([text])
      }),
    )
  })

  it("decode to undefined when the text is not base64 JSON", () => {
    expect(decodeCursor("!!!not a cursor!!!")).toBeUndefined()
    expect(decodeCursor("")).toBeUndefined()
    expect(decodeCursor(btoa("{not json").replace(/=+$/, ""))).toBeUndefined()
  })
})
