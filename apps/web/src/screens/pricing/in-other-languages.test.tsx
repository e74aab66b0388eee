import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 10_000 })

// The screens of i18n part A read every text from the catalogs: in German and Spanish no English
// is left (apps/web/src/test/setup.ts puts the page back into English after each test).
describe("part A's screens in another language", () => {
  it("shows the pricing page in German: title, perks with German numbers, the visitor's button", async () => {
    await activateLanguage("de")
    signedInAs(null)
    renderRoute("/pricing")
    expect(await screen.findByRole("heading", { name: "Preise", level: 1 })).toBeTruthy()
    const free = (await screen.findByRole("heading", { name: PLANS.free.name })).closest(
      "article",
    ) as HTMLElement
    expect(within(free).getByText(`${PLANS.free.voteWeight}-faches Stimmgewicht`)).toBeTruthy()
    expect(await within(free).findByRole("button", { name: "Kostenlos registrieren" })).toBeTruthy()
    const champ = screen
      .getByRole("heading", { name: PLANS.champ.name })
      .closest("article") as HTMLElement
    expect(within(champ).getByText("Unbegrenzte Beiträge pro Monat")).toBeTruthy()
    expect(screen.getByRole("heading", { name: "Belohnungen für Gewinner" })).toBeTruthy()
    expect(screen.getByText("Erster Sieg")).toBeTruthy()
    expect(screen.queryByText("Sign Up Free")).toBeNull()
    expect(screen.queryByText(/vote weight/)).toBeNull()
  })

  it("asks for a reset link in Spanish and names the address in the sent view", async () => {
    server.use(http.post("*/api/users/forgot-password", () => HttpResponse.json({ message: "ok" })))
    await activateLanguage("es")
    signedInAs(null)
    renderRoute("/forgot-password")
    expect(await screen.findByRole("heading", { name: "Contraseña olvidada" })).toBeTruthy()
    await userEvent.type(
      screen.getByLabelText("Dirección de correo electrónico"),
      "ada@example.com",
    )
    await userEvent.click(screen.getByRole("button", { name: "Enviar enlace de restablecimiento" }))
    expect(
      await screen.findByRole("heading", { name: "Revise su correo electrónico" }),
    ).toBeTruthy()
    expect(screen.getByText(/Si existe una cuenta con/).textContent).toMatch(
      /ada@example\.com.*El enlace que contiene es válido durante 1 hora\./,
    )
    expect(screen.getByRole("button", { name: "Probar con otro correo" })).toBeTruthy()
  })
})
