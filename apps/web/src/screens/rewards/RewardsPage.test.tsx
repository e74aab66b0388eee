import { configure, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import { PERKS, PLANS } from "../../../../../domain/plans/plans.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { lockedPremiumPage } from "./premium-page-fixtures.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

describe("the rewards page", () => {
  it("shows the drawings of the plan table, the tier rewards and the six badges", async () => {
    signedInAs(null)
    lockedPremiumPage()
    renderRoute("/rewards")
    const drawings = (await screen.findByRole("heading", { name: /Monthly cash drawings/ }))
      .parentElement as HTMLElement
    for (const plan of [PLANS.lite, PLANS.pro, PLANS.champ]) {
      const amount = within(drawings).getByText(`$${(plan.drawingCents ?? 0) / 100}`)
      expect(amount.parentElement?.textContent).toContain(plan.name)
    }
    expect(within(drawings).getByText(/No purchase necessary/)).toBeTruthy()
    expect(
      within(drawings)
        .getByRole("link", { name: "enter the monthly drawing free" })
        .getAttribute("href"),
    ).toBe("/rewards/drawings")

    const tiers = screen.getByRole("heading", { name: "Tier rewards" }).parentElement as HTMLElement
    const champ = within(tiers).getByRole("article", { name: PLANS.champ.name })
    expect(within(champ).getByText(`${PLANS.champ.voteWeight}× vote weight`)).toBeTruthy()
    expect(within(champ).getByText(PERKS["custom-line-art-requests"].text)).toBeTruthy()
    // The rule in the contract's one set of words.
    expect(
      screen.getByText(
        /^The entry with the highest score wins\. Score = votes weighted by each voter's plan \(1× to 3×\); ties go to the earlier entry\./,
      ),
    ).toBeTruthy()
    const curious = within(tiers).getByRole("article", { name: PLANS.free.name })
    expect(within(curious).getByText(PERKS["results-ribbons"].text)).toBeTruthy()

    const badges = screen.getByRole("heading", { name: "Badges" }).parentElement as HTMLElement
    const items = within(badges).getAllByRole("listitem")
    expect(items).toHaveLength(6)
    for (const badge of Object.values(BADGES)) {
      const item = within(badges).getByRole("heading", { name: badge.name }).closest("li")
      expect(item?.textContent).toContain(badge.description)
      const icon = item?.querySelector(`svg[data-icon="${badge.icon}"]`)
      expect(icon?.getAttribute("class")).toContain(badge.iconColor)
    }
    expect(screen.getByRole("heading", { name: "How rewards work" })).toBeTruthy()
  })
})
