import { screen, within } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { Contest } from "../../api/types.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { aContest, contestCard, homeAnswers, prepareHomePage } from "../home/home-page-fixtures.ts"
import { aPastContest, someResults } from "./result-fixtures.ts"

prepareHomePage()

const CASH: Contest["prize"] = {
  kind: "cash",
  text: "Cash prize",
  amount: 2500,
  line: "$25 (Cash prize)",
}

describe("a contest's prize", () => {
  it("shows on the home contest card, and not at all when none is set", async () => {
    signedInAs(null)
    homeAnswers({ contest: aContest({ prize: CASH }) })
    const { unmount } = renderRoute("/")
    const card = await contestCard()
    expect(within(card).getByText("$25 (Cash prize)").parentElement?.textContent).toBe(
      "Prize: $25 (Cash prize)",
    )
    unmount()

    homeAnswers({ contest: aContest() })
    renderRoute("/")
    expect(within(await contestCard()).queryByText(/Prize:/)).toBeNull()
  })

  it("shows on the contest page, with its result and before it has one", async () => {
    signedInAs(null)
    const contest = aPastContest({
      prize: { kind: "credits", text: "Free entries", amount: 3, line: "3 credits (Free entries)" },
    })
    server.use(
      http.get("*/api/challenges/:id/results", () => HttpResponse.json(someResults({ contest }))),
    )
    const { unmount } = renderRoute(`/contests/${contest.id}`)
    expect(await screen.findByText("3 credits (Free entries)")).toBeTruthy()
    unmount()

    server.use(
      http.get("*/api/challenges/:id/results", () =>
        HttpResponse.json({ code: "NO_RESULT", message: "No result yet" }, { status: 404 }),
      ),
      http.get("*/api/challenges/:id", () =>
        HttpResponse.json(aPastContest({ status: "active", prize: CASH })),
      ),
    )
    renderRoute(`/contests/${contest.id}`)
    expect(await screen.findByText("Results appear when the contest ends")).toBeTruthy()
    expect(await screen.findByText("$25 (Cash prize)")).toBeTruthy()
    expect(screen.queryByText("Subscribers only:")).toBeNull()
  })

  it("says a subscribers-only contest is one, on its page with and without a result", async () => {
    signedInAs(null)
    const contest = aPastContest({ subscribersOnly: true })
    server.use(
      http.get("*/api/challenges/:id/results", () => HttpResponse.json(someResults({ contest }))),
    )
    const { unmount } = renderRoute(`/contests/${contest.id}`)
    expect((await screen.findByText("Subscribers only:")).parentElement?.textContent).toContain(
      "members on Color Lite, Pro or Champ enter it",
    )
    unmount()

    server.use(
      http.get("*/api/challenges/:id/results", () =>
        HttpResponse.json({ code: "NO_RESULT", message: "No result yet" }, { status: 404 }),
      ),
      http.get("*/api/challenges/:id", () =>
        HttpResponse.json(aPastContest({ status: "active", subscribersOnly: true })),
      ),
    )
    renderRoute(`/contests/${contest.id}`)
    expect(await screen.findByText("Results appear when the contest ends")).toBeTruthy()
    expect(await screen.findByText("Subscribers only:")).toBeTruthy()
  })
})
