import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { aMember, renderRoute, signedInAs } from "../test/render.tsx"
import { server } from "../test/server.ts"

describe("the header", () => {
  it("offers Sign In and Sign Up to a visitor, and an unknown path shows the 404 page", async () => {
    signedInAs(null)
    renderRoute("/no-such-page")
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy()
    expect(await screen.findAllByRole("button", { name: "Sign In" })).not.toHaveLength(0)
    expect(screen.queryByRole("link", { name: "Profile" })).toBeNull()
  })

  it("shows Profile, Sign Out and, for an admin, the Dashboard link", async () => {
    signedInAs(aMember({ isAdmin: true }))
    renderRoute("/no-such-page")
    const header = await screen.findByRole("banner")
    expect(await within(header).findByRole("link", { name: "Dashboard" })).toBeTruthy()
    expect(within(header).getByRole("link", { name: "Profile" })).toBeTruthy()
  })

  it("signs out with the toast 'Signed out'", async () => {
    signedInAs(aMember())
    server.use(http.post("*/api/users/logout", () => new HttpResponse(null, { status: 204 })))
    renderRoute("/no-such-page")
    const header = await screen.findByRole("banner")
    await userEvent.click(await within(header).findByRole("button", { name: "Sign Out" }))
    expect(await screen.findByText("You have been successfully signed out.")).toBeTruthy()
    expect(within(header).getByRole("button", { name: "Sign In" })).toBeTruthy()
  })

  it("opens and closes the mobile menu", async () => {
    signedInAs(null)
    renderRoute("/no-such-page")
    const toggle = await screen.findByRole("button", { name: "Open menu" })
    await userEvent.click(toggle)
    expect(screen.getByRole("navigation", { name: "Mobile" })).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "Close menu" }))
    expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull()
  })
})
