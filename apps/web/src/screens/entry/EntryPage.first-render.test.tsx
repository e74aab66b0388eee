import { screen } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it, vi } from "vitest"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { tailwindMergeBuilds } from "../../test/tailwind-merge-builds.ts"
import { anEntryPage } from "./entry-page-fixtures.ts"

// Imported in the factory: vi.mock runs before this file's imports.
vi.mock("tailwind-merge", async (importOriginal) =>
  (await import("../../test/tailwind-merge-builds.ts")).countedTailwindMerge(importOriginal),
)

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
    expect(tailwindMergeBuilds()).toBe(0)
  })
})
