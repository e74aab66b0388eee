import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  classifyCodebaseId,
  codebaseIdInClassList,
  dropDuplicateIds,
  isCodebaseId,
  isPageLevelCodebaseId,
  isPlaceholderCodebaseId,
  knownElements,
} from "./codebase-id.ts"

const V4 = "6f1c2b1e-9a4d-4c3b-8f2e-1d2c3b4a5f60"
const withVersion = (version: string) => `6f1c2b1e-9a4d-${version}c3b-8f2e-1d2c3b4a5f60`

describe("classifyCodebaseId", () => {
  it("accepts 'tempo-' + a uuid of each version from 1 to 5", () => {
    for (const version of ["1", "2", "3", "4", "5"]) {
      expect(classifyCodebaseId(`tempo-${withVersion(version)}`)).toBe("uuid")
    }
  })

  it("refuses uuids of versions 0, 6, 7 and 8, the nil uuid and other variants", () => {
    for (const version of ["0", "6", "7", "8"]) {
      expect(isCodebaseId(`tempo-${withVersion(version)}`)).toBe(false)
    }
    expect(isCodebaseId("tempo-00000000-0000-0000-0000-000000000000")).toBe(false)
    expect(isCodebaseId("tempo-6f1c2b1e-9a4d-4c3b-cf2e-1d2c3b4a5f60")).toBe(false)
  })

  it("refuses a uuid without the prefix, a truncated uuid and other prefixes", () => {
    expect(isCodebaseId(V4)).toBe(false)
    expect(isCodebaseId(`tempo-${V4.slice(0, -1)}`)).toBe(false)
    expect(isCodebaseId(`tempo-${V4}0`)).toBe(false)
    expect(isCodebaseId(`temp-${V4}`)).toBe(false)
    expect(isCodebaseId(`TEMPO-${V4}`)).toBe(false)
    expect(isCodebaseId("tempo-")).toBe(false)
    expect(isCodebaseId("")).toBe(false)
  })

  it("accepts the uuid in upper case, as uuid validators do", () => {
    expect(isCodebaseId(`tempo-${V4.toUpperCase()}`)).toBe(true)
  })

  it("recognises the wrap-in-div, duplicate and add-jsx placeholders", () => {
    expect(classifyCodebaseId("tempo-wrap-in-div-placeholder")).toBe("wrap-in-div-placeholder")
    expect(classifyCodebaseId(`tempo-duplicate-placeholder-${V4}`)).toBe("duplicate-placeholder")
    expect(classifyCodebaseId("tempo-add-jsx-placeholder-3")).toBe("add-jsx-placeholder")
    expect(isPlaceholderCodebaseId("tempo-add-jsx-placeholder-3")).toBe(true)
    expect(isPlaceholderCodebaseId(`tempo-${V4}`)).toBe(false)
  })

  it("refuses placeholder prefixes without a suffix or with an underscore in it", () => {
    expect(isCodebaseId("tempo-duplicate-placeholder-")).toBe(false)
    expect(isCodebaseId("tempo-add-jsx-placeholder-")).toBe(false)
    expect(isCodebaseId("tempo-add-jsx-placeholder-a_b")).toBe(false)
    expect(isCodebaseId("tempo-wrap-in-div-placeholder-2")).toBe(false)
  })

  it("accepts root, body and __next as page-level ids", () => {
    for (const id of ["root", "body", "__next"]) {
      expect(classifyCodebaseId(id)).toBe(id)
      expect(isPageLevelCodebaseId(id)).toBe(true)
    }
    expect(isCodebaseId("html")).toBe(false)
    expect(isPageLevelCodebaseId(`tempo-${V4}`)).toBe(false)
  })

  it("accepts every uuid of versions 1 to 5 and no uuid of versions 6 to 8", () => {
    fc.assert(
      fc.property(fc.uuid({ version: [1, 2, 3, 4, 5] }), (uuid) => {
        expect(isCodebaseId(`tempo-${uuid}`)).toBe(true)
      }),
    )
    fc.assert(
      fc.property(fc.uuid({ version: [6, 7, 8] }), (uuid) => {
        expect(isCodebaseId(`tempo-${uuid}`)).toBe(false)
      }),
    )
  })
})

describe("codebaseIdInClassList", () => {
  it("finds the uuid id among other classes", () => {
    expect(codebaseIdInClassList(["flex", `tempo-${V4}`, "p-4"])).toBe(`tempo-${V4}`)
  })

  it("prefers a real id to a placeholder beside it", () => {
    expect(codebaseIdInClassList(["tempo-duplicate-placeholder-1", `tempo-${V4}`])).toBe(
      `tempo-${V4}`,
    )
  })

  it("falls back to a placeholder, and to nothing when there is none", () => {
    expect(codebaseIdInClassList(["tempo-add-jsx-placeholder-1", "p-4"])).toBe(
      "tempo-add-jsx-placeholder-1",
    )
    expect(codebaseIdInClassList(["flex", "tempo-bogus", "arb89-temp-styling"])).toBeUndefined()
  })
})

describe("dropDuplicateIds", () => {
  it("keeps each id once, where it first occurs", () => {
    expect(dropDuplicateIds(["b", "a", "b", "c", "a"])).toEqual(["b", "a", "c"])
  })

  it("leaves no duplicates, loses no id and keeps first-occurrence order", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "d", "e")), (ids) => {
        const kept = dropDuplicateIds(ids)
        expect(new Set(kept).size).toBe(kept.length)
        expect(new Set(kept)).toEqual(new Set(ids))
        expect(kept).toEqual(ids.filter((id, index) => ids.indexOf(id) === index))
        expect(dropDuplicateIds(kept)).toEqual(kept)
      }),
    )
  })
})

describe("knownElements", () => {
  const lookup = (codebaseId: string) =>
    codebaseId === "gone" ? undefined : { codebaseId, name: `el ${codebaseId}` }

  it("omits ids the lookup does not know and empty ids, and drops duplicates", () => {
    expect(knownElements(["a", "gone", "", "a", "b"], lookup)).toEqual([
      { codebaseId: "a", name: "el a" },
      { codebaseId: "b", name: "el b" },
    ])
  })
})
