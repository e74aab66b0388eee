import { configure, screen, within } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import { anEntry } from "../../entries/entry-fixtures.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

beforeAll(() => {
  configure({ asyncUtilTimeout: 5000 })
})

describe("the judges' page, /judging", () => {
  it("lists the entries awaiting feedback, each opening its entry's page", async () => {
    signedInAs(aMember({ isJudge: true }))
    server.use(
      http.get("*/api/judging/entries", () =>
        HttpResponse.json([
          { entry: anEntry({ id: "e7", username: "grace" }), contestTitle: "Succulent Pots" },
        ]),
      ),
    )
    renderRoute("/judging")
    expect(await screen.findByRole("heading", { level: 1, name: "Judging" })).toBeTruthy()
    const link = await screen.findByRole("link", {
      name: "Write feedback on grace's entry in Succulent Pots",
    })
    expect(link.getAttribute("href")).toBe("/entries/e7")
    // The account menu links here for judges.
    const header = screen.getByRole("banner")
    expect(within(header).getAllByRole("link", { name: "Judging" }).length).toBeGreaterThan(0)
  })

  it("says when nothing awaits feedback", async () => {
    signedInAs(aMember({ isAdmin: true }))
    server.use(http.get("*/api/judging/entries", () => HttpResponse.json([])))
    renderRoute("/judging")
    expect(await screen.findByText("Nothing awaits feedback")).toBeTruthy()
  })

  it("tells a member who is not a judge, without asking for the queue", async () => {
    signedInAs(aMember())
    let asked = 0
    server.use(
      http.get("*/api/judging/entries", () => {
        asked += 1
        return HttpResponse.json([])
      }),
    )
    renderRoute("/judging")
    expect(await screen.findByText("Judging is for judges")).toBeTruthy()
    expect(screen.queryByRole("link", { name: "Judging" })).toBeNull()
    expect(asked).toBe(0)
  })
})
