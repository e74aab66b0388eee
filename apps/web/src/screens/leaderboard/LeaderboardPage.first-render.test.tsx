import { screen } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it, vi } from "vitest"
import type { LeaderboardPeriod } from "../../api/types.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { tailwindMergeBuilds } from "../../test/tailwind-merge-builds.ts"
import { aRow } from "./leaderboard-fixtures.ts"

// Imported in the factory: vi.mock runs before this file's imports.
vi.mock("tailwind-merge", async (importOriginal) =>
  (await import("../../test/tailwind-merge-builds.ts")).countedTailwindMerge(importOriginal),
)

describe("/leaderboard's first screen", () => {
  it("draws the podium and 50 ranked rows without building tailwind-merge", async () => {
    const rows = Array.from({ length: 50 }, (_, index) =>
      aRow(index + 1, {
        avatarUrl: index === 0 ? "/images/avatar/1.jpg" : null,
        score: 11.5 - index,
        rawVotes: 1_199 - index,
      }),
    )
    server.use(
      http.get("*/api/leaderboard", ({ request }) => {
        const period = new URL(request.url).searchParams.get("period") as LeaderboardPeriod
        return HttpResponse.json({ period, rows, podium: rows.slice(0, 3) })
      }),
    )
    signedInAs(null)
    renderRoute("/leaderboard")
    const table = await screen.findByRole("table", undefined, { timeout: 10_000 })
    expect(table.querySelectorAll("tbody tr")).toHaveLength(50)
    // The score as the table writes it, in English without Intl: 12.5 - 1.
    expect(screen.getAllByText("11.5").length).toBeGreaterThan(0)
    expect(tailwindMergeBuilds()).toBe(0)
  })
})
