import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import { PLANS, TIERS } from "../../../../../domain/plans/plans.ts"
import type { Contest, ContestResults } from "../../api/types.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { aPastContest, aResultRow, rows, someResults } from "./result-fixtures.ts"

beforeAll(() => {
  // The first render loads the lazy route: give a busy machine more than the default second.
  configure({ asyncUtilTimeout: 5000 })
})

const ID = aPastContest().id

/** Answers GET /api/challenges/:id/results and records the cursors asked for. */
const resultsAnswer = (answer: (cursor: string | null) => ContestResults | Response) => {
  const asked: Array<{ id: string; cursor: string | null }> = []
  server.use(
    http.get("*/api/challenges/:id/results", ({ request, params }) => {
      const cursor = new URL(request.url).searchParams.get("cursor")
      asked.push({ id: String(params.id), cursor })
      const page = answer(cursor)
      return page instanceof Response ? page : HttpResponse.json(page)
    }),
  )
  return asked
}

const refusal = (status: number, code: string, message: string) =>
  HttpResponse.json({ code, message }, { status })

/** The number a <dt> label ("Votes", "Score") stands for, inside `container`. */
const labelled = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: "dt" }).nextElementSibling?.textContent

const region = (name: string | RegExp) => screen.findByRole("region", { name })

describe("/contests/:id, an announced contest", () => {
  it("shows the contest, the final label, the podium with the winner, and People's Choice", async () => {
    signedInAs(null)
    const ranking = [
      aResultRow(1, {
        entryId: "e-gold",
        artistName: "grace",
        username: "grace",
        rawVotes: 19,
        score: 38,
      }),
      aResultRow(2, {
        entryId: "e-silver",
        artistName: "linus",
        username: "linus",
        rawVotes: 25,
        score: 30,
      }),
      aResultRow(3, {
        entryId: "e-bronze",
        artistName: "ada",
        username: "ada",
        rawVotes: 10,
        score: 12.5,
      }),
      aResultRow(4),
    ]
    const asked = resultsAnswer(() =>
      someResults({
        ranking,
        winner: ranking[0],
        peoplesChoice: ranking[1],
        counts: { entries: 4, voters: 30, votes: 60 },
      }),
    )
    renderRoute(`/contests/${ID}`)

    expect(await screen.findByRole("heading", { level: 1, name: "Succulent Pots" })).toBeTruthy()
    expect(asked).toEqual([{ id: ID, cursor: null }])
    expect(screen.getByRole("img", { name: "Line art for “Succulent Pots”" })).toBeTruthy()
    expect(screen.getByText("Three succulents in terracotta pots.")).toBeTruthy()
    expect(screen.getByText(/Final result/)).toBeTruthy()
    expect(screen.queryByText("Provisional standing — awaiting announcement")).toBeNull()
    expect(screen.getByText("4 entries · 30 voters · 60 votes")).toBeTruthy()

    const podium = await region("Winner and podium")
    const places = within(podium).getAllByRole("listitem")
    expect(
      places.map(
        (place) => within(place).getByRole("link", { name: /^(grace|linus|ada)$/ }).textContent,
      ),
    ).toEqual(["grace", "linus", "ada"])
    const [gold, silver, bronze] = places as [HTMLElement, HTMLElement, HTMLElement]
    expect(within(gold).getByText("1st place")).toBeTruthy()
    expect(within(gold).getByText("Winner")).toBeTruthy()
    expect(within(silver).getByText("2nd place")).toBeTruthy()
    expect(within(silver).queryByText("Winner")).toBeNull()
    expect(within(bronze).getByText("3rd place")).toBeTruthy()
    expect(labelled(gold, "Votes")).toBe("19")
    expect(labelled(gold, "Score")).toBe("38")
    expect(labelled(bronze, "Score")).toBe("12.5")
    expect(within(gold).getByRole("link", { name: "grace" }).getAttribute("href")).toBe(
      "/artists/grace",
    )
    expect(
      within(gold).getByRole("img", { name: "grace's entry" }).closest("a")?.getAttribute("href"),
    ).toBe("/entries/e-gold")

    const pc = await region("People's Choice")
    expect(within(pc).getByRole("link", { name: "linus" }).getAttribute("href")).toBe(
      "/artists/linus",
    )
    expect(labelled(pc, "Votes")).toBe("25")
    expect(labelled(pc, "Score")).toBe("30")
  })

  it("ranks every entry with Votes and Score side by side, linked to the entry and the artist", async () => {
    signedInAs(null)
    resultsAnswer(() =>
      someResults({
        ranking: [
          aResultRow(1, {
            entryId: "e1",
            artistName: "grace",
            username: "grace",
            rawVotes: 19,
            score: 38,
          }),
          aResultRow(2, {
            entryId: "e2",
            artistName: "linus",
            username: "linus",
            rawVotes: 1204,
            score: 1500.5,
          }),
        ],
      }),
    )
    renderRoute(`/contests/${ID}`)
    const table = within(await region("Full ranking table")).getByRole("table")
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent)
    expect(headers).toEqual(["Rank", "Entry", "Artist", "Votes", "Score", "Submitted"])
    const [, first, second] = within(table).getAllByRole("row") as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ]
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent)
    expect(cells(first)).toEqual(["1", "", "grace", "19", "38", "Nov 21, 2026"])
    expect(cells(second)).toEqual(["2", "", "linus", "1,204", "1,500.5", "Nov 21, 2026"])
    expect(within(second).getByRole("link", { name: "linus" }).getAttribute("href")).toBe(
      "/artists/linus",
    )
    expect(
      within(second).getByRole("img", { name: "linus's entry" }).closest("a")?.getAttribute("href"),
    ).toBe("/entries/e2")
  })

  it("loads more of the ranking with the next cursor", async () => {
    signedInAs(null)
    const asked = resultsAnswer((cursor) =>
      cursor === "rank-51"
        ? someResults({ podium: rows(3), ranking: rows(2, 51), nextCursor: null })
        : someResults({ ranking: rows(50), nextCursor: "rank-51" }),
    )
    renderRoute(`/contests/${ID}`)
    const table = await region("Full ranking table")
    expect(within(table).getAllByRole("row")).toHaveLength(51)
    await userEvent.click(screen.getByRole("button", { name: "Load more" }))
    expect(await within(table).findByRole("link", { name: "artist52" })).toBeTruthy()
    expect(within(table).getAllByRole("row")).toHaveLength(53)
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
    // The podium stays the first page's.
    expect(within(await region("Winner and podium")).getAllByRole("listitem")).toHaveLength(3)
    expect(asked.map((call) => call.cursor)).toEqual([null, "rank-51"])
  })

  it("explains the score with each plan's vote weight from the plan table", async () => {
    signedInAs(null)
    resultsAnswer(() => someResults())
    renderRoute(`/contests/${ID}`)
    const block = await region("How the score is computed")
    expect(
      within(block).getByText(
        "The entry with the highest score wins. Score = votes weighted by each voter's plan (1× to 3×); ties go to the earlier entry.",
      ),
    ).toBeTruthy()
    const weights = within(within(block).getByRole("list", { name: "Vote weight by plan" }))
      .getAllByRole("listitem")
      .map((item) => item.textContent)
    expect(weights).toEqual(
      TIERS.map((tier) => PLANS[tier])
        .sort((a, b) => a.voteWeight - b.voteWeight)
        .map((plan) => `${plan.name}${plan.voteWeight}× per vote`),
    )
  })
})

