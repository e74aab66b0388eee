import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import type { Artist, ArtistEntries, PublicArtist } from "../../api/types.ts"
import { entries } from "../../entries/entry-fixtures.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { anEntryPage } from "../entry/entry-page-fixtures.ts"
import { badgeAnswer } from "../../test/answers.ts"

beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 })
})

const anArtist = (overrides: Partial<PublicArtist> = {}): PublicArtist => ({
  username: "grace",
  private: false,
  isOwner: false,
  avatarUrl: "/images/avatar/grace.webp",
  bio: "I color owls at night.",
  location: "Lisbon",
  website: "grace.example",
  memberSince: "2026-03-14T10:00:00.000Z",
  badges: [badgeAnswer({ ...BADGES["first-win"], earnedAt: "2026-04-01T00:00:00.000Z" })],
  stats: { wins: 3, entries: 27, votesReceived: 1204, score: 1800.5 },
  showsHistory: true,
  ...overrides,
})

/** GET /api/artists/:username answers `artist` (404 for any other name); its entries by cursor. */
const artistAnswers = (artist: Artist, pages: ReadonlyArray<ArtistEntries> = []) => {
  const asked = { artist: 0, entries: [] as Array<string | null> }
  server.use(
    http.get("*/api/artists/:username", ({ params }) => {
      asked.artist += 1
      return params.username === artist.username
        ? HttpResponse.json(artist)
        : HttpResponse.json({ code: "NOT_FOUND", message: "Artist not found" }, { status: 404 })
    }),
    http.get("*/api/artists/:username/entries", ({ request }) => {
      const cursor = new URL(request.url).searchParams.get("cursor")
      asked.entries.push(cursor)
      const page = cursor === null ? pages[0] : pages[Number(cursor)]
      return page
        ? HttpResponse.json(page)
        : HttpResponse.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 })
    }),
  )
  return asked
}

const HISTORY = entries(5).map((entry) => ({
  ...entry,
  username: "grace",
  artistUsername: "grace",
}))

describe("an artist's page, /artists/:username", () => {
  it("shows avatar, name, bio, location, website, join date, badges, wins and counts", async () => {
    signedInAs(null)
    artistAnswers(anArtist(), [{ items: [], nextCursor: null }])
    renderRoute("/artists/grace")
    expect(await screen.findByRole("heading", { level: 1, name: "grace" })).toBeTruthy()
    expect(screen.getByText("I color owls at night.")).toBeTruthy()
    expect(screen.getByText("Lisbon")).toBeTruthy()
    const website = screen.getByRole("link", { name: "grace.example" })
    expect(website.getAttribute("href")).toBe("https://grace.example")
    expect(website.getAttribute("rel")).toContain("nofollow")
    expect(screen.getByText("Member since March 2026")).toBeTruthy()
    const badges = screen.getByRole("heading", { name: "Badges" }).closest("section")
    expect(badges && within(badges).getByText(BADGES["first-win"].name)).toBeTruthy()
    const value = (term: string) =>
      screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent
    expect(value("Wins")).toBe("3")
    expect(value("Entries")).toBe("27")
    expect(value("Votes received")).toBe("1,204")
    expect(value("Score")).toBe("1,800.5")
  })

  it("lists the submission history, loads more by cursor, and opens an entry in the lightbox", async () => {
    signedInAs(null)
    const asked = artistAnswers(anArtist(), [
      { items: HISTORY.slice(0, 3), nextCursor: "1" },
      { items: HISTORY.slice(3), nextCursor: null },
    ])
    server.use(
      http.get("*/api/entries/:id", ({ params }) =>
        HttpResponse.json(
          anEntryPage({ ...HISTORY.find((entry) => entry.id === params.id), username: "grace" }),
        ),
      ),
    )
    const { router } = renderRoute("/artists/grace")
    const history = (await screen.findByRole("heading", { name: "Submissions" })).closest("section")
    if (!history) throw new Error("no history section")
    await waitFor(() => expect(within(history).getAllByRole("listitem")).toHaveLength(3))
    await userEvent.click(within(history).getByRole("button", { name: "Load more" }))
    await waitFor(() => expect(within(history).getAllByRole("listitem")).toHaveLength(5))
    expect(asked.entries).toEqual([null, "1"])
    expect(within(history).queryByRole("button", { name: "Load more" })).toBeNull()

    const links = within(history).getAllByRole("link")
    await userEvent.click(links[1] as HTMLElement)
    const dialog = await screen.findByRole("dialog")
    expect(router.state.location.pathname).toBe(`/entries/${HISTORY[1]?.id}`)
    expect(await within(dialog).findByRole("heading", { name: "grace's entry" })).toBeTruthy()
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(router.state.location.pathname).toBe("/artists/grace"))
  })

  it("leaves out the join date, the badges and the history when the artist hides them", async () => {
    signedInAs(null)
    const asked = artistAnswers(anArtist({ memberSince: null, badges: null, showsHistory: false }))
    renderRoute("/artists/grace")
    expect(await screen.findByRole("heading", { level: 1, name: "grace" })).toBeTruthy()
    expect(screen.queryByText(/Member since/)).toBeNull()
    expect(screen.queryByRole("heading", { name: "Badges" })).toBeNull()
    expect(screen.queryByRole("heading", { name: "Submissions" })).toBeNull()
    // Wins and counts stay.
    expect(screen.getByText("Wins", { selector: "dt" })).toBeTruthy()
    // The hidden history is not even asked for.
    expect(asked.entries).toEqual([])
  })

  it("shows each hidden part alone when only it is hidden", async () => {
    signedInAs(null)
    artistAnswers(anArtist({ badges: null }), [{ items: HISTORY.slice(0, 1), nextCursor: null }])
    renderRoute("/artists/grace")
    expect(await screen.findByRole("heading", { name: "Submissions" })).toBeTruthy()
    expect(screen.getByText("Member since March 2026")).toBeTruthy()
    expect(screen.queryByRole("heading", { name: "Badges" })).toBeNull()
  })

  it("says only 'This artist keeps their profile private' for a private profile", async () => {
    signedInAs(null)
    const asked = artistAnswers({ username: "grace", private: true, isOwner: false })
    renderRoute("/artists/grace")
    expect(await screen.findByText("This artist keeps their profile private")).toBeTruthy()
    expect(screen.getByRole("heading", { level: 1, name: "grace" })).toBeTruthy()
    expect(screen.queryByText("Wins")).toBeNull()
    expect(screen.queryByRole("img", { name: "grace's avatar" })).toBeNull()
    expect(asked.entries).toEqual([])
  })

  it("tells the owner their private page is seen by them alone", async () => {
    signedInAs(null)
    artistAnswers(anArtist({ private: true, isOwner: true, showsHistory: false }))
    renderRoute("/artists/grace")
    expect(await screen.findByText("Your profile is private: only you see this page.")).toBeTruthy()
    expect(screen.getByRole("heading", { level: 1, name: "grace" })).toBeTruthy()
  })

  it("says 'Artist not found' for an unknown name", async () => {
    signedInAs(null)
    artistAnswers(anArtist())
    renderRoute("/artists/nobody")
    expect(await screen.findByRole("heading", { level: 1, name: "Artist not found" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Browse the gallery" }).getAttribute("href")).toBe(
      "/gallery",
    )
  })
})
