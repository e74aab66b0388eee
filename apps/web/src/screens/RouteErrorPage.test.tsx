import { screen, within } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { renderRoute, signedInAs } from "../test/render.tsx"

// Two screens of the real route tree broken: one crashes as it renders, the other's code cannot
// be loaded (a chunk lost to a deploy, a dropped connection).
vi.mock("./static/AboutPage.tsx", () => ({
  default: () => {
    throw new Error("The about page could not be drawn")
  },
}))
vi.mock("./static/TermsPage.tsx", () => {
  throw new Error("Failed to fetch dynamically imported module")
})

describe("the site's error page", () => {
  // React reports the thrown error on the console; the page is what is checked.
  beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => {}))
  afterEach(() => vi.restoreAllMocks())

  it("says 'Unexpected Application Error!' with the error's message, inside the frame", async () => {
    signedInAs(null)
    renderRoute("/about")
    const alert = await screen.findByRole("alert")
    expect(
      within(alert).getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeTruthy()
    expect(alert.textContent).toContain("The about page could not be drawn")
    expect(within(alert).getByRole("button", { name: "Reload Page" })).toBeTruthy()
    expect(within(alert).getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/")
    // The header and footer stay: the reader can go on to another page.
    expect(screen.getByRole("banner")).toBeTruthy()
    expect(screen.getByRole("contentinfo")).toBeTruthy()
  })

  it("shows a screen whose code failed to load, and goes away on the next page", async () => {
    signedInAs(null)
    const { router } = renderRoute("/terms")
    const alert = await screen.findByRole("alert")
    // The import's error, as vitest words it for a module that failed to load.
    expect(alert.textContent).toContain("error when mocking a module")
    expect(screen.getByRole("banner")).toBeTruthy()

    await router.navigate("/faq")
    expect(
      await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
    ).toBeTruthy()
    expect(screen.queryByRole("heading", { name: "Unexpected Application Error!" })).toBeNull()
  })
})
