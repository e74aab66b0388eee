import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import {
  anAdminContest,
  page,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const aRequest = (overrides: Record<string, unknown> = {}) => ({
  id: "r1",
  brief: "A fox reading under a street lamp",
  reference: "/images/entry/fox.webp",
  status: "open",
  declineReason: null,
  contestId: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  member: { id: "m1", username: "ada", email: "ada@example.com" },
  ...overrides,
})

describe("the line art requests section", () => {
  it("lists the queue and accepts a request after confirming", async () => {
    signedInAsAdmin()
    let status = "open"
    const accepted: string[] = []
    server.use(
      http.get("*/api/admin/line-art-requests", () => HttpResponse.json([aRequest({ status })])),
      http.post("*/api/admin/line-art-requests/:id/accept", ({ params }) => {
        accepted.push(String(params.id))
        status = "accepted"
        return HttpResponse.json(aRequest({ status }))
      }),
    )
    renderAdmin("/admin/line-art-requests")
    const table = await screen.findByRole("table", { name: "Line art requests" })
    expect(within(table).getByText("A fox reading under a street lamp")).toBeTruthy()
    expect(within(table).getByText("ada@example.com")).toBeTruthy()
    expect(
      within(table).getByRole("link", { name: "Reference picture" }).getAttribute("href"),
    ).toBe("/images/entry/fox.webp")
    await userEvent.click(within(table).getByRole("button", { name: "Accept (ada)" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Accept ada's request?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Accept" }))
    await waitFor(() => expect(accepted).toEqual(["r1"]))
    expect(await within(table).findByText("Accepted")).toBeTruthy()
    expect(within(table).queryByRole("button", { name: "Accept (ada)" })).toBeNull()
  })

  it("declines only with a reason, which is sent", async () => {
    signedInAsAdmin()
    let sent: unknown = null
    server.use(
      http.get("*/api/admin/line-art-requests", () => HttpResponse.json([aRequest()])),
      http.post("*/api/admin/line-art-requests/:id/decline", async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json(aRequest({ status: "declined", declineReason: "Drawn last week" }))
      }),
    )
    renderAdmin("/admin/line-art-requests")
    await userEvent.click(await screen.findByRole("button", { name: "Decline (ada)" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Decline ada's request?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline" }))
    expect(within(dialog).getByText("Say why: the member is mailed it")).toBeTruthy()
    expect(sent).toBeNull()
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Drawn last week")
    await userEvent.click(within(dialog).getByRole("button", { name: "Decline" }))
    await waitFor(() => expect(sent).toEqual({ reason: "Drawn last week" }))
  })

  it("fulfils with a scheduled contest chosen in the dialog, and shows a refusal there", async () => {
    signedInAsAdmin()
    let refuse = true
    let sent: unknown = null
    server.use(
      http.get("*/api/admin/line-art-requests", () =>
        HttpResponse.json([aRequest({ status: "accepted" })]),
      ),
      http.get("*/api/admin/contests", ({ request }) => {
        expect(new URL(request.url).searchParams.get("status")).toBe("scheduled")
        return HttpResponse.json(
          page([anAdminContest({ id: "c-fox", title: "The Reading Fox", status: "scheduled" })]),
        )
      }),
      http.post("*/api/admin/line-art-requests/:id/fulfil", async ({ request }) => {
        sent = await request.json()
        if (refuse) return refusal(404, "NOT_FOUND", "No contest with id c-fox")
        return HttpResponse.json(aRequest({ status: "fulfilled", contestId: "c-fox" }))
      }),
    )
    renderAdmin("/admin/line-art-requests")
    await userEvent.click(await screen.findByRole("button", { name: "Fulfil (ada)" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Fulfil ada's request" })
    const select = within(dialog).getByLabelText("Contest with the page")
    await within(dialog).findByRole("option", { name: /The Reading Fox/ })
    await userEvent.selectOptions(select, "c-fox")
    await userEvent.click(within(dialog).getByRole("button", { name: "Fulfil" }))
    expect(await within(dialog).findByText("No contest with id c-fox")).toBeTruthy()
    expect(sent).toEqual({ contestId: "c-fox" })
    refuse = false
    await userEvent.click(within(dialog).getByRole("button", { name: "Fulfil" }))
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
  })
})

describe("the line art requests in the admin's language (issue 22)", () => {
  it("shows the queue, its filing date and statuses, and declines with a reason in Spanish", async () => {
    signedInAsAdmin()
    let sent: unknown = null
    server.use(
      http.get("*/api/users/:id/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "es" }),
      ),
      http.get("*/api/admin/line-art-requests", () =>
        HttpResponse.json([
          aRequest(),
          aRequest({
            id: "r2",
            status: "declined",
            declineReason: "Ya dibujado",
            member: null,
          }),
        ]),
      ),
      http.post("*/api/admin/line-art-requests/:id/decline", async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json(aRequest({ status: "declined", declineReason: "Repetido" }))
      }),
    )
    renderAdmin("/admin/line-art-requests")
    const table = await screen.findByRole(
      "table",
      { name: "Solicitudes de dibujos para colorear" },
      // The Spanish catalogs are compiled on first use: slow on a busy machine.
      { timeout: 15_000 },
    )
    expect(within(table).getByRole("columnheader", { name: "Miembro" })).toBeTruthy()
    expect(within(table).getByText("Abierta")).toBeTruthy()
    expect(within(table).getByText("Rechazada")).toBeTruthy()
    expect(within(table).getByText("Motivo: Ya dibujado")).toBeTruthy()
    expect(within(table).getByText("una cuenta eliminada")).toBeTruthy()
    // A date in Spanish: day, short month, year (10:00 UTC is the 20th from UTC−10 to UTC+13).
    expect(within(table).getAllByText("20 nov 2026").length).toBe(2)
    expect(within(table).getAllByRole("link", { name: "Imagen de referencia" })).toHaveLength(2)
    expect(screen.getByRole("option", { name: "Pendientes (abiertas y aceptadas)" })).toBeTruthy()

    await userEvent.click(within(table).getByRole("button", { name: "Rechazar (ada)" }))
    const dialog = await screen.findByRole("alertdialog", {
      name: "¿Rechazar la solicitud de ada?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Rechazar" }))
    expect(
      within(dialog).getByText("Indique el motivo: se enviará al miembro por correo"),
    ).toBeTruthy()
    expect(sent).toBeNull()
    await userEvent.type(within(dialog).getByLabelText("Motivo"), "Repetido")
    await userEvent.click(within(dialog).getByRole("button", { name: "Rechazar" }))
    await waitFor(() => expect(sent).toEqual({ reason: "Repetido" }))
    expect(await screen.findByText("Solicitud rechazada")).toBeTruthy()
  })
})
