import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { Drawing } from "../../api/types.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

/** A drawn drawing whose values re-check (the golden values of draw-rules.test.ts). */
const drawn: Drawing = {
  id: "d-pro",
  month: "2026-10",
  tier: "pro",
  planName: "Color Pro",
  prizeCents: 5000,
  status: "drawn",
  commitment: "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",
  seed: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
  entrants: ["member-a", "member-b", "member-c", "member-d", "member-e"],
  listHash: "12f9158d7c47f166efb33f2fa9cbabfcf0682c11d9a5e569a34effadd25fe283",
  winnerId: "member-b",
  winnerName: "bea",
  committedAt: "2026-10-01T00:00:00.000Z",
  drawnAt: "2026-11-01T00:01:00.000Z",
  paidAt: null,
}

const committed: Drawing = {
  ...drawn,
  id: "d-lite",
  month: "2026-11",
  tier: "lite",
  planName: "Color Lite",
  prizeCents: 2500,
  status: "committed",
  seed: null,
  entrants: null,
  listHash: null,
  winnerId: null,
  winnerName: null,
  drawnAt: null,
}

const open = async (drawings: ReadonlyArray<Drawing>) => {
  server.use(http.get("*/api/drawings", () => HttpResponse.json(drawings)))
  renderRoute("/rewards/drawings")
  expect(await screen.findByRole("heading", { name: "Monthly drawings" })).toBeTruthy()
}

describe("/rewards/drawings", () => {
  it("states who is eligible, the odds and how to check; a committed drawing shows no seed", async () => {
    signedInAs(null)
    await open([committed, drawn])
    expect(screen.getByText(/Odds: 1 in the number of entrants/)).toBeTruthy()
    expect(screen.getByText(/every member who asked for a free entry/)).toBeTruthy()
    expect(screen.getByText(/held that plan at any time during the month/)).toBeTruthy()
    expect(
      screen.getByText(/suspended or deleted when the draw is made is in no drawing/),
    ).toBeTruthy()
    expect(screen.getByText(/Numbers at or above that multiple are skipped/)).toBeTruthy()
    const lite = await screen.findByRole("article", { name: "Color Lite · November 2026" })
    expect(within(lite).getByText("$25")).toBeTruthy()
    expect(within(lite).getAllByText("revealed at the draw")).toHaveLength(2)
    expect(within(lite).queryByRole("button", { name: "Re-check" })).toBeNull()
    const pro = screen.getByRole("article", { name: "Color Pro · October 2026" })
    expect(within(pro).getByText(/Winner: bea of 5 entrants/)).toBeTruthy()
  })

  it("re-checks a draw in the browser, and says which check fails when a value was changed", async () => {
    signedInAs(null)
    const tampered = {
      ...drawn,
      id: "d-champ",
      tier: "champ" as const,
      planName: "Color Champ",
      winnerId: "member-a",
    }
    await open([drawn, tampered])
    const pro = await screen.findByRole("article", { name: "Color Pro · October 2026" })
    await userEvent.click(within(pro).getByRole("button", { name: "Re-check" }))
    expect(await within(pro).findByText(/Checked in your browser/)).toBeTruthy()
    const champ = screen.getByRole("article", { name: "Color Champ · October 2026" })
    await userEvent.click(within(champ).getByRole("button", { name: "Re-check" }))
    expect((await within(champ).findByRole("alert")).textContent).toMatch(
      /^Does not match \(winner\)/,
    )
  })

  it("a member enters free with one click, and the page names the drawing they are in", async () => {
    signedInAs(aMember())
    let calls = 0
    server.use(
      http.post("*/api/drawings/free-entry", () => {
        calls += 1
        return HttpResponse.json({
          month: "2026-11",
          tier: "lite",
          requestedAt: "2026-11-22T12:00:00.000Z",
          created: calls === 1,
        })
      }),
    )
    await open([])
    expect(await screen.findByText("No drawings yet")).toBeTruthy()
    await userEvent.click(
      await screen.findByRole("button", { name: "Enter this month's drawing free" }),
    )
    expect(
      (await screen.findByText(/You're in the Color Lite drawing of November 2026/)).getAttribute(
        "role",
      ),
    ).toBe("status")
    expect(calls).toBe(1)
  })

  it("a visitor gets the sign-in button instead of the free entry", async () => {
    signedInAs(null)
    await open([])
    expect(await screen.findByRole("button", { name: "Sign in to enter free" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Enter this month's drawing free" })).toBeNull()
  })
})
