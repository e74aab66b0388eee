import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import type { Drawing } from "../../api/admin-types.ts"
import { refusal, renderAdmin, server, signedInAsAdmin } from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const aDrawing = (overrides: Partial<Drawing> = {}): Drawing => ({
  id: "d-lite",
  month: "2026-10",
  tier: "lite",
  planName: "Color Lite",
  prizeCents: 2500,
  status: "committed",
  commitment: "ab".repeat(32),
  seed: null,
  entrants: null,
  listHash: null,
  winnerId: null,
  winnerName: null,
  committedAt: "2026-10-01T00:00:00.000Z",
  drawnAt: null,
  paidAt: null,
  ...overrides,
})

const drawn = (overrides: Partial<Drawing> = {}): Drawing =>
  aDrawing({
    status: "drawn",
    seed: "cd".repeat(32),
    entrants: ["m1", "m2", "m3"],
    listHash: "ef".repeat(32),
    winnerId: "m2",
    winnerName: "ada",
    drawnAt: "2026-11-01T00:05:00.000Z",
    ...overrides,
  })

/** GET /api/drawings answers `list()` each time it is asked (the page refetches after an action). */
const answerDrawings = (list: () => ReadonlyArray<Drawing>) =>
  server.use(http.get("*/api/drawings", () => HttpResponse.json(list())))

const month = (name: string) => screen.findByRole("region", { name: `Drawings of ${name}` })

