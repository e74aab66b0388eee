import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { anEntry } from "../../../../web/src/entries/entry-fixtures.ts"
import type { Spotlight } from "../../api/admin-types.ts"
import { refusal, renderAdmin, server, signedInAsAdmin } from "../../test/render.tsx"
import { entryIdOf } from "./SpotlightPage.tsx"

configure({ asyncUtilTimeout: 5000 })

const aSpotlight = (overrides: Partial<Spotlight> = {}): Spotlight => ({
  id: "s1",
  startsAt: "2026-11-22T09:00:00.000Z",
  endsAt: "2026-11-29T09:00:00.000Z",
  status: "active",
  entry: anEntry({ id: "e1", username: "grace" }),
  ...overrides,
})

/** GET /api/admin/spotlights answers `list`, which POST and DELETE change; bodies are kept. */
const spotlightAnswers = (start: ReadonlyArray<Spotlight>) => {
  let list = [...start]
  const sent: unknown[] = []
  const removed: string[] = []
  server.use(
    http.get("*/api/admin/spotlights", () => HttpResponse.json(list)),
    http.post("*/api/admin/spotlights", async ({ request }) => {
      const body = (await request.json()) as { entryId: string; startsAt: string; endsAt: string }
      sent.push(body)
      const added = aSpotlight({
        id: "s2",
        status: "upcoming",
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        entry: anEntry({ id: body.entryId, username: "marie" }),
      })
      list = [added, ...list]
      return HttpResponse.json(added, { status: 201 })
    }),
    http.delete("*/api/admin/spotlights/:id", ({ params }) => {
      removed.push(String(params.id))
      list = list.filter((s) => s.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
  )
  return { sent, removed }
}

describe("the dashboard's Spotlight section", () => {
  it("reads an entry id from an entry's address or takes it as it is", () => {
    expect(entryIdOf(" https://colorday.test/entries/e42?x=1 ")).toBe("e42")
    expect(entryIdOf("e42")).toBe("e42")
  })

  it("lists the spotlights and features an entry pasted by its address", async () => {
    signedInAsAdmin()
    const { sent } = spotlightAnswers([aSpotlight()])
    renderAdmin("/admin/spotlight")
    const table = await screen.findByRole("table", { name: "Spotlight" })
    expect(within(table).getByRole("link", { name: "grace's entry" }).getAttribute("href")).toBe(
      "/entries/e1",
    )
    expect(within(table).getByText("Showing")).toBeTruthy()

    await userEvent.click(screen.getByRole("button", { name: "Feature entry" }))
    expect(await screen.findByText("Paste the entry's address or its id")).toBeTruthy()
    expect(sent).toEqual([])

    await userEvent.type(screen.getByLabelText("Entry"), "https://colorday.test/entries/e9")
    await userEvent.type(screen.getByLabelText("Starts"), "2026-12-01T09:00")
    await userEvent.type(screen.getByLabelText("Ends"), "2026-12-08T09:00")
    await userEvent.click(screen.getByRole("button", { name: "Feature entry" }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      entryId: "e9",
      startsAt: new Date("2026-12-01T09:00").toISOString(),
      endsAt: new Date("2026-12-08T09:00").toISOString(),
    })
    expect(await screen.findByText("Entry featured")).toBeTruthy()
    expect(await within(table).findByRole("link", { name: "marie's entry" })).toBeTruthy()
  })

  it("shows the server's refusal of a Lite member's entry", async () => {
    signedInAsAdmin()
    spotlightAnswers([])
    server.use(
      http.post("*/api/admin/spotlights", () =>
        refusal(
          409,
          "SPOTLIGHT_NOT_IN_PLAN",
          "Only entries by Color Pro or Color Champ members can be featured in the Spotlight, and this entry's artist is on another plan.",
        ),
      ),
    )
    renderAdmin("/admin/spotlight")
    expect(await screen.findByText("Nothing featured")).toBeTruthy()
    await userEvent.type(screen.getByLabelText("Entry"), "e3")
    await userEvent.type(screen.getByLabelText("Starts"), "2026-12-01T09:00")
    await userEvent.type(screen.getByLabelText("Ends"), "2026-12-08T09:00")
    await userEvent.click(screen.getByRole("button", { name: "Feature entry" }))
    expect(
      await screen.findByText(/Only entries by Color Pro or Color Champ members can be featured/),
    ).toBeTruthy()
  })

  it("removes a spotlight after a confirmation", async () => {
    signedInAsAdmin()
    const { removed } = spotlightAnswers([aSpotlight()])
    renderAdmin("/admin/spotlight")
    await userEvent.click(await screen.findByRole("button", { name: "Remove grace's entry" }))
    const dialog = await screen.findByRole("alertdialog", {
      name: "Take grace's entry out of the Spotlight?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove" }))
    expect(await screen.findByText("Removed from the Spotlight")).toBeTruthy()
    expect(removed).toEqual(["s1"])
    expect(await screen.findByText("Nothing featured")).toBeTruthy()
  })
})

describe("the Spotlight in the admin's language (issue 22)", () => {
  it("lists, checks the form and removes in Spanish", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/users/:id/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "es" }),
      ),
    )
    const { removed } = spotlightAnswers([aSpotlight()])
    renderAdmin("/admin/spotlight")
    // The Spanish catalogs are compiled on first use: slow on a busy machine.
    const table = await screen.findByRole("table", { name: "Destacado" }, { timeout: 15_000 })
    expect(screen.getByRole("heading", { name: "Destacado", level: 1 })).toBeTruthy()
    expect(
      within(table).getByRole("link", { name: "Participación de grace" }).getAttribute("href"),
    ).toBe("/entries/e1")
    expect(within(table).getByText("Visible")).toBeTruthy()
    expect(within(table).getByRole("columnheader", { name: "Inicio" })).toBeTruthy()

    await userEvent.click(screen.getByRole("button", { name: "Destacar participación" }))
    expect(await screen.findByText("Pegue la dirección de la participación o su id")).toBeTruthy()
    expect(screen.getByText("Elija cuándo empieza a mostrarse")).toBeTruthy()
    expect(screen.queryByText("Paste the entry's address or its id")).toBeNull()

    await userEvent.click(screen.getByRole("button", { name: "Quitar la participación de grace" }))
    const dialog = await screen.findByRole("alertdialog", {
      name: "¿Quitar de Destacado la participación de grace?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Quitar" }))
    expect(await screen.findByText("Quitada de Destacado")).toBeTruthy()
    expect(removed).toEqual(["s1"])
    expect(await screen.findByText("Nada destacado")).toBeTruthy()
  })
})
