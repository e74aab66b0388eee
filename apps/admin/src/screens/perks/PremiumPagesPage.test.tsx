import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { renderAdmin, server, signedInAsAdmin } from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })
beforeAll(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview")
  URL.revokeObjectURL = vi.fn()
})

describe("the premium pages section", () => {
  it("uploads the chosen week's page with its title, then lists it", async () => {
    signedInAsAdmin()
    let body = ""
    let pages: Array<Record<string, unknown>> = []
    server.use(
      http.get("*/api/admin/premium-pages", () =>
        HttpResponse.json({ currentWeek: "2026-W48", nextWeek: "2026-W49", pages }),
      ),
      http.post("*/api/admin/premium-pages", async ({ request }) => {
        // Read as text: undici's multipart parser refuses jsdom's File.
        body = await request.text()
        const saved = {
          week: "2026-W49",
          title: "Winter Owl",
          image: "/images/line-art/owl.png",
          uploadedAt: "2026-11-27T09:00:00.000Z",
        }
        pages = [saved]
        return HttpResponse.json(saved)
      }),
    )
    renderAdmin("/admin/premium-pages")
    expect(await screen.findByRole("heading", { name: "Premium pages", level: 1 })).toBeTruthy()
    await userEvent.click(await screen.findByRole("button", { name: "Upload premium page" }))
    expect(screen.getByText("Give the page a title")).toBeTruthy()
    expect(screen.getByText("Choose the page (PNG, JPEG, WebP or AVIF)")).toBeTruthy()
    expect(body).toBe("")

    await userEvent.selectOptions(screen.getByLabelText("Week"), "2026-W49")
    await userEvent.type(screen.getByLabelText("Title"), "Winter Owl")
    await userEvent.upload(
      screen.getByLabelText("Page (PNG, JPEG, WebP or AVIF)"),
      new File(["png-bytes"], "owl.png", { type: "image/png" }),
    )
    await userEvent.click(screen.getByRole("button", { name: "Upload premium page" }))
    await waitFor(() => expect(body).toContain('name="week"\r\n\r\n2026-W49'))
    expect(body).toContain('name="title"\r\n\r\nWinter Owl')
    expect(body).toContain('name="image"; filename="owl.png"')
    const table = await screen.findByRole("table", { name: "Premium pages by week" })
    expect(within(table).getByText("Winter Owl")).toBeTruthy()
    expect(within(table).getByRole("img", { name: "Premium page of 2026-W49" })).toBeTruthy()
  })

  it("shows the server's refusal of the week at its field", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/admin/premium-pages", () =>
        HttpResponse.json({ currentWeek: "2026-W48", nextWeek: "2026-W49", pages: [] }),
      ),
      http.post("*/api/admin/premium-pages", () =>
        HttpResponse.json(
          {
            code: "VALIDATION_FAILED",
            message: "week: The week must be an ISO week written YYYY-Www",
            issues: [{ field: "week", message: "The week must be an ISO week written YYYY-Www" }],
          },
          { status: 400 },
        ),
      ),
    )
    renderAdmin("/admin/premium-pages")
    await userEvent.type(await screen.findByLabelText("Title"), "Winter Owl")
    await userEvent.upload(
      screen.getByLabelText("Page (PNG, JPEG, WebP or AVIF)"),
      new File(["png-bytes"], "owl.png", { type: "image/png" }),
    )
    await userEvent.click(screen.getByRole("button", { name: "Upload premium page" }))
    expect(await screen.findByText("The week must be an ISO week written YYYY-Www")).toBeTruthy()
  })
})

describe("the premium pages in the admin's language (issue 22)", () => {
  it("shows the form, its checks and the list in German", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/users/:id/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
      http.get("*/api/admin/premium-pages", () =>
        HttpResponse.json({
          currentWeek: "2026-W48",
          nextWeek: "2026-W49",
          pages: [
            {
              week: "2026-W48",
              title: "Eule im Winter",
              image: "/images/line-art/owl.png",
              uploadedAt: "2026-11-23T12:00:00.000Z",
            },
          ],
        }),
      ),
    )
    renderAdmin("/admin/premium-pages")
    expect(
      // The German catalogs are compiled on first use: slow on a busy machine.
      await screen.findByRole("heading", { name: "Premium-Seiten", level: 1 }, { timeout: 15_000 }),
    ).toBeTruthy()
    expect(screen.getByRole("link", { name: "der Seite „Belohnungen“" }).getAttribute("href")).toBe(
      "/rewards",
    )
    expect(screen.getByRole("option", { name: "Diese Woche (2026-W48)" })).toBeTruthy()
    expect(screen.getByRole("option", { name: "Nächste Woche (2026-W49)" })).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "Premium-Seite hochladen" }))
    expect(screen.getByText("Geben Sie der Seite einen Titel")).toBeTruthy()
    expect(screen.getByText("Wählen Sie die Seite (PNG, JPEG, WebP oder AVIF)")).toBeTruthy()
    expect(screen.queryByText("Give the page a title")).toBeNull()

    const table = screen.getByRole("table", { name: "Premium-Seiten nach Woche" })
    expect(within(table).getByRole("columnheader", { name: "Hochgeladen" })).toBeTruthy()
    expect(within(table).getByRole("img", { name: "Premium-Seite von 2026-W48" })).toBeTruthy()
    // The upload date in German ("23.11.2026, …"; 12:00 UTC is the 23rd in any zone but ±12).
    expect(within(table).getByText(/^23\.11\.2026/)).toBeTruthy()
  })
})
