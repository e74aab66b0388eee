import { render, screen, within } from "@testing-library/react"
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { http, HttpResponse } from "msw"
import { MemoryRouter } from "react-router-dom"
import { describe, expect, it, vi } from "vitest"
import { anEntry } from "../../entries/entry-fixtures.ts"
import { server } from "../../test/server.ts"
import { SpotlightRow } from "./SpotlightRow.tsx"

const renderRow = () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SpotlightRow />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const spotlight = (id: string, username: string) => ({
  id: `s-${id}`,
  startsAt: "2026-11-22T00:00:00.000Z",
  endsAt: "2026-11-29T00:00:00.000Z",
  status: "active",
  entry: anEntry({ id, username }),
})

describe("the home page's Spotlight row", () => {
  it("shows the featured entries, each opening in the lightbox", async () => {
    server.use(
      http.get("*/api/spotlight", () =>
        HttpResponse.json([spotlight("e1", "grace"), spotlight("e2", "marie")]),
      ),
    )
    renderRow()
    const section = (await screen.findByRole("heading", { name: "Spotlight" })).closest(
      "section",
    ) as HTMLElement
    const items = within(section).getAllByRole("listitem")
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("grace"),
      expect.stringContaining("marie"),
    ])
    expect(
      within(items[0] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/entries/e1")
  })

  it("is not there when nothing is featured", async () => {
    let answered = false
    server.use(
      http.get("*/api/spotlight", () => {
        answered = true
        return HttpResponse.json([])
      }),
    )
    const { container } = renderRow()
    await vi.waitFor(() => expect(answered).toBe(true))
    expect(screen.queryByRole("heading", { name: "Spotlight" })).toBeNull()
    expect(container.textContent).toBe("")
  })
})
