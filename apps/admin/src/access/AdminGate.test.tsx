import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { Overview } from "../api/admin-types.ts"
import {
  adminRequests,
  aMember,
  held,
  refusal,
  renderAdmin,
  server,
  signedInAs,
  signedInAsAdmin,
} from "../test/render.tsx"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

const emptyOverview: Overview = {
  today: { contest: null, counts: { entries: 0, votes: 0, downloads: 0, views: 0 } },
  upcoming: [],
  recentSignUps: [],
  unreadMessages: 0,
  latestMessages: [],
}

const answerOverview = () =>
  server.use(http.get("*/api/admin/overview", () => HttpResponse.json(emptyOverview)))

describe("who may see the dashboard", () => {
  it("shows a spinner while the session is read, then the overview to an admin", async () => {
    const session = held()
    server.use(
      http.get("*/api/session", async () => {
        await session.until
        return HttpResponse.json({
          user: aMember({ isAdmin: true }),
          subscription: {
            tier: "free",
            remaining_submissions: 2,
            unlimited: false,
            renews_at: null,
          },
        })
      }),
    )
    answerOverview()
    renderAdmin("/admin")
    expect(await screen.findByText("Checking your access…")).toBeTruthy()
    expect(screen.queryByRole("navigation")).toBeNull()
    session.release()
    expect(await screen.findByRole("heading", { name: "Overview" })).toBeTruthy()
    expect(screen.getByRole("navigation", { name: "Dashboard" })).toBeTruthy()
  })

  it("asks a visitor to sign in, links to the site's sign-in dialog and asks nothing of /api/admin", async () => {
    signedInAs(null)
    const requests = adminRequests()
    renderAdmin("/admin/members")
    expect(await screen.findByRole("heading", { name: "Sign in as an admin" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/?signin=true")
    expect(screen.queryByRole("navigation")).toBeNull()
    expect(requests).toEqual([])
  })

  it("tells a member who is not an admin 'Admins only', shows no dashboard and requests nothing", async () => {
    signedInAs(aMember({ isAdmin: false }))
    const requests = adminRequests()
    renderAdmin("/admin/contests")
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Back to Colorday" }).getAttribute("href")).toBe("/")
    expect(screen.queryByRole("navigation")).toBeNull()
    expect(screen.queryByRole("heading", { name: "Contests" })).toBeNull()
    // Give a wrongly rendered section time to fire its requests.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(requests).toEqual([])
  })

  it("does not trust a stored copy claiming admin: the server's answer decides", async () => {
    window.localStorage.setItem(
      "colorday.user",
      JSON.stringify({ user: aMember({ isAdmin: true }), subscription: null }),
    )
    signedInAs(aMember({ isAdmin: false }))
    const requests = adminRequests()
    renderAdmin("/admin")
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeTruthy()
    expect(requests).toEqual([])
  })

  it("says when the session could not be read, and Try again reads it again", async () => {
    let fail = true
    server.use(
      http.get("*/api/session", () =>
        fail
          ? refusal(500, "INTERNAL", "Database down")
          : HttpResponse.json({
              user: aMember({ isAdmin: true }),
              subscription: {
                tier: "free",
                remaining_submissions: 2,
                unlimited: false,
                renews_at: null,
              },
            }),
      ),
    )
    answerOverview()
    renderAdmin("/admin")
    const alert = await screen.findByRole("alert", {}, { timeout: 8000 })
    expect(within(alert).getByText("Database down")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("heading", { name: "Overview" })).toBeTruthy()
  })
})

describe("the admin layout", () => {
  it("links every section, the site and Sign Out; signing out leaves the dashboard", async () => {
    signedInAsAdmin()
    answerOverview()
    server.use(http.post("*/api/users/logout", () => new HttpResponse(null, { status: 204 })))
    renderAdmin("/admin")
    const nav = await screen.findByRole("navigation", { name: "Dashboard" })
    for (const name of [
      "Overview",
      "Contests",
      "Calendar",
      "Drawings",
      "Members",
      "Badges",
      "Messages",
      "Analytics",
      "Audit log",
    ])
      expect(within(nav).getByRole("link", { name })).toBeTruthy()
    expect(within(nav).getByRole("link", { name: "Contests" }).getAttribute("href")).toBe(
      "/admin/contests",
    )
    const site = screen.getAllByRole("link", { name: "Back to site" })[0]
    expect(site?.getAttribute("href")).toBe("/")
    const [signOut] = screen.getAllByRole("button", { name: "Sign Out" })
    if (!signOut) throw new Error("no Sign Out button")
    await userEvent.click(signOut)
    expect(await screen.findByRole("heading", { name: "Sign in as an admin" })).toBeTruthy()
    expect(await screen.findByText("You have been successfully signed out.")).toBeTruthy()
  })

  it("opens and closes the mobile menu", async () => {
    signedInAsAdmin()
    answerOverview()
    renderAdmin("/admin")
    await userEvent.click(await screen.findByRole("button", { name: "Open menu" }))
    const menu = screen.getByRole("navigation", { name: "Dashboard menu" })
    expect(within(menu).getByRole("link", { name: "Audit log" })).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "Close menu" }))
    await waitFor(() =>
      expect(screen.queryByRole("navigation", { name: "Dashboard menu" })).toBeNull(),
    )
  })

  it("shows the 404 page for a path the dashboard does not have", async () => {
    signedInAsAdmin()
    renderAdmin("/admin/nothing-here")
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy()
  })
})
