import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import type { Entry } from "../../api/types.ts"
import { entries } from "../../entries/entry-fixtures.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { anEntryPage } from "./entry-page-fixtures.ts"

beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 })
})

const GRID = entries(3)
const idOf = (n: number): string => GRID[n - 1]?.id ?? ""

/** The gallery shows GRID; GET /api/entries/:id answers each of them. */
const galleryWith = (items: ReadonlyArray<Entry>) => {
  const asked: string[] = []
  server.use(
    http.get("*/api/gallery", () => HttpResponse.json({ items, nextCursor: null })),
    http.get("*/api/entries/:id", ({ params }) => {
      asked.push(String(params.id))
      const entry = items.find((each) => each.id === params.id)
      return entry
        ? HttpResponse.json(anEntryPage(entry))
        : HttpResponse.json({ code: "NOT_FOUND", message: "Entry not found" }, { status: 404 })
    }),
  )
  return asked
}

const lightboxTitled = async (name: string) => {
  const dialog = await screen.findByRole("dialog")
  await within(dialog).findByRole("heading", { name })
  return dialog
}

/** Opens the gallery and its second card's entry in the lightbox. */
const openSecond = async () => {
  signedInAs(null)
  const asked = galleryWith(GRID)
  const rendered = renderRoute("/gallery")
  const open = await screen.findByRole("link", { name: "Open artist2's entry" })
  const card = screen.getByRole("article", { name: "artist2's entry" })
  await userEvent.click(open)
  const dialog = await lightboxTitled("artist2's entry")
  return { ...rendered, card, dialog, asked }
}

describe("the lightbox over a grid", () => {
  it("opens a card's entry over the gallery at /entries/:id, the grid still there behind it", async () => {
    const { router, card, dialog, asked } = await openSecond()
    expect(router.state.location.pathname).toBe(`/entries/${idOf(2)}`)
    // Its neighbours in the grid are read ahead.
    await waitFor(() => expect([...asked].sort()).toEqual([idOf(1), idOf(2), idOf(3)]))
    expect(within(dialog).getByRole("link", { name: "artist2" }).getAttribute("href")).toBe(
      "/artists/artist2",
    )
    expect(within(dialog).getByText("Votes", { selector: "dt" })).toBeTruthy()
    expect(within(dialog).getByText("Score", { selector: "dt" })).toBeTruthy()
    // The very same card element: the grid was not unmounted, so it keeps its scroll and state.
    expect(card.isConnected).toBe(true)
    expect(screen.queryByRole("heading", { level: 1, name: "artist2's entry" })).toBeNull()
  })

  it("walks the grid's list with → and ←, replacing the URL each time", async () => {
    const { router } = await openSecond()
    const before = router.state.historyAction
    await userEvent.keyboard("{ArrowRight}")
    await lightboxTitled("artist3's entry")
    expect(router.state.location.pathname).toBe(`/entries/${idOf(3)}`)
    expect(router.state.historyAction).toBe("REPLACE")
    // The last card has no next one.
    expect(screen.getByRole("button", { name: "Next entry" }).getAttribute("aria-disabled")).toBe(
      "true",
    )
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}")
    await lightboxTitled("artist1's entry")
    expect(router.state.location.pathname).toBe(`/entries/${idOf(1)}`)
    // It stays focusable (aria-disabled): the focus on it keeps the arrow keys working.
    const previous = screen.getByRole("button", { name: "Previous entry" })
    expect(previous.getAttribute("aria-disabled")).toBe("true")
    expect(previous.hasAttribute("disabled")).toBe(false)
    expect(before).toBe("PUSH")
  })

  it("closes with Esc back to the gallery, the same grid in place", async () => {
    const { router, card } = await openSecond()
    await userEvent.keyboard("{ArrowRight}")
    await lightboxTitled("artist3's entry")
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(router.state.location.pathname).toBe("/gallery"))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(card.isConnected).toBe(true)
    expect(screen.getByRole("article", { name: "artist2's entry" })).toBe(card)
  })

  it("moves to the next entry on a swipe to the left", async () => {
    const { router, dialog } = await openSecond()
    const area = within(dialog).getByTestId("lightbox-swipe")
    fireEvent.pointerDown(area, { clientX: 300, clientY: 200, pointerType: "touch" })
    fireEvent.pointerUp(area, { clientX: 120, clientY: 210, pointerType: "touch" })
    await lightboxTitled("artist3's entry")
    expect(router.state.location.pathname).toBe(`/entries/${idOf(3)}`)
    // A short or mostly vertical move is not a swipe.
    fireEvent.pointerDown(area, { clientX: 300, clientY: 200 })
    fireEvent.pointerUp(area, { clientX: 280, clientY: 400 })
    expect(router.state.location.pathname).toBe(`/entries/${idOf(3)}`)
  })

  it("lands on the full page when there is no grid to show it over (a reload)", async () => {
    signedInAs(null)
    galleryWith(GRID)
    // A reload keeps the history entry's state, but there is no grid behind it any more.
    renderRoute({
      pathname: `/entries/${idOf(2)}`,
      state: { lightbox: { ids: GRID.map((e) => e.id) } },
    })
    expect(await screen.findByRole("heading", { level: 1, name: "artist2's entry" })).toBeTruthy()
    expect(screen.queryByRole("dialog")).toBeNull()
  })

  it("opens from the profile's own submissions and closes back to them", async () => {
    const member = aMember()
    signedInAs(member)
    const own = entries(2).map((entry, at) => ({
      ...entry,
      username: "ada",
      artistUsername: "ada",
      contestName: at === 0 ? "Autumn Leaves" : "Koi Pond",
    }))
    galleryWith(own)
    server.use(
      http.get("*/api/users/user-stats/user", () =>
        HttpResponse.json({
          totalSubmissions: 2,
          totalVotes: 3,
          winCount: 0,
          contestsParticipated: 2,
        }),
      ),
      http.get(`*/api/submissions/user/${member.id}`, () => HttpResponse.json(own)),
    )
    const { router } = renderRoute("/profile")
    const link = await screen.findByRole("link", { name: "View entry: Koi Pond" })
    await userEvent.click(link)
    await lightboxTitled("ada's entry")
    expect(router.state.location.pathname).toBe(`/entries/${own[1]?.id}`)
    await userEvent.keyboard("{ArrowLeft}")
    await waitFor(() => expect(router.state.location.pathname).toBe(`/entries/${own[0]?.id}`))
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"))
    expect(link.isConnected).toBe(true)
  })
})
