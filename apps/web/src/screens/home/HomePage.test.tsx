import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it, vi } from "vitest"
import type { Contest, Entry, GalleryPage } from "../../api/types.ts"
import { anEntry } from "../../entries/entry-fixtures.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { anArchiveItem, aPastContest, aResultRow } from "../contests/result-fixtures.ts"
import { HOUR, aContest, contestCard, homeAnswers, prepareHomePage } from "./home-page-fixtures.ts"

/* The home page shown: the contest, its line art, the newest entries, the last winner. Entering
 * the contest and the query flags are in HomePage.submit.test.tsx. */

prepareHomePage()

describe("the home page's contest", () => {
  it("shows the loading state until the contest arrives", async () => {
    signedInAs(null)
    let answer: (contest: Contest) => void = () => {}
    const waiting = new Promise<Contest>((resolve) => (answer = resolve))
    homeAnswers()
    server.use(
      http.get("*/api/challenges/current-active", async () => HttpResponse.json(await waiting)),
    )
    renderRoute("/")
    expect(await screen.findByRole("heading", { name: "Daily Coloring Challenge" })).toBeTruthy()
    expect(await screen.findByText("Loading today's contest…")).toBeTruthy()
    answer(aContest())
    expect(await contestCard()).toBeTruthy()
  })

  it("says why the contest failed to load, and Reload Page asks again", async () => {
    signedInAs(null)
    let fail = true
    homeAnswers({
      contest: () =>
        fail
          ? HttpResponse.json({ code: "INTERNAL", message: "Database down" }, { status: 500 })
          : aContest(),
    })
    renderRoute("/")
    expect(
      await screen.findByText("Failed to load the current contest: Database down"),
    ).toBeTruthy()
    fail = false
    await userEvent.click(screen.getByRole("button", { name: "Reload Page" }))
    expect(await contestCard()).toBeTruthy()
    expect(screen.queryByText(/Failed to load the current contest/)).toBeNull()
  })

  it("shows 'No Active Contest' when there is none", async () => {
    signedInAs(null)
    homeAnswers({ contest: null })
    renderRoute("/")
    expect(await screen.findByRole("heading", { name: "No Active Contest" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Submit Your Artwork" })).toBeNull()
  })

  it("shows an upcoming contest as a placeholder counting down to its start", async () => {
    signedInAs(aMember())
    homeAnswers({
      contest: aContest({
        status: "scheduled",
        startsAt: new Date(Date.now() + 50 * HOUR).toISOString(),
        endsAt: new Date(Date.now() + 74 * HOUR).toISOString(),
      }),
    })
    renderRoute("/")
    const card = await contestCard()
    expect(within(card).getByText("Starts in")).toBeTruthy()
    expect(within(card).getByRole("timer").textContent).toMatch(/^2d 01:59:\d\d$/)
    expect(within(card).queryByRole("button", { name: "Submit Your Artwork" })).toBeNull()
    expect(within(card).queryByRole("img")).toBeNull()
  })

  it("shows the open contest's card with a countdown that ticks", async () => {
    signedInAs(null)
    const { views } = homeAnswers()
    renderRoute("/")
    const card = await contestCard()
    const image = within(card).getByRole("img", { name: "Line art for “Owl at Midnight”" })
    expect(image.getAttribute("loading")).toBeNull()
    expect(image.getAttribute("width")).toBe("800")
    expect(image.getAttribute("height")).toBe("800")
    expect(within(card).getByText("A wise owl on a moonlit branch.")).toBeTruthy()
    expect(within(card).getByText("Remaining")).toBeTruthy()
    const timer = within(card).getByRole("timer")
    expect(timer.textContent).toMatch(/^04:59:\d\d$/)
    const first = timer.textContent
    await waitFor(() => expect(timer.textContent).not.toBe(first), { timeout: 3000 })
    expect(within(card).getByRole("heading", { name: "How to Participate" })).toBeTruthy()
    expect(within(card).getAllByRole("listitem")).toHaveLength(5)
    expect(within(card).getByRole("button", { name: "Download" })).toBeTruthy()
    expect(within(card).getByRole("button", { name: "Submit Your Artwork" })).toBeTruthy()
    await waitFor(() => expect(views).toEqual([aContest().id]))
  })

  it("counts one contest view per browser session", async () => {
    signedInAs(null)
    const { views } = homeAnswers()
    const { router } = renderRoute("/")
    await contestCard()
    await waitFor(() => expect(views).toHaveLength(1))
    await router.navigate("/gallery")
    await router.navigate("/")
    await contestCard()
    expect(views).toHaveLength(1)
  })

  it("says when the contest has ended, without a submit button", async () => {
    signedInAs(aMember())
    homeAnswers({
      contest: aContest({
        status: "ended",
        startsAt: new Date(Date.now() - 30 * HOUR).toISOString(),
        endsAt: new Date(Date.now() - 6 * HOUR).toISOString(),
      }),
    })
    renderRoute("/")
    const card = await contestCard()
    expect(within(card).getByText("Ended")).toBeTruthy()
    expect(within(card).getByRole("timer").textContent).toBe("00:00:00")
    expect(within(card).getByText(/This contest has ended/)).toBeTruthy()
    expect(within(card).queryByRole("button", { name: "Submit Your Artwork" })).toBeNull()
  })
})

describe("downloading the line art", () => {
  it("saves the chosen file and says 'Download Complete'", async () => {
    signedInAs(null)
    homeAnswers()
    const asked: string[] = []
    server.use(
      http.get("*/api/challenges/:id/line-art.pdf", ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("paper") ?? "")
        return new HttpResponse(new Uint8Array([37, 80, 68, 70]), {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="colorday-owl-at-midnight-a4.pdf"',
          },
        })
      }),
    )
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(`${this.download} ${this.href}`)
    })
    renderRoute("/")
    await userEvent.click(within(await contestCard()).getByRole("button", { name: "Download" }))
    const dialog = await screen.findByRole("dialog", { name: "Download Line Art" })
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole("radio", { name: "Print-ready PDF, A4" }))
    await userEvent.click(within(dialog).getByRole("button", { name: "Download" }))
    expect(await screen.findByText("Download Complete")).toBeTruthy()
    expect(asked).toEqual(["a4"])
    expect(clicked).toEqual(["colorday-owl-at-midnight-a4.pdf blob:preview"])
    expect(screen.queryByRole("dialog", { name: "Download Line Art" })).toBeNull()
  })

  it("says 'Download Failed' when the file cannot be had", async () => {
    signedInAs(null)
    homeAnswers()
    server.use(
      http.get("*/api/challenges/:id/line-art.png", () =>
        HttpResponse.json(
          { code: "NOT_FOUND", message: "This contest has no line art yet" },
          { status: 404 },
        ),
      ),
    )
    renderRoute("/")
    await userEvent.click(within(await contestCard()).getByRole("button", { name: "Download" }))
    const dialog = await screen.findByRole("dialog", { name: "Download Line Art" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Download" }))
    expect(await screen.findByText("Download Failed")).toBeTruthy()
    expect(screen.getByText("This contest has no line art yet")).toBeTruthy()
  })
})

