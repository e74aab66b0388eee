import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import type { Analytics, ContestAnalytics } from "../../api/admin-types.ts"
import {
  aContest,
  anAdminContest,
  held,
  page,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"
import { addDays, today } from "../../ui/dates.ts"

configure({ asyncUtilTimeout: 5000 })

const anAnalytics = (overrides: Partial<Analytics> = {}): Analytics => ({
  days: [
    {
      date: "2026-11-22",
      views: 1200,
      downloads: 300,
      entries: 40,
      votes: 900,
      signUps: 12,
      paidConversions: 2,
    },
    {
      date: "2026-11-23",
      views: 1500,
      downloads: 340,
      entries: 52,
      votes: 1100,
      signUps: 9,
      paidConversions: 3,
    },
  ],
  totals: {
    views: 2700,
    downloads: 640,
    entries: 92,
    votes: 2000,
    signUps: 21,
    paidConversions: 5,
  },
  conversionRate: 0.0834,
  ...overrides,
})

const aContestAnalytics = (): ContestAnalytics => ({
  contest: aContest(),
  totals: { views: 800, downloads: 120, entries: 30, votes: 410 },
  series: [
    { hour: "2026-11-23T08:00:00.000Z", views: 300, downloads: 50, entries: 10, votes: 100 },
    { hour: "2026-11-23T09:00:00.000Z", views: 500, downloads: 70, entries: 20, votes: 310 },
  ],
})

const figure = (label: string) =>
  screen.getAllByText(label, { selector: "dt" })[0]?.nextElementSibling?.textContent

const answerContests = () =>
  server.use(
    http.get("*/api/admin/contests", () =>
      HttpResponse.json(page([anAdminContest({ id: "c1", title: "Owl at Midnight" })])),
    ),
  )

describe("analytics over time", () => {
  it("asks for the last 30 days where the admin is, then shows the totals, the conversion and the charts' figures", async () => {
    signedInAsAdmin()
    answerContests()
    const answer = held()
    const asked: URLSearchParams[] = []
    server.use(
      http.get("*/api/admin/analytics", async ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        await answer.until
        return HttpResponse.json(anAnalytics())
      }),
    )
    renderAdmin("/admin/analytics")
    expect(await screen.findByText("Loading the figures…")).toBeTruthy()
    answer.release()
    expect(await screen.findByText("Conversion to paid")).toBeTruthy()
    expect(figure("Views")).toBe("2,700")
    expect(figure("Sign-ups")).toBe("21")
    expect(figure("Conversion to paid")).toBe("8.3%")
    expect(asked[0]?.get("to")).toBe(today())
    expect(asked[0]?.get("from")).toBe(addDays(today(), -29))
    expect(asked[0]?.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)

    const figures = screen.getByRole("table", { name: "Entries and votes per day" })
    const monday = within(figures).getByRole("rowheader", { name: "Mon, Nov 23" }).closest("tr")
    if (!monday) throw new Error("no row")
    expect(within(monday).getByText("52")).toBeTruthy()
    expect(within(monday).getByText("1,100")).toBeTruthy()
    const chart = screen.getByRole("figure", { name: "Views and downloads per day" })
    expect(chart.querySelector(".recharts-wrapper")).not.toBeNull()
    expect(
      screen.getByRole("figure", { name: "Sign-ups and paid conversions per day" }),
    ).toBeTruthy()
  })

  it("changes the range through the URL, and refuses a range the server would not answer", async () => {
    signedInAsAdmin()
    answerContests()
    const asked: URLSearchParams[] = []
    server.use(
      http.get("*/api/admin/analytics", ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        return HttpResponse.json(anAnalytics({ days: [] }))
      }),
    )
    const { router } = renderAdmin("/admin/analytics?from=2026-11-01&to=2026-11-30")
    expect(await screen.findByText("No figures for these days")).toBeTruthy()
    expect(asked[0]?.get("from")).toBe("2026-11-01")

    const from = screen.getByLabelText("From")
    await userEvent.clear(from)
    await userEvent.type(from, "2024-01-01")
    await userEvent.click(screen.getByRole("button", { name: "Show" }))
    expect(await screen.findByText("A range covers at most 366 days.")).toBeTruthy()
    expect(asked).toHaveLength(1)

    await userEvent.clear(from)
    await userEvent.type(from, "2026-10-01")
    await userEvent.click(screen.getByRole("button", { name: "Show" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]?.get("from")).toBe("2026-10-01")
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe("2026-10-01")
  })

  it("shows the error with Try again", async () => {
    signedInAsAdmin()
    answerContests()
    let fail = true
    server.use(
      http.get("*/api/admin/analytics", () =>
        fail ? refusal(500, "INTERNAL", "Database down") : HttpResponse.json(anAnalytics()),
      ),
    )
    renderAdmin("/admin/analytics")
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("The figures did not load")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByText("Conversion to paid")).toBeTruthy()
  })
})

