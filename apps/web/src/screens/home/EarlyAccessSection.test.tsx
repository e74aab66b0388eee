import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { HOUR, aContest, contestCard, homeAnswers, prepareHomePage } from "./home-page-fixtures.ts"

prepareHomePage()

const TOMORROW = aContest({
  id: "c0000000-0000-4000-8000-000000000002",
  title: "Fox in the Snow",
  lineArt: "/images/line-art/fox.png",
  status: "scheduled",
  startsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
  endsAt: new Date(Date.now() + 27 * HOUR).toISOString(),
})

const granted = {
  access: "granted",
  unlockedBy: "Color Champ",
  opensAt: new Date(Date.now() - 3 * HOUR).toISOString(),
  startsAt: TOMORROW.startsAt,
  challenge: TOMORROW,
  downloads: {
    png: `/api/challenges/${TOMORROW.id}/line-art.png`,
    pdf: {
      letter: `/api/challenges/${TOMORROW.id}/line-art.pdf?paper=letter`,
      a4: `/api/challenges/${TOMORROW.id}/line-art.pdf?paper=a4`,
    },
  },
}

const section = async () =>
  (await screen.findByRole("heading", { name: "Tomorrow's page (early access)" })).closest(
    "section",
  ) as HTMLElement

describe("home: tomorrow's page (early access)", () => {
  it("shows a Champ tomorrow's line art with its PNG and PDF downloads", async () => {
    signedInAs(aMember(), aSubscription({ tier: "champ", unlimited: true }))
    homeAnswers({ earlyAccess: granted })
    renderRoute("/")
    const early = await section()
    expect(within(early).getByText("Fox in the Snow")).toBeTruthy()
    expect(within(early).getByRole("img", { name: "Line art of Fox in the Snow" })).toBeTruthy()
    expect(
      within(early)
        .getByRole("link", { name: "Download tomorrow's page as PNG" })
        .getAttribute("href"),
    ).toBe(granted.downloads.png)
    expect(
      within(early)
        .getByRole("link", { name: "Download tomorrow's page as a print PDF, A4" })
        .getAttribute("href"),
    ).toBe(granted.downloads.pdf.a4)
  })

  it("tells others it is out for Color Champ, with the way to the plans, and no page", async () => {
    signedInAs(aMember(), aSubscription({ tier: "lite" }))
    homeAnswers({
      earlyAccess: {
        access: "locked",
        unlockedBy: "Color Champ",
        opensAt: granted.opensAt,
        startsAt: TOMORROW.startsAt,
        challenge: null,
        downloads: null,
      },
    })
    renderRoute("/")
    const early = await section()
    expect(
      within(early).getByText(/Color Champ members download tomorrow's line art now/),
    ).toBeTruthy()
    expect(within(early).getByRole("link", { name: "See Color Champ" }).getAttribute("href")).toBe(
      "/pricing",
    )
    expect(within(early).queryByRole("img")).toBeNull()
    expect(within(early).queryByRole("link", { name: /Download/ })).toBeNull()
  })

  it("shows nothing outside the early-access window", async () => {
    signedInAs(null)
    homeAnswers()
    renderRoute("/")
    await contestCard()
    await waitFor(() =>
      expect(screen.queryByRole("heading", { name: "Tomorrow's page (early access)" })).toBeNull(),
    )
  })
})