describe("/contests/:id, other states", () => {
  it("labels a provisional standing clearly", async () => {
    signedInAs(null)
    resultsAnswer(() =>
      someResults({
        contest: aPastContest({ status: "ended" }),
        status: "provisional",
        announcedAt: null,
        winner: null,
      }),
    )
    renderRoute(`/contests/${ID}`)
    expect(await screen.findByText("Provisional standing — awaiting announcement")).toBeTruthy()
    expect(
      screen.getByRole("note", { name: "Provisional standing — awaiting announcement" }),
    ).toBeTruthy()
    expect(screen.queryByText(/Final result/)).toBeNull()
    const podium = await region("Leading entries")
    expect(within(podium).queryByText("Winner")).toBeNull()
    expect(within(podium).getAllByRole("listitem")).toHaveLength(3)
  })

  it("says results appear when the contest ends (NO_RESULT), with the contest it is", async () => {
    signedInAs(null)
    resultsAnswer(() => refusal(404, "NO_RESULT", "This contest has no result yet."))
    server.use(
      http.get("*/api/challenges/:id", () =>
        HttpResponse.json(
          aPastContest({
            title: "Koi Pond",
            status: "active",
            endsAt: "2026-11-26T00:00:00.000Z",
          }) satisfies Contest,
        ),
      ),
    )
    renderRoute(`/contests/${ID}`)
    expect(await screen.findByText("Results appear when the contest ends")).toBeTruthy()
    expect(await screen.findByRole("heading", { level: 1, name: "Koi Pond" })).toBeTruthy()
    expect(screen.queryByRole("table")).toBeNull()
    expect(screen.getByRole("link", { name: "Go to today's contest" }).getAttribute("href")).toBe(
      "/",
    )
  })

  it("says a cancelled contest has no result", async () => {
    signedInAs(null)
    resultsAnswer(() => refusal(404, "NO_RESULT", "This contest has no result."))
    server.use(
      http.get("*/api/challenges/:id", () =>
        HttpResponse.json(aPastContest({ status: "cancelled" })),
      ),
    )
    renderRoute(`/contests/${ID}`)
    expect(await screen.findByText("This contest was cancelled")).toBeTruthy()
    expect(screen.queryByText("Results appear when the contest ends")).toBeNull()
  })

  it("shows a not-found state for an unknown contest", async () => {
    signedInAs(null)
    resultsAnswer(() => refusal(404, "NOT_FOUND", "Contest not found"))
    renderRoute("/contests/no-such-contest")
    expect(await screen.findByRole("heading", { level: 1, name: "Contest not found" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "See past contests" }).getAttribute("href")).toBe(
      "/contests",
    )
  })

  it("shows a failure with a retry", async () => {
    signedInAs(null)
    let fail = true
    resultsAnswer(() => (fail ? refusal(500, "INTERNAL", "Database unavailable") : someResults()))
    renderRoute(`/contests/${ID}`)
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("Database unavailable")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Succulent Pots" })).toBeTruthy()
  })
})
