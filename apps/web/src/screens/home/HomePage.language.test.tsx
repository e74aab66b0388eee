import { screen, within } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { anEntry } from "../../entries/entry-fixtures.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import { anArchiveItem, aPastContest, aResultRow } from "../contests/result-fixtures.ts"
import { HOUR, homeAnswers, prepareHomePage } from "./home-page-fixtures.ts"

prepareHomePage()

const locked = {
  access: "locked",
  unlockedBy: "Color Champ",
  opensAt: new Date(Date.now() - HOUR).toISOString(),
  startsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
  challenge: null,
  downloads: null,
}

const winner = anArchiveItem({
  contest: aPastContest({ id: "c-owl", title: "Owl at Dusk" }),
  winner: aResultRow(1, { entryId: "e-win", artistName: "grace", username: "grace" }),
})

describe("home below the contest, in Spanish (issue 22)", () => {
  it("reads early access, the spotlight, yesterday's winner and the recent entries in Spanish", async () => {
    await activateLanguage("es")
    signedInAs(null)
    homeAnswers({ earlyAccess: locked, latestWinner: winner })
    server.use(
      http.get("*/api/spotlight", () =>
        HttpResponse.json([
          {
            id: "s-1",
            startsAt: "2026-11-22T00:00:00.000Z",
            endsAt: "2026-11-29T00:00:00.000Z",
            status: "active",
            entry: anEntry({ id: "e-spot", username: "marie" }),
          },
        ]),
      ),
    )
    renderRoute("/")

    const early = await screen.findByRole("region", {
      name: "La página de mañana (acceso anticipado)",
    })
    expect(
      within(early).getByText(
        "Los miembros de Color Champ descargan ya el dibujo para colorear de mañana, desde las 18:00 del día anterior.",
      ),
    ).toBeTruthy()
    expect(within(early).getByRole("link", { name: "Ver Color Champ" })).toBeTruthy()

    const spotlight = await screen.findByRole("region", { name: "Destacados" })
    expect(within(spotlight).getAllByRole("listitem")).toHaveLength(1)

    const won = await screen.findByRole("region", { name: "Ganador de ayer" })
    expect(won.textContent).toContain("grace ganó «Owl at Dusk»")
    expect(
      within(won)
        .getByRole("link", { name: "Ver los resultados de «Owl at Dusk»" })
        .getAttribute("href"),
    ).toBe("/contests/c-owl")

    const recent = await screen.findByRole("region", { name: "Participaciones recientes" })
    expect(within(recent).getByRole("link", { name: "Ver todo" }).getAttribute("href")).toBe(
      "/gallery",
    )
    expect(document.body.textContent).not.toMatch(
      /Yesterday's winner|Recent Submissions|Spotlight|Tomorrow's page/,
    )
  })

  it("says in Spanish that there are no entries yet", async () => {
    await activateLanguage("es")
    signedInAs(null)
    homeAnswers({ recent: { items: [], nextCursor: null } })
    server.use(http.get("*/api/spotlight", () => HttpResponse.json([])))
    renderRoute("/")
    expect(await screen.findByText("Aún no hay participaciones")).toBeTruthy()
    expect(
      screen.getByText(
        "Sea el primero en participar en el concurso de hoy: descargue el dibujo para colorear de arriba.",
      ),
    ).toBeTruthy()
  })
})
