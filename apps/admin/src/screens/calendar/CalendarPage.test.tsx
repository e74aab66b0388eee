import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { Calendar } from "../../api/admin-types.ts"
import {
  aContest,
  descriptionOf,
  held,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone

const aCalendar = (): Calendar => ({
  days: [
    {
      date: "2026-11-23",
      contests: [{ id: "c1", title: "Owl at Midnight", status: "active", contestType: "daily" }],
    },
    { date: "2026-11-24", contests: [] },
    {
      date: "2026-11-25",
      contests: [{ id: "c3", title: "Lighthouse", status: "scheduled", contestType: "daily" }],
    },
  ],
})

describe("the calendar", () => {
  it("shows the loading state, then each day's contests and marks the days without one", async () => {
    signedInAsAdmin()
    const answer = held()
    const asked: URLSearchParams[] = []
    server.use(
      http.get("*/api/admin/calendar", async ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        await answer.until
        return HttpResponse.json(aCalendar())
      }),
    )
    renderAdmin("/admin/calendar")
    expect(await screen.findByText("Loading the calendar…")).toBeTruthy()
    answer.release()
    const monday = await screen.findByRole("listitem", { name: "Monday, November 23, 2026" })
    expect(within(monday).getByRole("link", { name: "Owl at Midnight" }).getAttribute("href")).toBe(
      "/admin/contests/c1",
    )
    const tuesday = screen.getByRole("listitem", { name: "Tuesday, November 24, 2026" })
    expect(within(tuesday).getByText("No contest")).toBeTruthy()
    expect(within(monday).queryByText("No contest")).toBeNull()
    expect(screen.getByText("1 day has no contest.")).toBeTruthy()
    expect(asked[0]?.get("days")).toBe("30")
    expect(asked[0]?.get("tz")).toBe(zone)
  })

  it("says when there are no days, and retries after an error", async () => {
    signedInAsAdmin()
    let fail = true
    server.use(
      http.get("*/api/admin/calendar", () =>
        fail ? refusal(500, "INTERNAL", "Database down") : HttpResponse.json({ days: [] }),
      ),
    )
    renderAdmin("/admin/calendar")
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("Database down")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByText("No days to show")).toBeTruthy()
  })

  it("schedules a contest on a day without one, from that day's cell", async () => {
    signedInAsAdmin()
    let calendar = aCalendar()
    server.use(http.get("*/api/admin/calendar", () => HttpResponse.json(calendar)))
    const bodies: unknown[] = []
    server.use(
      http.post("*/api/admin/contests/schedule", async ({ request }) => {
        bodies.push(await request.json())
        calendar = {
          days: calendar.days.map((day) =>
            day.date === "2026-11-24"
              ? {
                  date: day.date,
                  contests: [
                    { id: "c2", title: "Heron", status: "scheduled", contestType: "daily" },
                  ],
                }
              : day,
          ),
        }
        return HttpResponse.json(aContest({ id: "c2", title: "Heron", status: "scheduled" }), {
          status: 201,
        })
      }),
    )
    renderAdmin("/admin/calendar")
    await userEvent.click(
      await screen.findByRole("button", {
        name: "Schedule a contest on Tuesday, November 24, 2026",
      }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Schedule a contest" })
    expect(within(dialog).getByLabelText<HTMLInputElement>("Day").value).toBe("2026-11-24")
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule contest" }))
    expect(descriptionOf(within(dialog).getByLabelText("Title"))).toContain(
      "A contest needs a title.",
    )
    expect(bodies).toEqual([])
    await userEvent.type(within(dialog).getByLabelText("Title"), "Heron")
    await userEvent.type(within(dialog).getByLabelText("Description"), "A heron in the reeds.")
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule contest" }))
    expect(await screen.findByText("Contest scheduled")).toBeTruthy()
    expect(bodies).toEqual([
      { date: "2026-11-24", timeZone: zone, title: "Heron", description: "A heron in the reeds." },
    ])
    const tuesday = await screen.findByRole("listitem", { name: "Tuesday, November 24, 2026" })
    await waitFor(() => expect(within(tuesday).getByRole("link", { name: "Heron" })).toBeTruthy())
    expect(screen.getByText("Every day has a contest.")).toBeTruthy()
  })

  it("shows the server's refusal of the day under the Day field", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/admin/calendar", () => HttpResponse.json(aCalendar())),
      http.post("*/api/admin/contests/schedule", () =>
        refusal(400, "VALIDATION_FAILED", "day: not a calendar day in a known time zone", {
          issues: [{ field: "day", message: "not a calendar day in a known time zone" }],
        }),
      ),
    )
    renderAdmin("/admin/calendar")
    await userEvent.click(await screen.findByRole("button", { name: "Schedule a contest" }))
    const dialog = await screen.findByRole("dialog", { name: "Schedule a contest" })
    // The header's button opens the form on the first day without a contest.
    expect(within(dialog).getByLabelText<HTMLInputElement>("Day").value).toBe("2026-11-24")
    await userEvent.type(within(dialog).getByLabelText("Title"), "Heron")
    await userEvent.click(within(dialog).getByRole("button", { name: "Schedule contest" }))
    await waitFor(() =>
      expect(descriptionOf(within(dialog).getByLabelText("Day"))).toContain(
        "not a calendar day in a known time zone",
      ),
    )
  })
})