describe("analytics per contest", () => {
  it("shows a chosen contest's totals and its hour-by-hour figures", async () => {
    signedInAsAdmin()
    answerContests()
    const asked: string[] = []
    server.use(
      http.get("*/api/admin/analytics", () => HttpResponse.json(anAnalytics())),
      http.get("*/api/admin/analytics/contests/:id", ({ params, request }) => {
        asked.push(`${String(params.id)} ${new URL(request.url).searchParams.get("tz")}`)
        return HttpResponse.json(aContestAnalytics())
      }),
    )
    const { router } = renderAdmin("/admin/analytics")
    await userEvent.selectOptions(await screen.findByLabelText("Contest"), "c1")
    const figures = await screen.findByRole("table", { name: "Owl at Midnight, hour by hour" })
    expect(within(figures).getAllByRole("row")).toHaveLength(3)
    expect(within(figures).getByText("310")).toBeTruthy()
    expect(asked).toEqual([`c1 ${Intl.DateTimeFormat().resolvedOptions().timeZone}`])
    expect(new URLSearchParams(router.state.location.search).get("contest")).toBe("c1")
  })

  it("says when there are no contests, and when a contest has no activity yet", async () => {
    signedInAsAdmin()
    let contests = [] as ReturnType<typeof anAdminContest>[]
    server.use(
      http.get("*/api/admin/contests", () => HttpResponse.json(page(contests))),
      http.get("*/api/admin/analytics", () => HttpResponse.json(anAnalytics())),
      http.get("*/api/admin/analytics/contests/c1", () =>
        HttpResponse.json({ ...aContestAnalytics(), series: [] }),
      ),
    )
    const { queryClient } = renderAdmin("/admin/analytics?contest=c1")
    expect(await screen.findByText("No contests yet")).toBeTruthy()
    contests = [anAdminContest()]
    await queryClient.invalidateQueries()
    expect(await screen.findByText("No activity recorded for this contest yet")).toBeTruthy()
  })
})

describe("analytics in the admin's language (issue 22)", () => {
  it("shows the figures, the charts' titles and tables, the days and the range check in German", async () => {
    signedInAsAdmin()
    answerContests()
    server.use(
      http.get("*/api/users/:id/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
      http.get("*/api/admin/analytics", () => HttpResponse.json(anAnalytics())),
      http.get("*/api/admin/analytics/contests/c1", () => HttpResponse.json(aContestAnalytics())),
    )
    renderAdmin("/admin/analytics?from=2026-11-01&to=2026-11-30")
    expect(
      // The German catalogs are compiled on first use: slow on a busy machine.
      await screen.findByRole("heading", { name: "Statistiken", level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy()
    expect(await screen.findByText("Umstiegsquote auf bezahlte Pläne")).toBeTruthy()
    // German digit grouping and percent (Intl puts a no-break space before "%").
    expect(figure("Aufrufe")).toBe("2.700")
    expect(figure("Umstiegsquote auf bezahlte Pläne")?.replace(/\s/g, " ")).toBe("8,3 %")
    expect(screen.queryByText("Conversion to paid")).toBeNull()

    const figures = screen.getByRole("table", { name: "Beiträge und Stimmen pro Tag" })
    expect(within(figures).getByRole("columnheader", { name: "Wann" })).toBeTruthy()
    expect(within(figures).getByRole("columnheader", { name: "Stimmen" })).toBeTruthy()
    const monday = within(figures).getByRole("rowheader", { name: "Mo., 23. Nov." }).closest("tr")
    if (!monday) throw new Error("no row")
    expect(within(monday).getByText("1.100")).toBeTruthy()
    expect(screen.getByRole("figure", { name: "Aufrufe und Downloads pro Tag" })).toBeTruthy()
    expect(screen.getByText("Zahlen anzeigen: Aufrufe und Downloads pro Tag")).toBeTruthy()

    const from = screen.getByLabelText("Von")
    await userEvent.clear(from)
    await userEvent.type(from, "2024-01-01")
    await userEvent.click(screen.getByRole("button", { name: "Anzeigen" }))
    expect(await screen.findByText("Ein Zeitraum umfasst höchstens 366 Tage.")).toBeTruthy()

    await userEvent.selectOptions(screen.getByLabelText("Wettbewerb"), "c1")
    expect(
      await screen.findByRole("table", { name: "Owl at Midnight, Stunde für Stunde" }),
    ).toBeTruthy()
  })
})