describe("the drawings section", () => {
  it("lists each month's drawings and offers the draw only for a closed month", async () => {
    signedInAsAdmin()
    answerDrawings(() => [
      aDrawing({ id: "future", month: "2999-01" }),
      aDrawing({ id: "oct-lite" }),
      drawn({
        id: "sep-pro",
        month: "2026-09",
        tier: "pro",
        planName: "Color Pro",
        prizeCents: 5000,
      }),
      drawn({
        id: "sep-champ",
        month: "2026-09",
        tier: "champ",
        planName: "Color Champ",
        prizeCents: 10000,
        entrants: [],
        winnerId: null,
        winnerName: null,
      }),
    ])
    renderAdmin("/admin/drawings")
    expect(await screen.findByRole("heading", { name: "Drawings" })).toBeTruthy()
    expect(document.title).toBe("Drawings · Colorday admin")

    const future = (await screen.findByRole("heading", { name: "January 2999" }))
      .parentElement as HTMLElement
    expect(within(future).getByText("Drawn once the month has closed.")).toBeTruthy()
    expect(within(future).queryByRole("button", { name: "Run draw now" })).toBeNull()
    const october = screen.getByRole("heading", { name: "October 2026" })
      .parentElement as HTMLElement
    expect(within(october).getByRole("button", { name: "Run draw now" })).toBeTruthy()

    const september = await month("September 2026")
    const [pro, champ] = within(september).getAllByRole("row").slice(1)
    expect(pro?.textContent).toContain("$50")
    expect(pro?.textContent).toContain("ada")
    expect(within(pro as HTMLElement).getByRole("button", { name: /Mark paid out/ })).toBeTruthy()
    expect(champ?.textContent).toContain("no entrants")
    expect(within(champ as HTMLElement).queryByRole("button", { name: /Mark paid out/ })).toBeNull()
    const september2 = screen.getByRole("heading", { name: "September 2026" })
      .parentElement as HTMLElement
    expect(within(september2).queryByRole("button", { name: "Run draw now" })).toBeNull()
  })

  it("runs a closed month's draw after confirming, and shows a refusal in the dialog", async () => {
    signedInAsAdmin()
    let list: ReadonlyArray<Drawing> = [aDrawing()]
    answerDrawings(() => list)
    const asked: string[] = []
    let refuse = true
    server.use(
      http.post("*/api/admin/drawings/:month/draw", ({ params }) => {
        asked.push(String(params.month))
        if (refuse) return refusal(400, "BAD_REQUEST", "The month 2026-10 was never committed")
        list = [drawn()]
        return HttpResponse.json([{ drawnNow: true, drawing: drawn() }])
      }),
    )
    renderAdmin("/admin/drawings")
    await userEvent.click(await screen.findByRole("button", { name: "Run draw now" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Draw October 2026 now?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Run draw now" }))
    expect(await within(dialog).findByText("The month 2026-10 was never committed")).toBeTruthy()

    refuse = false
    await userEvent.click(within(dialog).getByRole("button", { name: "Run draw now" }))
    expect(await screen.findByText("October 2026: 1 drawing drawn.")).toBeTruthy()
    expect(asked).toEqual(["2026-10", "2026-10"])
    const october = await month("October 2026")
    expect(await within(october).findByText("ada")).toBeTruthy()
    expect(within(october).getByText("Drawn")).toBeTruthy()
  })

  it("marks a drawn prize paid out after confirming", async () => {
    signedInAsAdmin()
    let list: ReadonlyArray<Drawing> = [drawn()]
    answerDrawings(() => list)
    const paid: string[] = []
    server.use(
      http.post("*/api/admin/drawings/:id/paid", ({ params }) => {
        paid.push(String(params.id))
        const done = drawn({ status: "paid", paidAt: "2026-11-03T10:00:00.000Z" })
        list = [done]
        return HttpResponse.json(done)
      }),
    )
    renderAdmin("/admin/drawings")
    await userEvent.click(await screen.findByRole("button", { name: /Mark paid out/ }))
    const dialog = await screen.findByRole("alertdialog", {
      name: "Mark $25 paid out to ada?",
    })
    expect(paid).toEqual([])
    await userEvent.click(within(dialog).getByRole("button", { name: "Mark paid out" }))
    expect(await screen.findByText("Marked paid out")).toBeTruthy()
    expect(paid).toEqual(["d-lite"])
    const october = await month("October 2026")
    expect(await within(october).findByText("Paid out")).toBeTruthy()
    expect(within(october).queryByRole("button", { name: /Mark paid out/ })).toBeNull()
  })
})

describe("the drawings section in the admin's language (issue 22)", () => {
  it("shows the months, prizes, statuses and the draw in German", async () => {
    await activateLanguage("de")
    signedInAsAdmin()
    server.use(
      // The admin's own setting, which the dashboard follows (signedInAsAdmin's id).
      http.get("*/api/users/99999999-9999-4999-8999-999999999999/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
    )
    let list: ReadonlyArray<Drawing> = [
      aDrawing({ id: "oct-lite" }),
      drawn({
        id: "sep-pro",
        month: "2026-09",
        tier: "pro",
        planName: "Color Pro",
        prizeCents: 5000,
      }),
      drawn({
        id: "sep-champ",
        month: "2026-09",
        tier: "champ",
        planName: "Color Champ",
        prizeCents: 10000,
        entrants: [],
        winnerId: null,
        winnerName: null,
      }),
    ]
    answerDrawings(() => list)
    server.use(
      http.post("*/api/admin/drawings/:month/draw", () => {
        list = [drawn(), ...list.slice(1)]
        return HttpResponse.json([{ drawnNow: true, drawing: drawn() }])
      }),
    )
    renderAdmin("/admin/drawings")
    expect(await screen.findByRole("heading", { name: "Verlosungen" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "der Verlosungsseite" }).getAttribute("href")).toBe(
      "/rewards/drawings",
    )

    const september = await screen.findByRole("region", { name: "Verlosungen im September 2026" })
    expect(within(september).getByRole("columnheader", { name: "Tarif" })).toBeTruthy()
    const [pro, champ] = within(september).getAllByRole("row").slice(1)
    // The dashboard's one money format: whole dollars without cents, as in English ("$50").
    expect(pro?.textContent).toContain("50\u00a0$") // Intl puts a no-break space before the sign
    expect(pro?.textContent).not.toContain("50,00")
    expect(pro?.textContent).toContain("Gezogen")
    expect(
      within(pro as HTMLElement).getByRole("button", { name: /Als ausgezahlt markieren/ }),
    ).toBeTruthy()
    expect(champ?.textContent).toContain("keine Teilnehmenden")
    expect(champ?.textContent).toContain("100\u00a0$")

    const october = await screen.findByRole("region", { name: "Verlosungen im Oktober 2026" })
    expect(within(october).getByText("Festgelegt, nicht gezogen")).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "Jetzt ziehen" }))
    const dialog = await screen.findByRole("alertdialog", {
      name: "Die Verlosungen von Oktober 2026 jetzt ziehen?",
    })
    expect(
      within(dialog).getByText(/^Die 1 festgelegte Verlosung von Oktober 2026 wird anhand/),
    ).toBeTruthy()
    await userEvent.click(within(dialog).getByRole("button", { name: "Jetzt ziehen" }))
    expect(await screen.findByText("Oktober 2026: 1 Verlosung gezogen.")).toBeTruthy()
    expect(await within(october).findByText("ada")).toBeTruthy()
    expect(screen.queryByText("Run draw now")).toBeNull()
  })
})
