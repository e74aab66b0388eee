import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import type { EntryPage } from "../../api/types.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { aContest, anEntryPage } from "./entry-page-fixtures.ts"

beforeAll(() => {
  // The first render loads the lazy route: give a busy machine more than the default second.
  configure({ asyncUtilTimeout: 5000 })
})

/** GET /api/entries/:id answers from `pages` by id, 404 for any other id; asks are counted. */
const entryAnswers = (pages: ReadonlyArray<EntryPage>) => {
  const asked: string[] = []
  server.use(
    http.get("*/api/entries/:id", ({ params }) => {
      const id = String(params.id)
      asked.push(id)
      const page = pages.find((each) => each.entry.id === id)
      return page
        ? HttpResponse.json(page)
        : HttpResponse.json({ code: "NOT_FOUND", message: "Entry not found" }, { status: 404 })
    }),
  )
  return asked
}

/** The value a <dl> gives the term `term`. */
const valueOf = (term: string): string | null => {
  const dt = screen.getByText(term, { selector: "dt" })
  return dt.nextElementSibling?.textContent ?? null
}

describe("an entry's page, /entries/:id", () => {
  it("shows the picture from its renditions, the artist, the date, Votes and Score and its neighbours", async () => {
    signedInAs(null)
    entryAnswers([
      anEntryPage(
        { id: "e2", username: "grace", voteCount: 12, weightedScore: 18.5, placement: 1 },
        { previousEntryId: "e1", nextEntryId: "e3" },
      ),
    ])
    renderRoute("/entries/e2")
    expect(await screen.findByRole("heading", { level: 1, name: "grace's entry" })).toBeTruthy()

    const picture = screen.getByRole("img", { name: "grace's entry in Succulent Pots" })
    expect(picture.getAttribute("src")).toBe("/images/entry/e2.webp")
    expect(picture.getAttribute("srcset")).toBe(
      "/images/entry/e2-480.webp 480w, /images/entry/e2-960.webp 960w, /images/entry/e2.webp 1600w",
    )
    expect(picture.getAttribute("sizes")).toBeTruthy()
    expect(picture.getAttribute("width")).toBe("1600")
    expect(picture.getAttribute("height")).toBe("1200")
    // Never cropped: the whole picture is fitted, not covered.
    expect(picture.className).toContain("object-contain")
    expect(picture.className).not.toContain("object-cover")

    expect(
      screen.getByRole("img", { name: "Line art of Succulent Pots" }).getAttribute("src"),
    ).toBe("/images/line-art/succulents.png")
    expect(screen.getByRole("link", { name: "grace" }).getAttribute("href")).toBe("/artists/grace")
    expect(screen.getByText("Nov 22, 2026")).toBeTruthy()
    expect(valueOf("Votes")).toBe("12")
    expect(valueOf("Score")).toBe("18.5")
    expect(screen.getByText("1st place")).toBeTruthy()
    // The contest has ended: the page offers no vote.
    expect(screen.getByText("Voting closed")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Vote for grace's entry" })).toBeNull()
    expect(screen.getByRole("button", { name: "Share grace's entry" })).toBeTruthy()

    const neighbours = screen.getByRole("navigation", { name: "Entries in this contest" })
    expect(
      within(neighbours).getByRole("link", { name: "Previous entry" }).getAttribute("href"),
    ).toBe("/entries/e1")
    expect(within(neighbours).getByRole("link", { name: "Next entry" }).getAttribute("href")).toBe(
      "/entries/e3",
    )
  })

  it("follows next to the contest's next entry", async () => {
    signedInAs(null)
    entryAnswers([
      anEntryPage({ id: "e1", username: "grace" }, { nextEntryId: "e2" }),
      anEntryPage({ id: "e2", username: "linus" }, { previousEntryId: "e1" }),
    ])
    const { router } = renderRoute("/entries/e1")
    await userEvent.click(await screen.findByRole("link", { name: "Next entry" }))
    expect(await screen.findByRole("heading", { level: 1, name: "linus's entry" })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/entries/e2")
    expect(screen.queryByRole("link", { name: "Next entry" })).toBeNull()
  })

  it("says 'Entry not found' for an unknown or hidden entry, with a way to the gallery", async () => {
    signedInAs(null)
    const asked = entryAnswers([])
    renderRoute("/entries/gone")
    expect(await screen.findByRole("heading", { level: 1, name: "Entry not found" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Browse the gallery" }).getAttribute("href")).toBe(
      "/gallery",
    )
    // A 404 is an answer: it is not asked again.
    expect(asked).toEqual(["gone"])
  })

  it("casts a vote and shows the server's Votes and Score", async () => {
    signedInAs(aMember())
    entryAnswers([
      anEntryPage(
        { id: "e2", username: "grace", voteCount: 4, weightedScore: 6 },
        { contest: aContest({ status: "active" }) },
      ),
    ])
    let voted = 0
    server.use(
      http.post("*/api/submissions/e2/vote", () => {
        voted += 1
        return HttpResponse.json({ voteCount: 5, contest_id: "c1", weightedScore: 9 })
      }),
    )
    renderRoute("/entries/e2")
    await userEvent.click(await screen.findByRole("button", { name: "Vote for grace's entry" }))
    await waitFor(() => expect(valueOf("Votes")).toBe("5"))
    expect(valueOf("Score")).toBe("9")
    expect(voted).toBe(1)
    const button = screen.getByRole("button", { name: "Voted for grace's entry" })
    expect(button.getAttribute("aria-pressed")).toBe("true")
    expect(button.textContent).toContain("Voted")
  })
})
