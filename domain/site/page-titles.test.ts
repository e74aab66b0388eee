import { describe, expect, it } from "vitest"
import {
  artistPageText,
  contestPageText,
  NOT_FOUND_PAGE,
  type PageTranslate,
  pageText,
  shortDescription,
  sitePage,
  STATIC_PAGES,
} from "./page-titles.ts"

/** A stand-in translation: the id, then its values (the catalogs are the adapters' and apps'). */
const t: PageTranslate = (id, values) =>
  values === undefined ? `[${id}]` : `[${id} ${JSON.stringify(values)}]`

describe("sitePage", () => {
  it("finds a static page by its path, with or without a trailing slash", () => {
    expect(sitePage("/leaderboard")).toEqual({
      kind: "static",
      path: "/leaderboard",
      text: STATIC_PAGES["/leaderboard"],
    })
    expect(sitePage("/leaderboard/").kind).toBe("static")
    expect(pageText(sitePage("/").text, t).title).toBe("[pages.home.title]")
  })

  it("reads a page that carries a token as the page itself", () => {
    expect(sitePage("/reset-password/abc").text).toBe(STATIC_PAGES["/reset-password"])
    expect(sitePage("/verify-email/abc/").text).toBe(STATIC_PAGES["/verify-email"])
  })

  it("names the contest, artist or entry a dynamic page shows, decoded", () => {
    expect(sitePage("/contests/c-1")).toMatchObject({ kind: "contest", contestId: "c-1" })
    expect(sitePage("/artists/ada%20l")).toMatchObject({ kind: "artist", username: "ada l" })
    expect(sitePage("/artists/%E0%A4%A")).toMatchObject({ kind: "artist", username: "%E0%A4%A" })
    expect(sitePage("/entries/e1")).toMatchObject({ kind: "entry", entryId: "e1" })
  })

  it("calls any other path not found, never a page of the prototype's object", () => {
    for (const path of ["/nope", "/contests/a/b", "/constructor", "/toString", "/admin"]) {
      expect(sitePage(path), path).toEqual({ kind: "not-found", text: NOT_FOUND_PAGE })
    }
  })

  it("gives every static page its own title and description, a page's name before the site's", () => {
    const pages = Object.values(STATIC_PAGES).map((page) => pageText(page, t))
    expect(pageText(STATIC_PAGES["/faq"] ?? NOT_FOUND_PAGE, t)).toEqual({
      title: "[pages.faq.name] · Colorday",
      description: "[pages.faq.description]",
    })
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length)
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length)
  })
})

describe("contestPageText and shortDescription", () => {
  it("describes a contest by its description, or by its title when it has none", () => {
    expect(contestPageText({ title: "Koi", description: " Fish\n in a pond. " }, t)).toEqual({
      title: "Koi · Colorday",
      description: "Fish in a pond.",
    })
    expect(contestPageText({ title: "Koi", description: "" }, t).description).toBe(
      '[pages.contest.about {"title":"Koi"}]',
    )
    expect(artistPageText("ada", t)).toEqual({
      title: "ada · Colorday",
      description: '[pages.artist.about {"username":"ada"}]',
    })
  })

  it("cuts a long description at a word, marked with an ellipsis, within 200 characters", () => {
    const long = "word ".repeat(100)
    const short = shortDescription(long)
    expect(short.length).toBeLessThanOrEqual(200)
    expect(short).toMatch(/word…$/)
    expect(shortDescription("x".repeat(300))).toHaveLength(200)
  })
})
