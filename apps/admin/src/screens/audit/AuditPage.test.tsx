import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import type { AuditRow } from "../../api/admin-types.ts"
import { held, page, refusal, renderAdmin, server, signedInAsAdmin } from "../../test/render.tsx"
import { changedFields } from "./AuditPage.tsx"

configure({ asyncUtilTimeout: 5000 })

const aRow = (overrides: Partial<AuditRow> = {}): AuditRow => ({
  id: "a1",
  actor: { id: "99999999-9999-4999-8999-999999999999", username: "root" },
  action: "contest.update",
  targetType: "contest",
  targetId: "c1",
  before: { title: "Owl at Midnight", artStyle: "Line art" },
  after: { title: "Owl at Dawn", artStyle: "Line art" },
  at: "2026-11-23T09:15:00.000Z",
  ...overrides,
})

describe("the audit log", () => {
  it("shows the loading state, then who did what when, with the record before and after", async () => {
    signedInAsAdmin()
    const answer = held()
    server.use(
      http.get("*/api/admin/audit", async () => {
        await answer.until
        return HttpResponse.json(
          page([
            aRow(),
            aRow({
              id: "a2",
              actor: null,
              action: "contest.close",
              before: null,
              after: { status: "ended" },
            }),
          ]),
        )
      }),
    )
    renderAdmin("/admin/audit")
    expect(await screen.findByText("Loading the audit log…")).toBeTruthy()
    answer.release()
    const table = await screen.findByRole("table", { name: "Audit log" })
    expect(within(table).getByRole("link", { name: "root" })).toBeTruthy()
    expect(within(table).getByText("operator (CLI)")).toBeTruthy()
    expect(within(table).getAllByRole("link", { name: "c1" })[0]?.getAttribute("href")).toBe(
      "/admin/contests/c1",
    )
    const show = within(table).getByRole("button", { name: /^Show changes of contest\.update/ })
    expect(show.getAttribute("aria-expanded")).toBe("false")
    await userEvent.click(show)
    expect(show.getAttribute("aria-expanded")).toBe("true")
    expect(within(table).getByText("title")).toBeTruthy()
    const before = within(table).getByLabelText("Before: contest.update")
    const after = within(table).getByLabelText("After: contest.update")
    expect(JSON.parse(before.textContent ?? "")).toEqual({
      title: "Owl at Midnight",
      artStyle: "Line art",
    })
    expect(JSON.parse(after.textContent ?? "")).toEqual({
      title: "Owl at Dawn",
      artStyle: "Line art",
    })
    await userEvent.click(show)
    expect(within(table).queryByLabelText("Before: contest.update")).toBeNull()
  })

  it("puts the filters in the URL and sends them as the query", async () => {
    signedInAsAdmin()
    const asked: URLSearchParams[] = []
    server.use(
      http.get("*/api/admin/audit", ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        return HttpResponse.json(page([]))
      }),
    )
    const { router } = renderAdmin("/admin/audit")
    expect(await screen.findByText("No admin actions yet")).toBeTruthy()
    await userEvent.type(screen.getByLabelText("Action"), "entry.")
    await userEvent.selectOptions(screen.getByLabelText("Target type"), "entry")
    await userEvent.type(screen.getByLabelText("Actor (member id)"), "m-42")
    await userEvent.type(screen.getByLabelText("From"), "2026-11-01")
    await userEvent.type(screen.getByLabelText("To"), "2026-11-30")
    await userEvent.click(screen.getByRole("button", { name: "Apply filters" }))
    expect(await screen.findByText("No actions match these filters")).toBeTruthy()
    const url = new URLSearchParams(router.state.location.search)
    expect(Object.fromEntries(url)).toEqual({
      action: "entry.",
      targetType: "entry",
      actor: "m-42",
      from: "2026-11-01",
      to: "2026-11-30",
    })
    const query = asked.at(-1)
    expect(query?.get("action")).toBe("entry.")
    expect(query?.get("targetType")).toBe("entry")
    expect(query?.get("actor")).toBe("m-42")
    expect(query?.get("from")).toBe("2026-11-01")
    expect(query?.get("to")).toBe("2026-11-30")
    expect(query?.get("tz")).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)

    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }))
    await waitFor(() => expect(router.state.location.search).toBe(""))
    expect(await screen.findByText("No admin actions yet")).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>("Action").value).toBe("")
  })

  it("reads the filters from the URL it was opened with, and refuses an upside-down range", async () => {
    signedInAsAdmin()
    const asked: URLSearchParams[] = []
    server.use(
      http.get("*/api/admin/audit", ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        return HttpResponse.json(page([aRow({ action: "member.suspend", targetType: "member" })]))
      }),
    )
    renderAdmin("/admin/audit?action=member.&targetId=m9")
    await screen.findByRole("table", { name: "Audit log" })
    expect(asked[0]?.get("action")).toBe("member.")
    expect(asked[0]?.get("targetId")).toBe("m9")
    expect(screen.getByLabelText<HTMLInputElement>("Action").value).toBe("member.")
    await userEvent.type(screen.getByLabelText("From"), "2026-11-30")
    await userEvent.type(screen.getByLabelText("To"), "2026-11-01")
    await userEvent.click(screen.getByRole("button", { name: "Apply filters" }))
    expect(await screen.findByText("The last day must not be before the first.")).toBeTruthy()
    expect(asked).toHaveLength(1)
  })

  it("loads the next page, and retries after an error", async () => {
    signedInAsAdmin()
    let fail = true
    server.use(
      http.get("*/api/admin/audit", ({ request }) => {
        if (fail) return refusal(500, "INTERNAL", "Database down")
        const cursor = new URL(request.url).searchParams.get("cursor")
        return HttpResponse.json(
          cursor === "next"
            ? page([aRow({ id: "a2", action: "badge.grant", targetType: "badge" })])
            : page([aRow()], "next"),
        )
      }),
    )
    renderAdmin("/admin/audit")
    const alert = await screen.findByRole("alert")
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }))
    expect(await screen.findByText("badge.grant")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })
})

