import { describe, expect, it } from "vitest"
import { shareMessage, shareTitle, socialCaption } from "./share.ts"

describe("share texts", () => {
  const link = "https://colorday.test/entries/e1"

  it("invites a vote with the entry's link", () => {
    expect(shareMessage(link)).toBe(`You can vote for me at ${link}`)
    expect(shareTitle("ada")).toBe("Vote for ada's artwork!")
  })

  it("puts the title, the link and the hashtags in the social caption", () => {
    const caption = socialCaption("ada", link)
    expect(caption.startsWith("Vote for ada's artwork!\n")).toBe(true)
    expect(caption).toContain(`You can vote for me at ${link}`)
    expect(caption).toMatch(/#Colorday #ColoringContest/)
  })
})
