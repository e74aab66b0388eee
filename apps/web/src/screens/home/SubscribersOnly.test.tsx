import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { aContest, contestCard, homeAnswers, prepareHomePage } from "./home-page-fixtures.ts"

/* A subscribers-only contest on the home page: said on the card before a photo is picked. */

prepareHomePage()

const membersOnly = () => homeAnswers({ contest: aContest({ subscribersOnly: true }) })

describe("a subscribers-only contest's card", () => {
  it("tells a free member before any photo, with the way to the plans instead of Submit", async () => {
    signedInAs(aMember(), aSubscription({ tier: "free", remaining_submissions: 2 }))
    membersOnly()
    renderRoute("/")
    const card = await contestCard()
    expect(within(card).getByText("Subscribers only")).toBeTruthy()
    expect(within(card).getByText(/Members on Color Lite, Pro or Champ may enter/)).toBeTruthy()
    expect(within(card).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/pricing",
    )
    expect(
      within(card).getByRole("link", { name: "Choose a plan to enter" }).getAttribute("href"),
    ).toBe("/pricing")
    expect(within(card).queryByRole("button", { name: "Submit Your Artwork" })).toBeNull()
  })

  it("lets a Lite member submit, still saying whom the contest is for", async () => {
    signedInAs(aMember(), aSubscription({ tier: "lite", remaining_submissions: 4 }))
    membersOnly()
    renderRoute("/")
    const card = await contestCard()
    expect(within(card).getByText("Subscribers only")).toBeTruthy()
    expect(within(card).getByText(/Your plan lets you enter/)).toBeTruthy()
    expect(within(card).getByRole("button", { name: "Submit Your Artwork" })).toBeTruthy()
    expect(within(card).queryByRole("link", { name: "Choose a plan to enter" })).toBeNull()
  })

  it("says nothing of subscribers on a contest open to every plan", async () => {
    signedInAs(aMember(), aSubscription({ tier: "free" }))
    homeAnswers()
    renderRoute("/")
    const card = await contestCard()
    expect(within(card).queryByText("Subscribers only")).toBeNull()
    expect(within(card).getByRole("button", { name: "Submit Your Artwork" })).toBeTruthy()
  })

  it("shows the server's SUBSCRIBERS_ONLY refusal in the submission dialog with the plans", async () => {
    // The page read a Lite plan; the server knows it has ended since.
    signedInAs(aMember(), aSubscription({ tier: "lite", remaining_submissions: 3 }))
    membersOnly()
    server.use(
      http.get("*/api/subscription", () =>
        HttpResponse.json({
          subscription: aSubscription({ tier: "lite", remaining_submissions: 3 }),
        }),
      ),
      http.post("*/api/submissions", () =>
        HttpResponse.json(
          {
            code: "SUBSCRIBERS_ONLY",
            message: "This contest is for subscribers only.",
            upgradeUrl: "/pricing",
          },
          { status: 403 },
        ),
      ),
    )
    renderRoute("/")
    await userEvent.click(
      within(await contestCard()).getByRole("button", { name: "Submit Your Artwork" }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Submit Your Colored Artwork" })
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], "page.jpg", {
      type: "image/jpeg",
    })
    await userEvent.upload(within(dialog).getByLabelText("Upload from device"), file)
    await userEvent.click(within(dialog).getByRole("button", { name: "Submit Artwork" }))
    const confirm = await screen.findByRole("dialog", { name: "Confirm Submission" })
    await userEvent.click(within(confirm).getByRole("button", { name: "Confirm" }))
    const refused = await screen.findByRole("dialog", { name: "Subscribers only" })
    expect(within(refused).getByText(/no entry was spent/)).toBeTruthy()
    expect(within(refused).getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/pricing",
    )
  })
})
