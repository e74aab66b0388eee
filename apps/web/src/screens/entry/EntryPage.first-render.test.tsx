import { screen } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import type * as TailwindMerge from "tailwind-merge"
import { describe, expect, it, vi } from "vitest"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { anEntryPage } from "./entry-page-fixtures.ts"

// tailwind-merge's builder, watched: building its class map is ~50 ms of a phone's first render
// (apps/ui/src/cn.ts), so an entry's page must draw without it (issue 20).
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

describe("an entry's page, first screen", () => {
  it("draws the picture, the artist, Votes and Score and the neighbours without building tailwind-merge", async () => {
    const page = anEntryPage(
      { id: "e2", username: "grace", voteCount: 1_204, weightedScore: 18.5, placement: 1 },
      { previousEntryId: "e1", nextEntryId: "e3" },
    )
    server.use(http.get("*/api/entries/:id", () => HttpResponse.json(page)))
    signedInAs(null)
    renderRoute("/entries/e2")
    expect(
      await screen.findByRole("heading", { level: 1, name: "grace's entry" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByText("1,204")).toBeTruthy()
    expect(built.count).toBe(0)
  })
})
