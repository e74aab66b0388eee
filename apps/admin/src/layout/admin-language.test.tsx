import { configure, screen, waitFor } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../domain/accounts/member-settings.ts"
import { activateLanguage } from "../../../ui/src/i18n.tsx"
import { renderAdmin, server, signedInAsAdmin } from "../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const ADMIN_ID = "99999999-9999-4999-8999-999999999999"
const CASH = { kind: "cash", text: "Cash prize", amount: 2500, line: "$25 (Cash prize)" }

describe("the dashboard in the admin's language (issue 22)", () => {
  it("follows the admin's own language setting: the frame and the Settings screen in Spanish", async () => {
    signedInAsAdmin()
    server.use(
      http.get(`*/api/users/${ADMIN_ID}/settings`, () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "es" }),
      ),
      http.get("*/api/admin/settings/default-prize", () => HttpResponse.json({ prize: CASH })),
    )
    renderAdmin("/admin/settings")
    expect(
      // The Spanish catalogs are compiled on first use: slow on a busy machine.
      await screen.findByRole(
        "heading",
        { name: "Premio diario predeterminado" },
        { timeout: 15_000 },
      ),
    ).toBeTruthy()
    expect(screen.getByLabelText("Importe ($)")).toBeTruthy()
    expect(screen.getByLabelText("Texto del premio")).toBeTruthy()
    expect(screen.getByRole("button", { name: "Guardar premio predeterminado" })).toBeTruthy()
    expect(screen.getAllByRole("link", { name: "Concursos" }).length).toBeGreaterThan(0)
    expect(screen.getAllByRole("button", { name: "Cerrar sesión" }).length).toBeGreaterThan(0)
    await waitFor(() => expect(document.title).toBe("Ajustes · Administración de Colorday"))
    expect(screen.queryByText("Daily default prize")).toBeNull()
  })

  it("shows the overview in German, counts in German number format", async () => {
    await activateLanguage("de")
    signedInAsAdmin()
    server.use(
      http.get(`*/api/users/${ADMIN_ID}/settings`, () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
      http.get("*/api/admin/overview", () =>
        HttpResponse.json({
          today: { contest: null, counts: { entries: 1234, votes: 0, downloads: 0, views: 0 } },
          upcoming: [],
          recentSignUps: [],
          unreadMessages: 0,
          latestMessages: [],
        }),
      ),
    )
    renderAdmin("/admin")
    expect(await screen.findByText("Heute gibt es keinen Wettbewerb.")).toBeTruthy()
    expect(screen.getByText("Beiträge")).toBeTruthy()
    expect(screen.getByText("1.234")).toBeTruthy()
    expect(screen.getByText("Keine Wettbewerbe geplant")).toBeTruthy()
    expect(screen.getByText("Ungelesene Nachrichten (0)")).toBeTruthy()
    expect(screen.getAllByRole("link", { name: "Übersicht" }).length).toBeGreaterThan(0)
  })
})
