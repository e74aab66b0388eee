import { act, configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { Overview } from "../../api/admin-types.ts"
import {
  aContest,
  aMessage,
  anAdminMember,
  held,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"
import { OVERVIEW_REFRESH_MS } from "./OverviewPage.tsx"

configure({ asyncUtilTimeout: 5000 })

afterEach(() => {
  vi.useRealTimers()
})

const anOverview = (overrides: Partial<Overview> = {}): Overview => ({
  today: {
    contest: aContest({ title: "Owl at Midnight" }),
    counts: { entries: 12, votes: 340, downloads: 97, views: 1520 },
  },
  upcoming: [
    aContest({ id: "c2", title: "Fox in the Snow", status: "scheduled" }),
    aContest({ id: "c3", title: "Lighthouse", status: "scheduled" }),
  ],
  recentSignUps: [anAdminMember({ username: "grace", emailVerified: false })],
  unreadMessages: 4,
  latestMessages: [aMessage({ subject: "Printing the line art" })],
  ...overrides,
})

const counter = (label: string) => {
  const term = screen.getByText(label, { selector: "dt" })
  return term.nextElementSibling?.textContent
}

describe("the overview", () => {
  it("shows the loading state, then today's contest with its live counts and what comes next", async () => {
    signedInAsAdmin()
    const answer = held()
    const asked: string[] = []
    server.use(
      http.get("*/api/admin/overview", async ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("tz") ?? "")
        await answer.until
        return HttpResponse.json(anOverview())
      }),
    )
    renderAdmin("/admin")
    expect(await screen.findByText("Loading the overview…")).toBeTruthy()
    answer.release()
    expect(await screen.findByRole("link", { name: "Owl at Midnight" })).toBeTruthy()
    expect(counter("Entries")).toBe("12")
    expect(counter("Votes")).toBe("340")
    expect(counter("Downloads")).toBe("97")
    expect(counter("Views")).toBe("1,520")
    expect(screen.getByRole("link", { name: "Fox in the Snow" }).getAttribute("href")).toBe(
      "/admin/contests/c2",
    )
    expect(screen.getByRole("heading", { name: "Unread messages (4)" })).toBeTruthy()
    expect(screen.getByText("Printing the line art")).toBeTruthy()
    expect(screen.getByRole("link", { name: "grace" })).toBeTruthy()
    expect(screen.getByText("Unverified")).toBeTruthy()
    // The admin's time zone goes with the request: "today" is the admin's day.
    expect(asked[0]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })

  it("says when nothing is there: no contest today, none scheduled, no sign-ups, no messages", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/admin/overview", () =>
        HttpResponse.json(
          anOverview({
            today: { contest: null, counts: { entries: 0, votes: 0, downloads: 0, views: 0 } },
            upcoming: [],
            recentSignUps: [],
            unreadMessages: 0,
            latestMessages: [],
          }),
        ),
      ),
    )
    renderAdmin("/admin")
    expect(await screen.findByText("No contest today.")).toBeTruthy()
    expect(screen.getByText("No contests scheduled")).toBeTruthy()
    expect(screen.getByText("No sign-ups yet")).toBeTruthy()
    expect(screen.getByText("No unread messages")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Open the calendar" }).getAttribute("href")).toBe(
      "/admin/calendar",
    )
  })

  it("shows the server's error with Try again, which asks again", async () => {
    signedInAsAdmin()
    let fail = true
    server.use(
      http.get("*/api/admin/overview", () =>
        fail ? refusal(500, "INTERNAL", "Database down") : HttpResponse.json(anOverview()),
      ),
    )
    renderAdmin("/admin")
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("The overview did not load")).toBeTruthy()
    expect(within(alert).getByText("Database down")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("link", { name: "Owl at Midnight" })).toBeTruthy()
  })

  it("reads the live counts again every 15 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    signedInAsAdmin()
    let votes = 340
    server.use(
      http.get("*/api/admin/overview", () =>
        HttpResponse.json(
          anOverview({
            today: {
              contest: aContest(),
              counts: { entries: 12, votes, downloads: 97, views: 1520 },
            },
          }),
        ),
      ),
    )
    renderAdmin("/admin")
    await screen.findByRole("link", { name: "Owl at Midnight" })
    expect(counter("Votes")).toBe("340")
    votes = 355
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OVERVIEW_REFRESH_MS - 1000)
    })
    expect(counter("Votes")).toBe("340")
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500)
    })
    await vi.waitFor(() => expect(counter("Votes")).toBe("355"))
    expect(OVERVIEW_REFRESH_MS).toBe(15_000)
  })
})
