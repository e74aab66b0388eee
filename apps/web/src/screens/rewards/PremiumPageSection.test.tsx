import { configure, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { grantedPremiumPage, lockedPremiumPage } from "./premium-page-fixtures.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

const section = async () =>
  (await screen.findByRole("heading", { name: "This week's premium page" })).closest(
    "section",
  ) as HTMLElement

describe("rewards: this week's premium page", () => {
  it("lets a Pro member download the week's page as PNG or print PDF", async () => {
    signedInAs(aMember(), aSubscription({ tier: "pro" }))
    grantedPremiumPage()
    renderRoute("/rewards")
    const premium = await section()
    expect(await within(premium).findByText("Winter Owl")).toBeTruthy()
    expect(within(premium).getByText(/week 48 of 2026/)).toBeTruthy()
    expect(
      within(premium)
        .getByRole("link", { name: "Download this week's premium page as PNG" })
        .getAttribute("href"),
    ).toBe("/api/premium-page.png")
    expect(
      within(premium)
        .getByRole("link", { name: "Download this week's premium page as a print PDF, US Letter" })
        .getAttribute("href"),
    ).toBe("/api/premium-page.pdf?paper=letter")
  })

  it("says when the week's page is not out yet", async () => {
    signedInAs(aMember(), aSubscription({ tier: "champ", unlimited: true }))
    grantedPremiumPage(null)
    renderRoute("/rewards")
    const premium = await section()
    expect(await within(premium).findByText(/is not out yet/)).toBeTruthy()
    expect(within(premium).queryByRole("link", { name: /Download/ })).toBeNull()
  })

  it("shows others the page locked, with the plan that unlocks it and a link to /pricing", async () => {
    signedInAs(aMember(), aSubscription({ tier: "lite" }))
    lockedPremiumPage()
    renderRoute("/rewards")
    const premium = await section()
    expect(await within(premium).findByText(/an extra page every week for Color Pro/)).toBeTruthy()
    expect(within(premium).getByText(/Winter Owl/)).toBeTruthy()
    expect(
      within(premium).getByRole("link", { name: "Unlock with Color Pro" }).getAttribute("href"),
    ).toBe("/pricing")
    expect(within(premium).queryByRole("link", { name: /Download/ })).toBeNull()
  })
})