describe("changedFields", () => {
  it("names the top-level fields that differ, and nothing when a side is not a record", () => {
    expect(changedFields({ a: 1, b: [1] }, { a: 1, b: [2], c: null })).toEqual(["b", "c"])
    expect(changedFields(null, { a: 1 })).toEqual([])
  })
})

describe("the audit log in French (issue 22)", () => {
  it("names its columns, filters, targets and the operator in the admin's language", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/users/99999999-9999-4999-8999-999999999999/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "fr" }),
      ),
      http.get("*/api/admin/audit", () =>
        HttpResponse.json(page([aRow({ actor: null, targetType: "member", targetId: "m1" })])),
      ),
    )
    renderAdmin("/admin/audit")
    const table = await screen.findByRole(
      "table",
      { name: "Journal d’audit" },
      // The French catalogs are compiled on first use: slow on a busy machine.
      { timeout: 15_000 },
    )
    expect(within(table).getByRole("columnheader", { name: "Quand" })).toBeTruthy()
    expect(within(table).getByRole("columnheader", { name: "Modifications" })).toBeTruthy()
    expect(within(table).getByText("opérateur (CLI)")).toBeTruthy()
    expect(within(table).getByText(/^membre/)).toBeTruthy()
    await userEvent.click(
      within(table).getByRole("button", { name: /^Afficher les modifications de contest\.update/ }),
    )
    expect(within(table).getByLabelText("Avant : contest.update")).toBeTruthy()
    const filters = screen.getByRole("form", { name: "Filtrer le journal d’audit" })
    expect(within(filters).getByRole("option", { name: "Tous" })).toBeTruthy()
    expect(within(filters).getByRole("button", { name: "Appliquer les filtres" })).toBeTruthy()
    expect(screen.queryByText("Show changes")).toBeNull()
  })
})
