import { configure, screen, within } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import type { Leaderboard, LeaderboardRow } from "../api/types.ts"
import { renderRoute, signedInAs } from "../test/render.tsx"
import { server } from "../test/server.ts"
import { anEntry } from "./entry-fixtures.ts"

beforeAll(() => {
  configure({ asyncUtilTimeout: 10_000 })
})

describe("every artist name links to the artist's page", () => {
  it("on gallery cards, by artistUsername, and the picture opens the entry", async () => {
    signedInAs(null)
    server.use(
      http.get("*/api/gallery", () =>
        HttpResponse.json({
          items: [
            anEntry({ id: "e1", username: "grace", artistUsername: "grace" }),
            // An older answer without artistUsername still links by username.
            { ...anEntry({ id: "e2", username: "linus" }), artistUsername: undefined },
          ],
          nextCursor: null,
        }),
      ),
    )
    renderRoute("/gallery")
    const grace = await screen.findByRole("article", { name: "grace's entry" })
    expect(within(grace).getByRole("link", { name: "grace" }).getAttribute("href")).toBe(
      "/artists/grace",
    )
    expect(
      within(grace).getByRole("link", { name: "Open grace's entry" }).getAttribute("href"),
    ).toBe("/entries/e1")
    const linus = screen.getByRole("article", { name: "linus's entry" })
    expect(within(linus).getByRole("link", { name: "linus" }).getAttribute("href")).toBe(
      "/artists/linus",
    )
  })

  it("on leaderboard rows and the podium", async () => {
    signedInAs(null)
    const row = (rank: number, username: string): LeaderboardRow => ({
      rank,
      userId: `u${rank}`,
      username,
      avatarUrl: null,
      score: 10 - rank,
      rawVotes: 10 - rank,
      submissionId: `entry-${rank}`,
      submissionUrl: `/images/entry/${rank}.jpg`,
      thumbnailUrl: null,
      contestType: "daily",
      ageGroup: "adult",
      date: "2026-11-22T15:00:00.000Z",
    })
    const rows = [row(1, "ada"), row(2, "grace"), row(3, "linus")]
    server.use(
      http.get("*/api/leaderboard", () =>
        HttpResponse.json({ period: "today", rows, podium: rows } satisfies Leaderboard),
      ),
    )
    renderRoute("/leaderboard")
    const table = await screen.findByRole("table")
    expect(within(table).getByRole("link", { name: "grace" }).getAttribute("href")).toBe(
      "/artists/grace",
    )
    expect(within(table).getByRole("link", { name: "Entry by grace" }).getAttribute("href")).toBe(
      "/entries/entry-2",
    )
    const podium = screen.getByRole("heading", { name: "Top 3" }).closest("section")
    if (!podium) throw new Error("no podium")
    expect(within(podium).getByRole("link", { name: "ada" }).getAttribute("href")).toBe(
      "/artists/ada",
    )
  })
})