describe("the rest of the home page", () => {
  it("shows the newest entries, each opening its entry, with a link to the gallery", async () => {
    signedInAs(null)
    const recent: Entry[] = [
      anEntry({ id: "e1", username: "grace", voteCount: 1, weightedScore: 3 }),
      anEntry({ id: "e2", username: "linus", placement: 2, peoplesChoice: true }),
    ]
    let asked: URLSearchParams | undefined
    homeAnswers()
    server.use(
      http.get("*/api/gallery", ({ request }) => {
        asked = new URL(request.url).searchParams
        return HttpResponse.json({ items: recent, nextCursor: null })
      }),
    )
    renderRoute("/")
    const section = await screen.findByRole("region", { name: "Recent Submissions" })
    const link = await within(section).findByRole("link", { name: /grace/ })
    expect(link.getAttribute("href")).toBe("/entries/e1")
    // Raw votes and the weighted score, each labelled; no ribbon for an entry that did not place.
    const number = (label: string) =>
      within(link).getByText(label, { selector: "dt" }).nextElementSibling?.textContent
    expect(number("Votes")).toBe("1")
    expect(number("Score")).toBe("3")
    expect(within(link).queryByRole("list", { name: "Awards" })).toBeNull()
    const placed = within(section).getByRole("link", { name: /linus/ })
    expect(
      within(within(placed).getByRole("list", { name: "Awards" }))
        .getAllByRole("listitem")
        .map((ribbon) => ribbon.textContent),
    ).toEqual(["2nd place", "People's Choice"])
    expect(within(link).getByRole("img", { name: "grace's entry" })).toBeTruthy()
    expect(within(section).getByRole("link", { name: "View All" }).getAttribute("href")).toBe(
      "/gallery",
    )
    expect(asked?.get("sort")).toBe("newest")
    expect(asked?.get("tab")).toBe("all")
    expect(asked?.get("limit")).toBe("8")
  })

  it("shows an empty and a failed list of recent entries, with a retry", async () => {
    signedInAs(null)
    let answer: () => Response | GalleryPage = () =>
      HttpResponse.json({ code: "INTERNAL", message: "Storage offline" }, { status: 500 })
    homeAnswers({ recent: () => answer() })
    renderRoute("/")
    const section = await screen.findByRole("region", { name: "Recent Submissions" })
    expect(await within(section).findByText("Storage offline")).toBeTruthy()
    answer = () => ({ items: [], nextCursor: null })
    await userEvent.click(within(section).getByRole("button", { name: "Try again" }))
    expect(await within(section).findByText("No submissions yet")).toBeTruthy()
  })

  it("has the features carousel, how it works and the closing links", async () => {
    signedInAs(null)
    homeAnswers()
    renderRoute("/")
    const features = await screen.findByRole("region", { name: "Platform Features" })
    for (const title of [
      "Daily Challenges",
      "Community Voting",
      "Win Prizes",
      "Timed Contests",
      "Gallery Showcase",
      "Artist Profiles",
    ]) {
      expect(within(features).getByRole("heading", { name: title })).toBeTruthy()
    }
    expect(within(features).getByRole("button", { name: "Previous features" })).toBeTruthy()
    expect(within(features).getByRole("button", { name: "Next features" })).toBeTruthy()
    const how = screen.getByRole("region", { name: "How It Works" })
    expect(
      within(how)
        .getAllByRole("listitem")
        .map((step) => step.querySelector("h3")?.textContent),
    ).toEqual(["Step 1: Download", "Step 2: Submit", "Step 3: Win"])
    // One rule, in the same words on the contest card and in How It Works.
    expect(within(how).getByText(/Win: the highest score \(weighted votes\)\./)).toBeTruthy()
    expect(
      within(await contestCard()).getByText("Win: the highest score (weighted votes)."),
    ).toBeTruthy()
    expect(screen.queryByText(/most votes|top-voted/)).toBeNull()
    expect(screen.getByRole("link", { name: "View Plans" }).getAttribute("href")).toBe("/pricing")
    expect(screen.getByRole("link", { name: "Learn More" }).getAttribute("href")).toBe("/about")
  })
})

