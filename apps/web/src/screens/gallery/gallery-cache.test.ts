import { describe, expect, it } from "vitest"
import { anEntry } from "../../entries/entry-fixtures.ts"
import { entriesOf, patchEntry } from "./gallery-cache.ts"

describe("gallery cache", () => {
  const first = anEntry({ id: "a", voteCount: 1 })
  const second = anEntry({ id: "b", voteCount: 2 })
  const data = {
    pages: [
      { items: [first], nextCursor: "c1" },
      { items: [second], nextCursor: null },
    ],
    pageParams: [null, { cursor: "c1" }],
  }

  it("changes only the entry voted for", () => {
    const next = patchEntry(data, "b", (entry) => ({ ...entry, voteCount: 7 }))
    expect(entriesOf(next).map((entry) => entry.voteCount)).toEqual([1, 7])
    expect(next?.pages[0]).toBe(data.pages[0])
    expect(next?.pageParams).toBe(data.pageParams)
  })

  it("leaves an empty cache empty", () => {
    expect(patchEntry(undefined, "a", (entry) => entry)).toBeUndefined()
    expect(entriesOf(undefined)).toEqual([])
  })
})
