import { fireEvent, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { Leaderboard, LeaderboardPeriod, LeaderboardRow } from "../../api/types.ts"
import { aRow } from "./leaderboard-fixtures.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"

const boardOf = (period: LeaderboardPeriod, rows: ReadonlyArray<LeaderboardRow>): Leaderboard => ({
  period,
  rows,
  podium: rows.slice(0, 3),
})

/** Answers GET /api/leaderboard per period, and records every query it was asked. */
const leaderboardAnswers = (
  answer: (period: LeaderboardPeriod) => Response | Promise<Response>,
) => {
  const asked: Array<{ period: string | null; tz: string | null }> = []
  server.use(
    http.get("*/api/leaderboard", ({ request }) => {
      const url = new URL(request.url)
      const period = url.searchParams.get("period")
      asked.push({ period, tz: url.searchParams.get("tz") })
      return answer(period as LeaderboardPeriod)
    }),
  )
  return asked
}

/** The table's first three body rows (the header row left out). */
const bodyRows = (table: HTMLElement): [HTMLElement, HTMLElement, HTMLElement] => {
  const [, first, second, third] = within(table).getAllByRole("row")
  if (!first || !second || !third) throw new Error("expected three ranked rows")
  return [first, second, third]
}

/** Opens /leaderboard; its chunk is loaded on first use, which a busy machine makes slow. */
const open = async () => {
  signedInAs(null)
  renderRoute("/leaderboard")
  expect(
    await screen.findByRole("heading", { level: 1, name: "Leaderboard" }, { timeout: 10_000 }),
  ).toBeTruthy()
}

describe("/leaderboard", () => {
  it("shows 'Loading leaderboard...' while the ranking is on its way", async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    leaderboardAnswers(async (period) => {
      await held
      return HttpResponse.json(boardOf(period, [aRow(1)]))
    })
    await open()
    expect(await screen.findByText("Loading leaderboard...")).toBeTruthy()
    release()
    expect(await screen.findByRole("table")).toBeTruthy()
    expect(screen.queryByText("Loading leaderboard...")).toBeNull()
  })

  it("says 'No entries found for the selected filters' when the period has none", async () => {
    leaderboardAnswers((period) => HttpResponse.json(boardOf(period, [])))
    await open()
    expect(await screen.findByText("No entries found for the selected filters")).toBeTruthy()
    expect(screen.queryByRole("table")).toBeNull()
    expect(screen.queryByText("1st Place")).toBeNull()
  })

  it("shows an error with a retry that loads the ranking", async () => {
    let fail = true
    const asked = leaderboardAnswers((period) =>
      fail
        ? HttpResponse.json({ code: "INTERNAL", message: "The database is away" }, { status: 500 })
        : HttpResponse.json(boardOf(period, [aRow(1)])),
    )
    await open()
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("The database is away")).toBeTruthy()
    expect(screen.queryByRole("table")).toBeNull()

    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("table")).toBeTruthy()
    expect(asked).toHaveLength(2)
  })

  it("Today's Contest shows the podium of the top 3, the caption and the table", async () => {
    const asked = leaderboardAnswers((period) =>
      HttpResponse.json(
        boardOf(period, [aRow(1, { rawVotes: 19, score: 38 }), aRow(2), aRow(3), aRow(4)]),
      ),
    )
    await open()
    expect(await screen.findByText("1st Place")).toBeTruthy()
    expect(screen.getByText("2nd Place")).toBeTruthy()
    expect(screen.getByText("3rd Place")).toBeTruthy()
    const podium = screen.getByRole("region", { name: "Top 3" })
    const places = within(podium).getAllByRole("listitem")
    expect(places.map((place) => within(place).getByText(/^artist/).textContent)).toEqual([
      "artist1",
      "artist2",
      "artist3",
    ])
    // Raw votes and the weighted score: two labelled numbers, never one standing for both.
    const [gold] = places as [HTMLElement]
    const number = (label: string) =>
      within(gold).getByText(label, { selector: "dt" }).nextElementSibling?.textContent
    expect(number("Votes")).toBe("19")
    expect(number("Score")).toBe("38")
    expect(screen.getByText("Rankings update in real time as votes come in")).toBeTruthy()
    expect(screen.getByRole("tab", { name: "Today's Contest", selected: true })).toBeTruthy()

    const table = screen.getByRole("table")
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((header) => header.textContent)
    expect(headers).toEqual(["Rank", "Artist", "Votes", "Score", "Submission", "Date"])
    expect(within(table).getAllByRole("row")).toHaveLength(5)
    const [first] = bodyRows(table)
    const cells = within(first)
      .getAllByRole("cell")
      .map((cell) => cell.textContent)
    expect([cells[0], cells[2], cells[3]]).toEqual(["1", "19", "38"])
    expect(asked[0]?.period).toBe("today")
    expect(asked[0]?.tz).toBeTruthy()
  })

  it("draws each score's bar relative to the top score, with the number as text", async () => {
    leaderboardAnswers((period) =>
      HttpResponse.json(
        boardOf(period, [aRow(1, { score: 12 }), aRow(2, { score: 6 }), aRow(3, { score: 1.5 })]),
      ),
    )
    await open()
    const table = await screen.findByRole("table")
    const [first, second, third] = bodyRows(table)
    const widthIn = (row: HTMLElement) => within(row).getByTestId("score-bar").style.width
    expect(widthIn(first)).toBe("100%")
    expect(widthIn(second)).toBe("50%")
    expect(widthIn(third)).toBe("12.5%")
    expect(within(third).getByText("1.5")).toBeTruthy()
  })

  it("uses the thumbnail, shows 'N/A' without an image or when it fails to load, and 'Anonymous' without a name", async () => {
    leaderboardAnswers((period) =>
      HttpResponse.json(
        boardOf(period, [
          aRow(1),
          aRow(2, { submissionUrl: null, thumbnailUrl: null, username: "" }),
          aRow(3),
        ]),
      ),
    )
    await open()
    const table = await screen.findByRole("table")
    const [first, second, third] = bodyRows(table)
    const image = within(first).getByRole("img", { name: "Entry by artist1" })
    expect(image.getAttribute("src")).toBe("/images/entry/1.thumb.jpg")
    expect(image.getAttribute("loading")).toBe("lazy")
    expect(image.getAttribute("width")).toBe("56")
    expect(image.getAttribute("height")).toBe("56")
    expect(within(first).getByText("Nov 22, 2026")).toBeTruthy()

    expect(within(second).getByText("N/A")).toBeTruthy()
    expect(within(second).getByText("Anonymous")).toBeTruthy()

    fireEvent.error(within(third).getByRole("img", { name: "Entry by artist3" }))
    expect(await within(third).findByText("N/A")).toBeTruthy()
    expect(within(third).queryByRole("img")).toBeNull()
  })

  it("falls back to the display image when the server sends no thumbnail", async () => {
    leaderboardAnswers((period) =>
      HttpResponse.json(boardOf(period, [aRow(1, { thumbnailUrl: null })])),
    )
    await open()
    const table = await screen.findByRole("table")
    expect(within(table).getByRole("img", { name: "Entry by artist1" }).getAttribute("src")).toBe(
      "/images/entry/1.jpg",
    )
  })

  it("This Week asks for period=week and has no podium", async () => {
    const asked = leaderboardAnswers((period) =>
      HttpResponse.json(
        boardOf(
          period,
          period === "week" ? [aRow(1, { username: "weekly_star" }), aRow(2)] : [aRow(1)],
        ),
      ),
    )
    await open()
    await screen.findByText("1st Place")
    await userEvent.click(screen.getByRole("tab", { name: "This Week" }))

    expect(await screen.findByText("weekly_star")).toBeTruthy()
    expect(asked.map((query) => query.period)).toEqual(["today", "week"])
    expect(screen.getByText("Reset every Sunday at midnight")).toBeTruthy()
    expect(screen.queryByText("1st Place")).toBeNull()

    await userEvent.click(screen.getByRole("tab", { name: "This Month" }))
    expect(await screen.findByText("Reset on the first day of each month")).toBeTruthy()
    await userEvent.click(screen.getByRole("tab", { name: "All Time" }))
    expect(await screen.findByText("All contests since launch")).toBeTruthy()
    expect(asked.map((query) => query.period)).toEqual(["today", "week", "month", "all"])
  })

  it("reads in German: tabs, caption, podium places, columns, names and scores in its format", async () => {
    leaderboardAnswers((period) =>
      HttpResponse.json(
        boardOf(period, [aRow(1, { score: 12.5 }), aRow(2, { username: " " }), aRow(3)]),
      ),
    )
    await activateLanguage("de")
    signedInAs(null)
    renderRoute("/leaderboard")
    expect(
      await screen.findByRole("heading", { level: 1, name: "Bestenliste" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByRole("tab", { name: "Heutiger Wettbewerb", selected: true })).toBeTruthy()
    expect(screen.getByRole("tab", { name: "Diese Woche" })).toBeTruthy()
    expect(
      screen.getByText("Die Rangliste wird in Echtzeit aktualisiert, sobald Stimmen eingehen"),
    ).toBeTruthy()
    expect(await screen.findByText("1. Platz")).toBeTruthy()
    expect(screen.getByRole("region", { name: "Top 3" })).toBeTruthy()
    const table = screen.getByRole("table", { name: "Rangliste: Heutiger Wettbewerb" })
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Platz", "Künstler", "Stimmen", "Punktzahl", "Beitrag", "Datum"])
    const [first, second] = bodyRows(table)
    expect(within(first).getByText("12,5")).toBeTruthy()
    expect(within(first).getByRole("img", { name: "Beitrag von artist1" })).toBeTruthy()
    expect(within(second).getByText("Anonym")).toBeTruthy()
  })
})
