import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import type { ContestArchive } from "../../api/types.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import {
  anArchive,
  anArchiveItem,
  archiveItems,
  aPastContest,
  aResultRow,
} from "./result-fixtures.ts"

beforeAll(() => {
  // The first render loads the lazy route: give a busy machine more than the default second.
  configure({ asyncUtilTimeout: 5000 })
})

/** Answers GET /api/challenges/archive and records each cursor it was asked for. */
const archiveAnswers = (answer: (cursor: string | null) => ContestArchive | Response) => {
  const cursors: Array<string | null> = []
  server.use(
    http.get("*/api/challenges/archive", ({ request }) => {
      const cursor = new URL(request.url).searchParams.get("cursor")
      cursors.push(cursor)
      const page = answer(cursor)
      return page instanceof Response ? page : HttpResponse.json(page)
    }),
  )
  return cursors
}

const card = (title: string) => screen.findByRole("article", { name: title })

/** The number a <dt> label ("Votes", "Score") stands for, inside `container`. */
const labelled = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: "dt" }).nextElementSibling?.textContent

describe("/contests, the archive", () => {
  it("shows a loading state until the archive arrives", async () => {
    signedInAs(null)
    let answer: (archive: ContestArchive) => void = () => {}
    const waiting = new Promise<ContestArchive>((resolve) => (answer = resolve))
    server.use(http.get("*/api/challenges/archive", async () => HttpResponse.json(await waiting)))
    renderRoute("/contests")
    expect(await screen.findByText("Loading past contests…")).toBeTruthy()
    answer(anArchive(archiveItems(1)))
    expect(await card("Contest 1")).toBeTruthy()
    expect(screen.queryByText("Loading past contests…")).toBeNull()
  })

  it("says so when no contest has ended yet", async () => {
    signedInAs(null)
    archiveAnswers(() => anArchive([]))
    renderRoute("/contests")
    expect(await screen.findByText("No past contests yet")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Join today's contest" }).getAttribute("href")).toBe(
      "/",
    )
  })

  it("shows the server's error with a retry, then the archive", async () => {
    signedInAs(null)
    let fail = true
    archiveAnswers(() =>
      fail
        ? HttpResponse.json({ code: "INTERNAL", message: "Database unavailable" }, { status: 500 })
        : anArchive(archiveItems(1)),
    )
    renderRoute("/contests")
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("Could not load the past contests")).toBeTruthy()
    expect(within(alert).getByText("Database unavailable")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await card("Contest 1")).toBeTruthy()
  })

  it("shows each past contest with its line art, winner, numbers and counts, newest first as sent", async () => {
    signedInAs(null)
    const announced = anArchiveItem({
      contest: aPastContest({ id: "c-announced", title: "Owl at Midnight" }),
      winner: aResultRow(1, {
        entryId: "e-win",
        artistName: "grace",
        username: "grace",
        rawVotes: 19,
        score: 38,
      }),
      counts: { entries: 12, voters: 30, votes: 95 },
    })
    const provisional = anArchiveItem({
      contest: aPastContest({ id: "c-provisional", title: "Koi Pond", status: "ended" }),
      status: "provisional",
      announcedAt: null,
      winner: null,
      counts: { entries: 1, voters: 1, votes: 1 },
    })
    archiveAnswers(() => anArchive([provisional, announced]))
    renderRoute("/contests")

    const koi = await card("Koi Pond")
    const owl = await card("Owl at Midnight")
    // The server's order (newest first) is kept.
    expect(koi.compareDocumentPosition(owl) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    expect(within(owl).getByRole("img", { name: "Line art for “Owl at Midnight”" })).toBeTruthy()
    expect(within(owl).getByRole("link", { name: "Owl at Midnight" }).getAttribute("href")).toBe(
      "/contests/c-announced",
    )
    const winnerImage = within(owl).getByRole("img", { name: "grace's entry" })
    expect(winnerImage.closest("a")?.getAttribute("href")).toBe("/entries/e-win")
    expect(within(owl).getByRole("link", { name: "grace" }).getAttribute("href")).toBe(
      "/artists/grace",
    )
    expect(labelled(owl, "Votes")).toBe("19")
    expect(labelled(owl, "Score")).toBe("38")
    expect(within(owl).getByText("12 entries · 30 voters · 95 votes")).toBeTruthy()

    expect(within(koi).getByText("Awaiting announcement")).toBeTruthy()
    expect(within(koi).queryByText("Votes")).toBeNull()
    expect(within(koi).getByText("1 entry · 1 voter · 1 vote")).toBeTruthy()
  })

  it("loads more contests with the next cursor until there are none", async () => {
    signedInAs(null)
    const cursors = archiveAnswers((cursor) =>
      cursor === "page-2" ? anArchive(archiveItems(2, 13)) : anArchive(archiveItems(12), "page-2"),
    )
    renderRoute("/contests")
    expect(await card("Contest 12")).toBeTruthy()
    expect(screen.queryByRole("article", { name: "Contest 13" })).toBeNull()
    await userEvent.click(screen.getByRole("button", { name: "Load more" }))
    expect(await card("Contest 14")).toBeTruthy()
    expect(screen.getByRole("article", { name: "Contest 1" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
    expect(cursors).toEqual([null, "page-2"])
  })

  it("keeps the loaded contests when loading more fails", async () => {
    signedInAs(null)
    archiveAnswers((cursor) =>
      cursor === "page-2"
        ? HttpResponse.json({ code: "INTERNAL", message: "Timed out" }, { status: 500 })
        : anArchive(archiveItems(2), "page-2"),
    )
    renderRoute("/contests")
    expect(await card("Contest 2")).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "Load more" }))
    expect(await screen.findByText("Timed out")).toBeTruthy()
    expect(screen.getByRole("article", { name: "Contest 1" })).toBeTruthy()
  })

  it("is linked from the header", async () => {
    signedInAs(null)
    archiveAnswers(() => anArchive([]))
    renderRoute("/contests")
    const nav = await screen.findByRole("navigation", { name: "Main" })
    expect(within(nav).getByRole("link", { name: "Results" }).getAttribute("href")).toBe(
      "/contests",
    )
  })
})
