import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import type { AdminContest } from "../../api/admin-types.ts"
import {
  aContest,
  anAdminContest,
  descriptionOf,
  held,
  page,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const answerContests = (items: ReadonlyArray<AdminContest>, seen: string[] = []) =>
  server.use(
    http.get("*/api/admin/contests", ({ request }) => {
      seen.push(new URL(request.url).search)
      return HttpResponse.json(page(items))
    }),
  )

describe("the contests list", () => {
  it("shows the loading state, then each contest with its status, counts and line art", async () => {
    signedInAsAdmin()
    const answer = held()
    server.use(
      http.get("*/api/admin/contests", async () => {
        await answer.until
        return HttpResponse.json(
          page([
            anAdminContest({ id: "c1", title: "Owl at Midnight", entryCount: 12, voteCount: 1340 }),
            anAdminContest({
              id: "c2",
              title: "Fox in the Snow",
              status: "scheduled",
              lineArt: null,
              subscribersOnly: true,
            }),
          ]),
        )
      }),
    )
    renderAdmin("/admin/contests")
    expect(await screen.findByText("Loading contests…")).toBeTruthy()
    answer.release()
    const table = await screen.findByRole("table", { name: "Contests" })
    const owl = within(table).getByRole("link", { name: "Owl at Midnight" }).closest("tr")
    if (!owl) throw new Error("no row")
    expect(within(owl).getByText("Active")).toBeTruthy()
    expect(within(owl).getByText("1,340")).toBeTruthy()
    const fox = within(table).getByRole("link", { name: "Fox in the Snow" }).closest("tr")
    if (!fox) throw new Error("no row")
    expect(within(fox).getByText("Scheduled")).toBeTruthy()
    expect(within(fox).getByText("Missing")).toBeTruthy()
    expect(within(fox).getByText("Subscribers only")).toBeTruthy()
    expect(within(owl).queryByText("Subscribers only")).toBeNull()
  })

  it("filters by status through the URL and says when none match", async () => {
    signedInAsAdmin()
    const seen: string[] = []
    answerContests([], seen)
    const { router } = renderAdmin("/admin/contests")
    expect(await screen.findByText("No contests yet")).toBeTruthy()
    await userEvent.selectOptions(screen.getByLabelText("Status"), "cancelled")
    expect(await screen.findByText("No cancelled contests")).toBeTruthy()
    expect(router.state.location.search).toBe("?status=cancelled")
    expect(seen.at(-1)).toContain("status=cancelled")
  })

  it("shows the error with Try again", async () => {
    signedInAsAdmin()
    let fail = true
    server.use(
      http.get("*/api/admin/contests", () =>
        fail
          ? refusal(503, "UNAVAILABLE", "Try later")
          : HttpResponse.json(page([anAdminContest()])),
      ),
    )
    renderAdmin("/admin/contests")
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("Try later")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("link", { name: "Owl at Midnight" })).toBeTruthy()
  })
})

