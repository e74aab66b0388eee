import { screen } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import type * as TailwindMerge from "tailwind-merge"
import { describe, expect, it, vi } from "vitest"
import { entries } from "../../entries/entry-fixtures.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// tailwind-merge's builder, watched: building its class map is ~50 ms of a phone's first render
// (apps/ui/src/cn.ts), so the gallery's first page must draw without it (issue 20).
const built = vi.hoisted(() => ({ count: 0 }))
vi.mock("tailwind-merge", async (importOriginal) => {
  const actual = await importOriginal<typeof TailwindMerge>()
  return {
    ...actual,
    extendTailwindMerge: (...args: Parameters<typeof actual.extendTailwindMerge>) => {
      built.count += 1
      return actual.extendTailwindMerge(...args)
    },
  }
})

describe("the gallery's first screen", () => {
  it("draws a page of 24 cards, their votes and share buttons without building tailwind-merge", async () => {
    server.use(
      http.get("*/api/gallery", () =>
        HttpResponse.json({ items: entries(24), nextCursor: "next" }),
      ),
    )
    signedInAs(null)
    renderRoute("/gallery")
    expect(
      await screen.findByRole("article", { name: "artist24's entry" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getAllByRole("article")).toHaveLength(24)
    expect(built.count).toBe(0)
  })
})
