import { screen } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it, vi } from "vitest"
import { entries } from "../../entries/entry-fixtures.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { tailwindMergeBuilds } from "../../test/tailwind-merge-builds.ts"

// Imported in the factory: vi.mock runs before this file's imports.
vi.mock("tailwind-merge", async (importOriginal) =>
  (await import("../../test/tailwind-merge-builds.ts")).countedTailwindMerge(importOriginal),
)

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
    expect(tailwindMergeBuilds()).toBe(0)
  })
})
