import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import { PLANS } from "../../../../../domain/plans/plans.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import type { BillingHistory, MemberStats } from "../../api/types.ts"
import { badgeAnswer } from "../../test/answers.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 10_000 })

const MEMBER = aMember({ createdDate: "2026-03-14T10:00:00.000Z" })
const STATS: MemberStats = {
  totalSubmissions: 1,
  totalVotes: 87,
  winCount: 3,
  contestsParticipated: 9,
}
const NO_PAYMENTS: BillingHistory = { records: [], nextCursor: null }

/** Everything the profile and its Settings tab read, with the member's language setting. */
const profileReads = (language: "en" | "es" | "de") =>
  server.use(
    http.get("*/api/users/user-stats/user", () => HttpResponse.json(STATS)),
    http.get(`*/api/submissions/user/${MEMBER.id}`, () => HttpResponse.json([])),
    http.get(`*/api/users/${MEMBER.id}/settings`, () =>
      HttpResponse.json({ ...DEFAULT_SETTINGS, language }),
    ),
    http.get("*/api/billing/history", () => HttpResponse.json(NO_PAYMENTS)),
    http.get(`*/api/users/${MEMBER.id}/two-factor`, () =>
      HttpResponse.json({ enabled: true, recoveryCodesLeft: 1 }),
    ),
    http.get("*/api/line-art-requests", () =>
      HttpResponse.json({ canRequest: false, unlockedBy: PLANS.champ.name, requests: [] }),
    ),
    http.get(`*/api/badges/user/${MEMBER.id}`, () =>
      HttpResponse.json([
        badgeAnswer({ ...BADGES["first-win"], earnedAt: "2026-05-02T12:00:00.000Z" }),
      ]),
    ),
  )

// The profile and its settings read every text from the catalogs (web-profile, web-settings):
// in Spanish and German no English is left (apps/web/src/test/setup.ts puts the page back into
// English after each test).
describe("the profile in another language", () => {
  it("follows a member whose setting is Spanish: header, tabs and the Settings tab in Spanish", async () => {
    signedInAs(MEMBER, aSubscription({ tier: "pro", remaining_submissions: 17 }))
    profileReads("es")
    renderRoute("/profile")
    // The member's setting switches the page once their settings are read (layout/language.tsx).
    await waitFor(() => expect(document.documentElement.lang).toBe("es"))
    expect(await screen.findByText("Miembro desde marzo de 2026")).toBeTruthy()
    expect(await screen.findByText("3 victorias")).toBeTruthy()
    expect(screen.getByText("1 participación")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Participar en el concurso de hoy" })).toBeTruthy()
    const box = screen.getByRole("region", { name: "Su suscripción" })
    expect(within(box).getByText("Participaciones restantes")).toBeTruthy()
    expect(within(box).getByRole("link", { name: "Mejorar el plan" })).toBeTruthy()
    expect(screen.getByRole("tab", { name: "Logros" })).toBeTruthy()
    expect(
      await screen.findByText(
        `Las solicitudes de dibujos para colorear personalizados se incluyen con ${PLANS.champ.name}.`,
      ),
    ).toBeTruthy()

    await userEvent.click(screen.getByRole("tab", { name: "Configuración" }))
    const account = await screen.findByRole("region", { name: "Configuración de la cuenta" })
    expect(within(account).getByRole("combobox", { name: "Idioma" }).textContent).toContain(
      "Español",
    )
    const zone = within(account).getByRole("combobox", { name: "Zona horaria" })
    expect(within(zone).getByRole("group", { name: "Zonas horarias habituales" })).toBeTruthy()
    expect(within(zone).getByRole("option", { name: "Hora de Europa Central" })).toBeTruthy()
    const europe = within(zone).getByRole("group", { name: "Europa" })
    expect(within(europe).getByRole("option", { name: "Europe/Madrid" })).toBeTruthy()
    expect(await within(account).findByText(/Le queda 1 código de recuperación\./)).toBeTruthy()
    expect(screen.getByRole("switch", { name: "Resumen semanal" })).toBeTruthy()
    expect(screen.getByRole("switch", { name: "Mostrar la fecha de alta" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Guardar configuración" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Cambiar contraseña" })).toBeTruthy()
    expect(screen.getByRole("region", { name: "Sus datos" })).toBeTruthy()
    const subscription = screen.getByRole("region", { name: "Suscripción" })
    expect(within(subscription).getByText("Coste mensual")).toBeTruthy()
    expect(within(subscription).getByText("No hay ningún método de pago registrado")).toBeTruthy()
    const danger = screen.getByRole("region", { name: "Zona de peligro" })
    expect(
      within(danger).getByText(
        `Cancele su plan ${PLANS.pro.name} y vuelva al plan gratuito ${PLANS.free.name}.`,
      ),
    ).toBeTruthy()
    for (const english of ["Save Settings", "Weekly summary", "Account settings", "Timezone"]) {
      expect(screen.queryByText(english)).toBeNull()
    }
  })

  it("shows the Achievements tab in German: counters, the badge's name and date", async () => {
    await activateLanguage("de")
    signedInAs(MEMBER)
    profileReads("de")
    renderRoute("/profile")
    await userEvent.click(await screen.findByRole("tab", { name: "Erfolge" }))
    const counter = async (label: string) =>
      (await screen.findByText(label)).nextElementSibling?.textContent ?? null
    expect(await counter("Beiträge insgesamt")).toBe("1")
    expect(await counter("Gewonnene Wettbewerbe")).toBe("3")
    const badges = await screen.findByRole("list", { name: "Ihre Abzeichen" })
    const win = within(badges).getByRole("heading", { name: "Erster Sieg" }).closest("li")
    expect(win?.textContent).toContain("Erhalten am 2. Mai 2026")
    expect(screen.getByRole("heading", { name: "Erhaltene Abzeichen" })).toBeTruthy()
    expect(screen.queryByText("Badges earned")).toBeNull()
    expect(screen.queryByText(BADGES["first-win"].name)).toBeNull()
  })
})
