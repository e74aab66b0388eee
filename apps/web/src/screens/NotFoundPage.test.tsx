import { screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { renderRoute, signedInAs } from "../test/render.tsx"
import { server } from "../test/server.ts"

describe("the 404 page", () => {
  it("names the missing path and leads back home", async () => {
    // The home page it leads to may ask the API anything: answered, it is not under test here.
    server.use(http.all("*/api/*", () => HttpResponse.json(null, { status: 404 })))
    signedInAs(null)
    const { router } = renderRoute("/no/such-page")
    expect(
      await screen.findByRole("heading", { name: "Page not found" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByText("/no/such-page")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Visit the Gallery" }).getAttribute("href")).toBe(
      "/gallery",
    )
    await userEvent.click(screen.getByRole("link", { name: "Back to Home" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/"))
  })
})
