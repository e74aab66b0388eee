import { act, configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { Entry, GalleryPage } from "../../api/types.ts"
import { anEntry, entries } from "../../entries/entry-fixtures.ts"
import { anEntryPage } from "../entry/entry-page-fixtures.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// Radix's Select asks for pointer capture, which jsdom lacks.
beforeAll(() => {
  // The first render loads the lazy route: give a busy machine more than the default second.
  configure({ asyncUtilTimeout: 5000 })
  if (!("hasPointerCapture" in Element.prototype)) {
    Object.assign(Element.prototype, {
      hasPointerCapture: () => false,
      setPointerCapture: () => {},
      releasePointerCapture: () => {},
    })
  }
})
afterEach(() => vi.restoreAllMocks())

/** Answers GET /api/gallery with `answer` and records every query it was asked. */
const galleryAnswers = (answer: (query: URLSearchParams) => GalleryPage | Response) => {
  const asked: URLSearchParams[] = []
  server.use(
    http.get("*/api/gallery", ({ request }) => {
      const query = new URL(request.url).searchParams
      asked.push(query)
      const page = answer(query)
      return page instanceof Response ? page : HttpResponse.json(page)
    }),
  )
  return asked
}

const onePage = (items: Entry[]): GalleryPage => ({ items, nextCursor: null })

const card = (artist: string) => screen.findByRole("article", { name: `${artist}'s entry` })

/** The number a card labels `label` ("Votes" or "Score"). */
const numberOn = (container: HTMLElement, label: "Votes" | "Score") =>
  within(container).getByText(label, { selector: "dt" }).nextElementSibling?.textContent

const refusal = (code: string, message: string) =>
  HttpResponse.json({ code, message }, { status: 403 })

describe("the gallery", () => {
  it("shows 'Loading submissions' until the entries arrive", async () => {
    signedInAs(null)
    let answer: (page: GalleryPage) => void = () => {}
    const waiting = new Promise<GalleryPage>((resolve) => (answer = resolve))
    server.use(http.get("*/api/gallery", async () => HttpResponse.json(await waiting)))
    renderRoute("/gallery")
    expect(await screen.findByRole("heading", { name: "Gallery" })).toBeTruthy()
    expect(await screen.findByText("Loading submissions")).toBeTruthy()
    answer(onePage(entries(1)))
    expect(await card("artist1")).toBeTruthy()
    expect(screen.queryByText("Loading submissions")).toBeNull()
  })

  it("says 'No submissions found' with a way to enter", async () => {
    signedInAs(null)
    galleryAnswers(() => onePage([]))
    renderRoute("/gallery")
    expect(await screen.findByText("No submissions found")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Be the first to submit!" }).getAttribute("href")).toBe(
      "/",
    )
  })

  it("shows an error with a retry, never sample data, and retries", async () => {
    signedInAs(null)
    let fail = true
    galleryAnswers(() =>
      fail
        ? HttpResponse.json({ code: "INTERNAL", message: "Database unavailable" }, { status: 500 })
        : onePage(entries(2)),
    )
    renderRoute("/gallery")
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("Failed to fetch submissions from API")).toBeTruthy()
    expect(within(alert).getByText("Database unavailable")).toBeTruthy()
    expect(screen.queryAllByRole("article")).toHaveLength(0)
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await card("artist2")).toBeTruthy()
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("loads the first row's images at once with high priority and the others lazily", async () => {
    signedInAs(null)
    galleryAnswers(() =>
      onePage(
        Array.from({ length: 6 }, (_, index) =>
          anEntry({ id: `e${index + 1}`, username: `artist${index + 1}` }),
        ),
      ),
    )
    renderRoute("/gallery")
    const imageOf = async (artist: string) =>
      within(await card(artist)).getByRole("img", { name: `${artist}'s entry` })
    // The widest grid's first row: four columns.
    for (const artist of ["artist1", "artist2", "artist3", "artist4"]) {
      const image = await imageOf(artist)
      expect(image.getAttribute("loading")).toBe("eager")
      expect(image.getAttribute("fetchpriority")).toBe("high")
    }
    for (const artist of ["artist5", "artist6"]) {
      const image = await imageOf(artist)
      expect(image.getAttribute("loading")).toBe("lazy")
      expect(image.getAttribute("fetchpriority")).toBeNull()
    }
  })

  it("shows each entry's image, votes, artist, date and Voted tag", async () => {
    signedInAs(null)
    galleryAnswers(() =>
      onePage([
        anEntry({
          id: "e1",
          username: "grace",
          voteCount: 12,
          weightedScore: 19.5,
          hasVoted: true,
        }),
        anEntry({
          id: "e2",
          username: "linus",
          voteCount: 1,
          weightedScore: 1,
          thumbnailUrl: null,
        }),
      ]),
    )
    renderRoute("/gallery")
    const grace = await card("grace")
    const image = within(grace).getByRole("img", { name: "grace's entry" })
    expect(image.getAttribute("src")).toBe("/images/entry/e1-thumb.webp")
    // The first row's: fetched at once and first (the page's LCP is among them).
    expect(image.getAttribute("loading")).toBe("eager")
    expect(image.getAttribute("width")).toBe("480")
    // Both renditions by width, and the grid's column width: two columns on a phone.
    expect(image.getAttribute("srcset")).toBe(
      "/images/entry/e1-thumb.webp 480w, /images/entry/e1.webp 1600w",
    )
    expect(image.getAttribute("sizes")).toContain("(min-width: 1280px) 258px")
    expect(image.getAttribute("sizes")).toMatch(/, calc\(50vw - 22px\)$/)
    expect(numberOn(grace, "Votes")).toBe("12")
    expect(numberOn(grace, "Score")).toBe("19.5")
    expect(within(grace).getByText("Nov 22, 2026")).toBeTruthy()
    expect(within(grace).getByText("Voted")).toBeTruthy()
    expect(
      within(grace)
        .getByRole("button", { name: "Vote for grace's entry" })
        .getAttribute("aria-pressed"),
    ).toBe("true")
    const linus = await card("linus")
    expect(within(linus).getByRole("img").getAttribute("src")).toBe("/images/entry/e1.webp")
    expect(within(linus).getByRole("img").getAttribute("srcset")).toBeNull()
    expect(numberOn(linus, "Votes")).toBe("1")
    expect(numberOn(linus, "Score")).toBe("1")
    expect(within(linus).queryByText("Voted")).toBeNull()
  })

  it("carries the ribbons of an entry that placed, in words, and none on the others", async () => {
    signedInAs(null)
    galleryAnswers(() =>
      onePage([
        anEntry({ id: "e1", username: "grace", placement: 1 }),
        anEntry({ id: "e2", username: "linus", placement: 3, peoplesChoice: true }),
        anEntry({ id: "e3", username: "ada", peoplesChoice: true }),
        anEntry({ id: "e4", username: "alan" }),
      ]),
    )
    renderRoute("/gallery")
    const ribbonsOn = async (artist: string) => {
      const awards = within(await card(artist)).queryByRole("list", { name: "Awards" })
      return awards === null
        ? []
        : within(awards)
            .getAllByRole("listitem")
            .map((ribbon) => ribbon.textContent)
    }
    expect(await ribbonsOn("grace")).toEqual(["1st place"])
    expect(await ribbonsOn("linus")).toEqual(["3rd place", "People's Choice"])
    expect(await ribbonsOn("ada")).toEqual(["People's Choice"])
    expect(await ribbonsOn("alan")).toEqual([])
  })

  it("asks for the chosen tab and order, in the visitor's time zone where the tab splits days", async () => {
    signedInAs(null)
    const asked = galleryAnswers(() => onePage(entries(1)))
    renderRoute("/gallery")
    await card("artist1")
    expect(asked.at(-1)?.get("tab")).toBe("all")
    expect(asked.at(-1)?.get("sort")).toBe("newest")
    // All is the same in every zone: no tz, so the server can answer it into the page.
    expect(asked.at(-1)?.has("tz")).toBe(false)

    await userEvent.click(screen.getByRole("tab", { name: "Today's Contest" }))
    await waitFor(() => expect(asked.at(-1)?.get("tab")).toBe("today"))
    expect(asked.at(-1)?.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)

    await userEvent.click(screen.getByRole("combobox", { name: "Sort by" }))
    await userEvent.click(await screen.findByRole("option", { name: "Top Rated" }))
    await waitFor(() => expect(asked.at(-1)?.get("sort")).toBe("top"))
    expect(asked.at(-1)?.get("tab")).toBe("today")
  })

  it("moves between the tabs with the arrow keys, Home and End, choosing each", async () => {
    signedInAs(null)
    const asked = galleryAnswers(() => onePage(entries(1)))
    renderRoute("/gallery")
    await card("artist1")
    const all = screen.getByRole("tab", { name: "All Submissions" })
    const today = screen.getByRole("tab", { name: "Today's Contest" })
    const past = screen.getByRole("tab", { name: "Past Contests" })
    // Only the chosen tab is in the tab order; its panel is labelled by it.
    expect([all, today, past].map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(all.id)

    all.focus()
    await userEvent.keyboard("{ArrowRight}")
    expect(document.activeElement).toBe(today)
    expect(today.getAttribute("aria-selected")).toBe("true")
    await waitFor(() => expect(asked.at(-1)?.get("tab")).toBe("today"))
    await userEvent.keyboard("{End}")
    expect(document.activeElement).toBe(past)
    await waitFor(() => expect(asked.at(-1)?.get("tab")).toBe("past"))
    // The arrows go round.
    await userEvent.keyboard("{ArrowRight}")
    expect(document.activeElement).toBe(all)
    await userEvent.keyboard("{ArrowLeft}{Home}")
    expect(document.activeElement).toBe(all)
    expect(all.getAttribute("aria-selected")).toBe("true")
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(all.id)
  })

  it("keeps the random order's seed for the next page", async () => {
    signedInAs(null)
    const asked = galleryAnswers((query) =>
      query.get("sort") !== "random"
        ? onePage(entries(1))
        : query.get("cursor") === null
          ? { items: entries(2), nextCursor: "page-2", seed: "s33d" }
          : { items: entries(2, 3), nextCursor: null, seed: "s33d" },
    )
    renderRoute("/gallery")
    await card("artist1")
    await userEvent.click(screen.getByRole("combobox", { name: "Sort by" }))
    await userEvent.click(await screen.findByRole("option", { name: "Random" }))
    await card("artist2")
    const random = () => asked.filter((query) => query.get("sort") === "random")
    expect(random()[0]?.get("seed")).toBeNull()
    await userEvent.click(screen.getByRole("button", { name: "Load more" }))
    expect(await card("artist4")).toBeTruthy()
    const second = random().filter((query) => query.get("cursor") === "page-2")
    expect(second).toHaveLength(1)
    expect(second[0]?.get("seed")).toBe("s33d")
    expect(screen.getAllByRole("article")).toHaveLength(4)
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })
})

describe("voting in the gallery", () => {
  const votes = (answer: () => Response) => {
    const sent: string[] = []
    server.use(
      http.post("*/api/submissions/:id/vote", ({ params }) => {
        sent.push(String(params.id))
        return answer()
      }),
    )
    return sent
  }

  it("asks a visitor to sign in, and sends nothing", async () => {
    signedInAs(null)
    galleryAnswers(() => onePage(entries(1)))
    const sent = votes(() => HttpResponse.json({}))
    renderRoute("/gallery")
    await userEvent.click(
      within(await card("artist1")).getByRole("button", { name: "Vote for artist1's entry" }),
    )
    expect(await screen.findByText("Authentication Required")).toBeTruthy()
    expect(screen.getByText("Please sign in to vote for submissions.")).toBeTruthy()
    expect(sent).toEqual([])
  })

  it("counts a member's vote with the server's count and tags the card Voted", async () => {
    signedInAs(aMember())
    galleryAnswers(() =>
      onePage([anEntry({ id: "e1", username: "grace", voteCount: 4, weightedScore: 6 })]),
    )
    const sent = votes(() =>
      HttpResponse.json({ voteCount: 9, contest_id: "c1", weightedScore: 10.5, hasVoted: true }),
    )
    renderRoute("/gallery")
    const grace = await card("grace")
    const heart = within(grace).getByRole("button", { name: "Vote for grace's entry" })
    expect(heart.getAttribute("aria-pressed")).toBe("false")
    await userEvent.click(heart)
    expect(await screen.findByText("Vote Recorded")).toBeTruthy()
    expect(screen.getByText("Your vote has been counted!")).toBeTruthy()
    expect(sent).toEqual(["e1"])
    expect(numberOn(grace, "Votes")).toBe("9")
    expect(numberOn(grace, "Score")).toBe("10.5")
    expect(within(grace).getByText("Voted")).toBeTruthy()
    expect(heart.getAttribute("aria-pressed")).toBe("true")
    expect(heart.getAttribute("aria-disabled")).toBe("true")
  })

  it("says voting is closed after the contest ended", async () => {
    signedInAs(aMember())
    galleryAnswers(() => onePage([anEntry({ username: "grace", voteCount: 4 })]))
    votes(() => refusal("VOTING_CLOSED", "This contest has ended. Voting is no longer permitted."))
    renderRoute("/gallery")
    const grace = await card("grace")
    await userEvent.click(within(grace).getByRole("button", { name: "Vote for grace's entry" }))
    expect(await screen.findByText("Voting Closed")).toBeTruthy()
    expect(screen.getByText("This contest has ended. Voting is no longer permitted.")).toBeTruthy()
    expect(numberOn(grace, "Votes")).toBe("4")
    expect(within(grace).queryByText("Voted")).toBeNull()
  })

  it("treats a permanent vote as cast", async () => {
    signedInAs(aMember())
    galleryAnswers(() => onePage([anEntry({ username: "grace" })]))
    votes(() => refusal("VOTE_PERMANENT", "You have already voted for this submission."))
    renderRoute("/gallery")
    const grace = await card("grace")
    await userEvent.click(within(grace).getByRole("button", { name: "Vote for grace's entry" }))
    expect(await screen.findByText("Vote Permanent")).toBeTruthy()
    expect(screen.getByText("Votes cannot be removed once cast.")).toBeTruthy()
    expect(within(grace).getByText("Voted")).toBeTruthy()
  })

  it("shows the server's message for one's own entry, and a default for other failures", async () => {
    signedInAs(aMember())
    galleryAnswers(() => onePage(entries(2)))
    let answer = () => refusal("SELF_VOTE", "You cannot vote for your own entry.")
    votes(() => answer())
    renderRoute("/gallery")
    await userEvent.click(
      within(await card("artist1")).getByRole("button", { name: "Vote for artist1's entry" }),
    )
    expect(await screen.findByText("You cannot vote for your own entry.")).toBeTruthy()
    answer = () => new HttpResponse(null, { status: 502 })
    await userEvent.click(
      within(await card("artist2")).getByRole("button", { name: "Vote for artist2's entry" }),
    )
    expect(await screen.findByText("Voting Failed")).toBeTruthy()
    expect(
      screen.getByText("There was an error processing your vote. Please try again."),
    ).toBeTruthy()
  })

  it("never sends a second vote: 'Vote Already Counted'", async () => {
    signedInAs(aMember())
    galleryAnswers(() => onePage([anEntry({ username: "grace", hasVoted: true })]))
    const sent = votes(() => HttpResponse.json({}))
    renderRoute("/gallery")
    await userEvent.click(
      within(await card("grace")).getByRole("button", { name: "Vote for grace's entry" }),
    )
    expect(await screen.findByText("Vote Already Counted")).toBeTruthy()
    expect(screen.getByText("You have already voted for this submission.")).toBeTruthy()
    expect(sent).toEqual([])
  })
})

describe("sharing an entry", () => {
  const clipboard = () => {
    const writeText = vi.fn((_text: string) => Promise.resolve())
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true })
    return writeText
  }

  it("copies the entry's link and shows a check mark", async () => {
    signedInAs(null)
    galleryAnswers(() => onePage([anEntry({ id: "e1", username: "grace" })]))
    const writeText = clipboard()
    renderRoute("/gallery")
    const grace = await card("grace")
    await userEvent.click(within(grace).getByRole("button", { name: "Share grace's entry" }))
    await userEvent.click(await screen.findByRole("menuitem", { name: "Copy link" }))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/entries/e1`)
    expect(await within(grace).findByTestId("copied")).toBeTruthy()
    expect(within(grace).getByRole("status").textContent).toBe("Link copied")
    // The check mark goes again (after 2 s).
    await waitFor(() => expect(within(grace).queryByTestId("copied")).toBeNull(), {
      timeout: 5000,
    })
  })

  it("opens the share menu from the keyboard on its first item, and closes it back to its button", async () => {
    signedInAs(null)
    galleryAnswers(() => onePage([anEntry({ id: "e1", username: "grace" })]))
    renderRoute("/gallery")
    const grace = await card("grace")
    const button = within(grace).getByRole("button", { name: "Share grace's entry" })
    expect(button.getAttribute("aria-expanded")).toBe("false")
    button.focus()
    await userEvent.keyboard("{Enter}")
    const copy = await screen.findByRole("menuitem", { name: "Copy link" })
    await waitFor(() => expect(document.activeElement).toBe(copy))
    await userEvent.keyboard("{ArrowDown}")
    expect(document.activeElement).toBe(screen.getByRole("menuitem", { name: "Instagram" }))
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
    const trigger = within(grace).getByRole("button", { name: "Share grace's entry" })
    expect(document.activeElement).toBe(trigger)
    expect(trigger.getAttribute("aria-expanded")).toBe("false")
  })

  it("copies a caption with hashtags and opens Instagram in a new tab", async () => {
    signedInAs(null)
    galleryAnswers(() => onePage([anEntry({ id: "e1", username: "grace" })]))
    const writeText = clipboard()
    const open = vi.spyOn(window, "open").mockImplementation(() => null)
    renderRoute("/gallery")
    const grace = await card("grace")
    await userEvent.click(within(grace).getByRole("button", { name: "Share grace's entry" }))
    await userEvent.click(await screen.findByRole("menuitem", { name: "Instagram" }))
    expect(open).toHaveBeenCalledWith("https://www.instagram.com/", "_blank", "noopener,noreferrer")
    const caption = writeText.mock.calls[0]?.[0] ?? ""
    expect(caption).toContain(`You can vote for me at ${window.location.origin}/entries/e1`)
    expect(caption).toContain("#Colorday #ColoringContest")
    expect(await screen.findByText("Caption Copied")).toBeTruthy()
  })

  it("offers the device's share sheet when there is one", async () => {
    signedInAs(null)
    galleryAnswers(() => onePage([anEntry({ id: "e1", username: "grace" })]))
    const share = vi.fn((_data: ShareData) => Promise.resolve())
    Object.defineProperty(navigator, "share", { value: share, configurable: true })
    try {
      renderRoute("/gallery")
      const grace = await card("grace")
      await userEvent.click(within(grace).getByRole("button", { name: "Share grace's entry" }))
      await userEvent.click(await screen.findByRole("menuitem", { name: "Share…" }))
      expect(share).toHaveBeenCalledWith({
        title: "Vote for grace's artwork!",
        text: "You can vote for me at",
        url: `${window.location.origin}/entries/e1`,
      })
    } finally {
      Reflect.deleteProperty(navigator, "share")
    }
  })
})

describe("a shared link, /gallery?submission=", () => {
  it("reads pages until the entry shows up, scrolls to it and rings it for a while", async () => {
    signedInAs(null)
    const target = entries(1, 30)[0]!
    galleryAnswers((query) =>
      query.get("cursor") === null
        ? { items: entries(24), nextCursor: "page-2" }
        : { items: [target], nextCursor: null },
    )
    const scrolled = vi.spyOn(Element.prototype, "scrollIntoView")
    renderRoute(`/gallery?submission=${target.id}`)
    const linked = await card("artist30")
    const item = linked.closest("li")!
    await waitFor(() => expect(item.className).toContain("ring-4"))
    expect(scrolled).toHaveBeenCalledWith({ behavior: "smooth", block: "center" })
    expect(scrolled.mock.contexts[0]).toBe(item)
    expect((await card("artist1")).closest("li")!.className).not.toContain("ring-4")
    await waitFor(() => expect(item.className).not.toContain("ring-4"), { timeout: 6000 })
  })

  it("says so when the entry is not in the list", async () => {
    signedInAs(null)
    galleryAnswers(() => onePage(entries(2)))
    renderRoute("/gallery?submission=e0000000-0000-4000-8000-999999999999")
    expect(await screen.findByText("Submission Not Found")).toBeTruthy()
    await act(() => Promise.resolve())
    expect(document.querySelector("[data-highlighted]")).toBeNull()
  })
})

/**
 * A stand-in IntersectionObserver (jsdom has none): the test says when the end of the grid comes
 * near the screen.
 */
const watchTheEnd = () => {
  const watching = new Set<{
    readonly callback: IntersectionObserverCallback
    readonly targets: Element[]
  }>()
  class NearEnd {
    readonly targets: Element[] = []
    readonly root = null
    readonly rootMargin: string
    readonly thresholds = [0]
    readonly callback: IntersectionObserverCallback
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.callback = callback
      this.rootMargin = options?.rootMargin ?? "0px"
    }
    observe(target: Element) {
      this.targets.push(target)
      watching.add(this)
    }
    unobserve() {}
    disconnect() {
      watching.delete(this)
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal("IntersectionObserver", NearEnd)
  return {
    watching: () => watching.size,
    /** The end of the grid scrolls near the screen. */
    near: () => {
      act(() => {
        for (const observer of [...watching]) {
          observer.callback(
            observer.targets.map(
              (target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry,
            ),
            observer as unknown as IntersectionObserver,
          )
        }
      })
    },
  }
}

/** Two pages: 24 entries (artist1…24), then 2 (artist25, artist26). */
const twoPages = (query: URLSearchParams): GalleryPage =>
  query.get("cursor") === null
    ? { items: entries(24), nextCursor: "page-2" }
    : { items: entries(2, 25), nextCursor: null }

const askedFor = (asked: URLSearchParams[], cursor: string | null) =>
  asked.filter((query) => query.get("cursor") === cursor).length

describe("paging the gallery", () => {
  afterEach(() => vi.unstubAllGlobals())

  it("loads the next page when the end of the grid comes near, and stops at the last", async () => {
    signedInAs(null)
    const end = watchTheEnd()
    const asked = galleryAnswers(twoPages)
    renderRoute("/gallery")
    await card("artist24")
    // Read ahead once page 1 is shown, but not shown before the visitor scrolls to it.
    await waitFor(() => expect(askedFor(asked, "page-2")).toBe(1))
    await act(() => Promise.resolve())
    expect(screen.queryByRole("article", { name: "artist25's entry" })).toBeNull()
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
    end.near()
    expect(await card("artist25")).toBeTruthy()
    expect(screen.getAllByRole("article")).toHaveLength(26)
    // The page read ahead is the one shown: asked for once.
    expect(askedFor(asked, "page-2")).toBe(1)
    await waitFor(() => expect(end.watching()).toBe(0))
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })

  it("asks for a page once, however often the end comes near while it is on its way", async () => {
    signedInAs(null)
    const end = watchTheEnd()
    let send: () => void = () => {}
    const held = new Promise<void>((resolve) => (send = resolve))
    const asked: URLSearchParams[] = []
    server.use(
      http.get("*/api/gallery", async ({ request }) => {
        const query = new URL(request.url).searchParams
        asked.push(query)
        if (query.get("cursor") !== null) await held
        return HttpResponse.json(twoPages(query))
      }),
    )
    renderRoute("/gallery")
    await card("artist24")
    await waitFor(() => expect(askedFor(asked, "page-2")).toBe(1))
    end.near()
    end.near()
    expect(await screen.findByText("Loading more…")).toBeTruthy()
    end.near()
    send()
    expect(await card("artist26")).toBeTruthy()
    expect(askedFor(asked, "page-2")).toBe(1)
    expect(askedFor(asked, null)).toBe(1)
  })

  it("offers 'Load more' where the browser cannot watch the end of the grid", async () => {
    signedInAs(null)
    vi.stubGlobal("IntersectionObserver", undefined)
    const asked = galleryAnswers(twoPages)
    renderRoute("/gallery")
    await card("artist24")
    expect(screen.queryByRole("article", { name: "artist25's entry" })).toBeNull()
    await userEvent.click(screen.getByRole("button", { name: "Load more" }))
    expect(await card("artist26")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
    expect(askedFor(asked, "page-2")).toBe(1)
  })

  it("says why a page failed, keeps the loaded ones and offers 'Load more' to try again", async () => {
    signedInAs(null)
    const end = watchTheEnd()
    let fail = true
    galleryAnswers((query) =>
      fail && query.get("cursor") !== null
        ? HttpResponse.json({ code: "INTERNAL", message: "Database unavailable" }, { status: 500 })
        : twoPages(query),
    )
    renderRoute("/gallery")
    await card("artist24")
    end.near()
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("Database unavailable")).toBeTruthy()
    expect(screen.getAllByRole("article")).toHaveLength(24)
    // No automatic retries after a failure: the visitor asks again.
    expect(end.watching()).toBe(0)
    fail = false
    await userEvent.click(screen.getByRole("button", { name: "Load more" }))
    expect(await card("artist26")).toBeTruthy()
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("comes back from an entry's page to the same list and loaded pages, without reading them again", async () => {
    signedInAs(null)
    const end = watchTheEnd()
    const asked = galleryAnswers(twoPages)
    const target = entries(1, 25)[0]!
    server.use(http.get("*/api/entries/:id", () => HttpResponse.json(anEntryPage(target))))
    const { router } = renderRoute("/gallery")
    await card("artist24")
    await userEvent.click(screen.getByRole("combobox", { name: "Sort by" }))
    await userEvent.click(await screen.findByRole("option", { name: "Top Rated" }))
    await waitFor(() => expect(asked.at(-1)?.get("sort")).toBe("top"))
    expect(router.state.location.search).toBe("?sort=top")
    await card("artist24")
    end.near()
    await card("artist25")
    const read = asked.length

    await act(() => router.navigate(`/entries/${target.id}`))
    expect(await screen.findByRole("heading", { name: /artist25/ })).toBeTruthy()
    await act(() => router.navigate(-1))
    expect(await card("artist26")).toBeTruthy()
    expect(screen.getAllByRole("article")).toHaveLength(26)
    expect(screen.getByRole("combobox", { name: "Sort by" }).textContent).toContain("Top Rated")
    expect(asked.length).toBe(read)
  })

  it("keeps the chosen order behind an entry opened over the gallery", async () => {
    signedInAs(null)
    watchTheEnd()
    const asked = galleryAnswers(twoPages)
    const first = entries(1)[0]!
    server.use(http.get("*/api/entries/:id", () => HttpResponse.json(anEntryPage(first))))
    const { router } = renderRoute("/gallery?sort=top")
    await userEvent.click(
      within(await card("artist1")).getByRole("link", { name: "Open artist1's entry" }),
    )
    expect(router.state.location.pathname).toBe(`/entries/${first.id}`)
    expect(await screen.findByRole("dialog")).toBeTruthy()
    await act(() => Promise.resolve())
    expect(asked.map((query) => query.get("sort"))).not.toContain("newest")
    expect(screen.getByRole("combobox", { name: "Sort by", hidden: true }).textContent).toContain(
      "Top Rated",
    )
  })
})
