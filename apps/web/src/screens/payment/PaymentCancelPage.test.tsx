import { configure, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderRoute, signedInAs } from "../../test/render.tsx"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

describe("the payment cancelled page", () => {
  it("says nothing was charged and links back to the plans and home", async () => {
    signedInAs(null)
    renderRoute("/payment-cancel")
    expect(
      await screen.findByText(
        "Your payment process was cancelled. No charges were made to your account.",
      ),
    ).toBeTruthy()
    expect(screen.getByRole("link", { name: "View Pricing Plans" }).getAttribute("href")).toBe(
      "/pricing",
    )
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/")
  })
})
