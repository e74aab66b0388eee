import { describe, expect, it } from "vitest"
import { artistOf, entryLink, thumbnailOf, votesLabel } from "./entry-view.ts"

describe("entry view", () => {
  it("names the artist, Anonymous when the name is blank", () => {
    expect(artistOf({ username: "ada" })).toBe("ada")
    expect(artistOf({ username: "  " })).toBe("Anonymous")
  })

  it("shows the thumbnail, else the display image, else nothing", () => {
    expect(thumbnailOf({ thumbnailUrl: "/t.webp", imageUrl: "/d.webp" })).toBe("/t.webp")
    expect(thumbnailOf({ thumbnailUrl: null, imageUrl: "/d.webp" })).toBe("/d.webp")
    expect(thumbnailOf({ thumbnailUrl: null, imageUrl: null })).toBeNull()
  })

  it("counts votes in words", () => {
    expect(votesLabel(0)).toBe("0 votes")
    expect(votesLabel(1)).toBe("1 vote")
    expect(votesLabel(12)).toBe("12 votes")
  })

  it("links to the gallery on one entry", () => {
    expect(entryLink("https://colorday.test", "a b")).toBe(
      "https://colorday.test/gallery?submission=a%20b",
    )
  })
})