describe("yesterday's winner", () => {
  it("shows the last announced contest's winner, its numbers and links", async () => {
    signedInAs(null)
    homeAnswers({
      latestWinner: anArchiveItem({
        contest: aPastContest({ id: "c-owl", title: "Owl at Dusk" }),
        winner: aResultRow(1, {
          entryId: "e-win",
          artistName: "grace",
          username: "grace",
          rawVotes: 19,
          score: 38,
        }),
      }),
    })
    renderRoute("/")
    const section = await screen.findByRole("region", { name: "Yesterday's winner" })
    expect(within(section).getByText(/won “Owl at Dusk”/)).toBeTruthy()
    expect(within(section).getByRole("link", { name: "grace" }).getAttribute("href")).toBe(
      "/artists/grace",
    )
    expect(
      within(section)
        .getByRole("img", { name: "grace's entry" })
        .closest("a")
        ?.getAttribute("href"),
    ).toBe("/entries/e-win")
    const number = (label: string) =>
      within(section).getByText(label, { selector: "dt" }).nextElementSibling?.textContent
    expect(number("Votes")).toBe("19")
    expect(number("Score")).toBe("38")
    expect(
      within(section)
        .getByRole("link", { name: "See the results of “Owl at Dusk”" })
        .getAttribute("href"),
    ).toBe("/contests/c-owl")
  })

  it("shows nothing while no contest is announced (204)", async () => {
    signedInAs(null)
    let asked = 0
    homeAnswers()
    server.use(
      http.get("*/api/challenges/latest-winner", () => {
        asked += 1
        return new HttpResponse(null, { status: 204 })
      }),
    )
    renderRoute("/")
    await screen.findByRole("region", { name: "Recent Submissions" })
    await waitFor(() => expect(asked).toBe(1))
    expect(screen.queryByRole("region", { name: "Yesterday's winner" })).toBeNull()
    expect(screen.queryByText("Yesterday's winner")).toBeNull()
  })
})
