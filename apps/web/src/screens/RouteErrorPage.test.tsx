import { render, screen } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router-dom"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import RouteErrorPage from "./RouteErrorPage.tsx"

const Broken = (): never => {
  throw new Error("The gallery could not be drawn")
}

const Unreached = () => <p>The route rendered</p>

const renderFailing = (route: { Component?: () => never; loader?: () => never }) => {
  const router = createMemoryRouter([
    {
      path: "/",
      Component: Unreached,
      HydrateFallback: () => null,
      ...route,
      errorElement: <RouteErrorPage />,
    },
  ])
  render(<RouterProvider router={router} />)
}

describe("the router's error page", () => {
  // React and the router report the thrown error on the console; the page is what is checked.
  beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => {}))
  afterEach(() => vi.restoreAllMocks())

  it("says 'Unexpected Application Error!' with the error's message", async () => {
    renderFailing({ Component: Broken })
    expect(
      await screen.findByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeTruthy()
    expect(screen.getByRole("alert").textContent).toContain("The gallery could not be drawn")
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/")
  })

  it("shows the status of a thrown response", async () => {
    renderFailing({
      loader: () => {
        // The router's contract: a thrown Response is a route error response (status, statusText).
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        throw new Response("", { status: 503, statusText: "Service Unavailable" })
      },
    })
    expect(await screen.findByText("503 Service Unavailable")).toBeTruthy()
    expect(screen.queryByText("The route rendered")).toBeNull()
  })
})
