import { describe, expect, it } from "vitest"
import { canvasPathOf, codebaseIdOf, uuidV5 } from "./codebase-id.ts"

describe("codebase ids", () => {
  it("builds v5 uuids as RFC 4122 does (its DNS example)", () => {
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    )
  })

  it("is tempo- and a version 5 uuid of the path and the element's start", () => {
    const id = codebaseIdOf("src/App.tsx", 120)
    expect(id).toMatch(
      /^tempo-[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(codebaseIdOf("src/App.tsx", 120)).toBe(id)
    expect(codebaseIdOf("src/App.tsx", 121)).not.toBe(id)
    expect(codebaseIdOf("src/Other.tsx", 120)).not.toBe(id)
  })

  it("names files relative to the canvas root with / separators, never outside it", () => {
    expect(canvasPathOf("/canvas", "/canvas/src/App.tsx")).toBe("src/App.tsx")
    expect(canvasPathOf("/canvas", "/canvas/..hidden.tsx")).toBe("..hidden.tsx")
    expect(canvasPathOf("/canvas", "/elsewhere/App.tsx")).toBeNull()
    expect(canvasPathOf("/canvas", "/canvas")).toBeNull()
  })
})