describe("creating a contest", () => {
  const openForm = async () => {
    await userEvent.click(await screen.findByRole("button", { name: "New contest" }))
    return screen.findByRole("dialog", { name: "New contest" })
  }

  it("names what is missing before sending anything", async () => {
    signedInAsAdmin()
    answerContests([])
    let posted = 0
    server.use(
      http.post("*/api/admin/contests", () => {
        posted += 1
        return HttpResponse.json(aContest(), { status: 201 })
      }),
    )
    renderAdmin("/admin/contests")
    const dialog = await openForm()
    await userEvent.clear(within(dialog).getByLabelText("Contest type"))
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    expect(descriptionOf(within(dialog).getByLabelText("Title"))).toContain(
      "A contest needs a title.",
    )
    expect(descriptionOf(within(dialog).getByLabelText("Contest type"))).toContain(
      "A contest needs a type, such as daily or weekly.",
    )
    expect(descriptionOf(within(dialog).getByLabelText("Starts"))).toContain(
      "Choose the date and time the contest starts.",
    )
    fireEvent.change(within(dialog).getByLabelText("Starts"), {
      target: { value: "2026-12-02T00:00" },
    })
    fireEvent.change(within(dialog).getByLabelText("Ends"), {
      target: { value: "2026-12-01T00:00" },
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    expect(descriptionOf(within(dialog).getByLabelText("Ends"))).toContain(
      "The contest must end after it starts.",
    )
    expect(posted).toBe(0)
  })

  it("shows the server's 400 under the field it names, then creates and opens the contest", async () => {
    signedInAsAdmin()
    answerContests([])
    const bodies: unknown[] = []
    let refuse = true
    server.use(
      http.post("*/api/admin/contests", async ({ request }) => {
        bodies.push(await request.json())
        if (refuse)
          return refusal(
            400,
            "VALIDATION_FAILED",
            "title: A contest title has at most 120 characters",
            {
              issues: [{ field: "title", message: "A contest title has at most 120 characters" }],
            },
          )
        return HttpResponse.json(aContest({ id: "new1", title: "Heron" }), { status: 201 })
      }),
      http.get("*/api/challenges/new1", () =>
        HttpResponse.json(aContest({ id: "new1", title: "Heron", status: "scheduled" })),
      ),
    )
    const { router } = renderAdmin("/admin/contests")
    const dialog = await openForm()
    await userEvent.type(within(dialog).getByLabelText("Title"), "Heron")
    await userEvent.type(within(dialog).getByLabelText("Description"), "A heron in the reeds.")
    await userEvent.type(within(dialog).getByLabelText("Art style"), "Botanical")
    fireEvent.change(within(dialog).getByLabelText("Starts"), {
      target: { value: "2026-12-01T00:00" },
    })
    fireEvent.change(within(dialog).getByLabelText("Ends"), {
      target: { value: "2026-12-02T00:00" },
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    await waitFor(() =>
      expect(descriptionOf(within(dialog).getByLabelText("Title"))).toContain(
        "A contest title has at most 120 characters",
      ),
    )
    expect(within(dialog).getByLabelText("Title").getAttribute("aria-invalid")).toBe("true")
    expect(bodies[0]).toEqual({
      title: "Heron",
      description: "A heron in the reeds.",
      contestType: "daily",
      artStyle: "Botanical",
      startsAt: new Date("2026-12-01T00:00").toISOString(),
      endsAt: new Date("2026-12-02T00:00").toISOString(),
      // No prize sent: the daily default applies; open to every plan.
      subscribersOnly: false,
    })

    refuse = false
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    expect(await screen.findByText("Contest created")).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/contests/new1"))
    expect(await screen.findByRole("heading", { name: "Heron" })).toBeTruthy()
  })

  it("maps a plain input refusal ('endsAt: …') to its field and shows a clash as a message", async () => {
    signedInAsAdmin()
    answerContests([])
    let answer = refusal(400, "BAD_REQUEST", "endsAt: Expected an ISO date")
    server.use(http.post("*/api/admin/contests", () => answer))
    renderAdmin("/admin/contests")
    const dialog = await openForm()
    await userEvent.type(within(dialog).getByLabelText("Title"), "Heron")
    fireEvent.change(within(dialog).getByLabelText("Starts"), {
      target: { value: "2026-12-01T00:00" },
    })
    fireEvent.change(within(dialog).getByLabelText("Ends"), {
      target: { value: "2026-12-02T00:00" },
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    await waitFor(() =>
      expect(descriptionOf(within(dialog).getByLabelText("Ends"))).toContain(
        "Expected an ISO date",
      ),
    )
    answer = refusal(409, "CONTEST_OVERLAP", "The window overlaps “Owl at Midnight”")
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    expect(await within(dialog).findByText("The window overlaps “Owl at Midnight”")).toBeTruthy()
  })
})

describe("the contests list in the admin's language (issue 22)", () => {
  it("shows the list, its statuses, counts and filter in German, and the new contest form", async () => {
    await activateLanguage("de")
    signedInAsAdmin()
    server.use(
      // The admin's own setting, which the dashboard follows (signedInAsAdmin's id).
      http.get("*/api/users/99999999-9999-4999-8999-999999999999/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
    )
    let items: ReadonlyArray<AdminContest> = [
      anAdminContest({ id: "c1", title: "Owl at Midnight", voteCount: 1340 }),
      anAdminContest({
        id: "c2",
        title: "Fox in the Snow",
        status: "scheduled",
        lineArt: null,
        subscribersOnly: true,
      }),
    ]
    // Read at each request: the filter's request below finds none.
    server.use(http.get("*/api/admin/contests", () => HttpResponse.json(page(items))))
    renderAdmin("/admin/contests")
    expect(await screen.findByRole("heading", { name: "Wettbewerbe" })).toBeTruthy()
    const table = await screen.findByRole("table", { name: "Wettbewerbe" })
    expect(within(table).getByRole("columnheader", { name: "Titel" })).toBeTruthy()
    expect(within(table).getByRole("columnheader", { name: "Malvorlage" })).toBeTruthy()
    const owl = within(table).getByRole("link", { name: "Owl at Midnight" }).closest("tr")
    if (!owl) throw new Error("no row")
    expect(within(owl).getByText("Aktiv")).toBeTruthy()
    expect(within(owl).getByText("1.340")).toBeTruthy()
    expect(within(owl).getByText("Ja")).toBeTruthy()
    const fox = within(table).getByRole("link", { name: "Fox in the Snow" }).closest("tr")
    if (!fox) throw new Error("no row")
    expect(within(fox).getByText("Geplant")).toBeTruthy()
    expect(within(fox).getByText("Fehlt")).toBeTruthy()
    expect(within(fox).getByText("Nur für Abonnenten")).toBeTruthy()
    expect(screen.queryByText("Missing")).toBeNull()

    items = []
    const status = screen.getByLabelText("Status")
    expect(within(status).getByRole("option", { name: "Alle Wettbewerbe" })).toBeTruthy()
    expect(within(status).getByRole("option", { name: "Abgesagt" })).toBeTruthy()
    await userEvent.selectOptions(status, "cancelled")
    expect(await screen.findByText("Keine abgesagten Wettbewerbe")).toBeTruthy()
    expect(
      screen.getByText(
        "Legen Sie einen mit „Neuer Wettbewerb“ an oder planen Sie tägliche Wettbewerbe im Kalender.",
      ),
    ).toBeTruthy()

    await userEvent.click(screen.getByRole("button", { name: "Neuer Wettbewerb" }))
    const dialog = await screen.findByRole("dialog", { name: "Neuer Wettbewerb" })
    expect(within(dialog).getByRole("button", { name: "Wettbewerb anlegen" })).toBeTruthy()
  })
})
