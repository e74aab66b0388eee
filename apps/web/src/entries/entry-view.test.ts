import { describe, expect, it } from "vitest"
import {
  artistOf,
  artistPath,
  artistUsernameOf,
  entryLink,
  entryPath,
  gridSrcSetOf,
  thumbnailOf,
  votesLabel,
} from "./entry-view.ts"

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

  it("offers a grid the thumbnail and the display size by their widths, when both exist", () => {
    expect(gridSrcSetOf({ thumbnailUrl: "/t.webp", imageUrl: "/d.webp" })).toBe(
      "/t.webp 480w, /d.webp 1600w",
    )
    expect(gridSrcSetOf({ thumbnailUrl: null, imageUrl: "/d.webp" })).toBeUndefined()
    expect(gridSrcSetOf({ thumbnailUrl: "/x.jpg", imageUrl: "/x.jpg" })).toBeUndefined()
    expect(gridSrcSetOf({ thumbnailUrl: null, imageUrl: null })).toBeUndefined()
  })

  it("counts votes in words", () => {
    expect(votesLabel(0)).toBe("0 votes")
    expect(votesLabel(1)).toBe("1 vote")
    expect(votesLabel(12)).toBe("12 votes")
  })

  it("shares an entry's page", () => {
    expect(entryLink("https://colorday.test", "a b")).toBe("https://colorday.test/entries/a%20b")
    expect(entryPath("e1")).toBe("/entries/e1")
  })

  it("links the artist by artistUsername, else by username", () => {
    expect(artistUsernameOf({ username: "ada", artistUsername: "ada_l" })).toBe("ada_l")
    expect(artistUsernameOf({ username: "ada" })).toBe("ada")
    expect(artistPath("a b")).toBe("/artists/a%20b")
  })
})
