import { configure, waitFor, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeEach, describe, expect, it, vi } from "vitest"
import { EXTRA_ENTRY, formatCents, PLANS, TIERS } from "../../../../../domain/plans/plans.ts"
import { goTo } from "../../plans/navigate.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

vi.mock("../../plans/navigate.ts", () => ({ goTo: vi.fn() }))

/** The header shows Profile once the session has answered: the plan buttons are live then. */
const signedIn = () => screen.findAllByRole("link", { name: "Profile" })

const planCard = async (name: string) =>
  (await screen.findByRole("heading", { name })).closest("article") as HTMLElement

describe("the pricing page", () => {
  beforeEach(() => vi.mocked(goTo).mockClear())

  it("shows the four plans with the prices, entries and drawings of the plan table", async () => {
    signedInAs(null)
    renderRoute("/pricing")
    for (const tier of TIERS) {
      const plan = PLANS[tier]
      const card = await planCard(plan.name)
      expect(within(card).getByText(formatCents(plan.priceCents))).toBeTruthy()
      expect(within(card).getByText(`${plan.voteWeight}× vote weight`)).toBeTruthy()
      expect(
        within(card).getByText(
          plan.entriesPerMonth === null
            ? "Unlimited entries per month"
            : `${plan.entriesPerMonth} entries per month`,
        ),
      ).toBeTruthy()
      if (plan.drawingCents !== null) {
        expect(
          within(card).getByText(`$${plan.drawingCents / 100} monthly cash drawing entry`),
        ).toBeTruthy()
      }
    }
    expect(screen.getByText(formatCents(EXTRA_ENTRY.priceCents))).toBeTruthy()
    expect(
      screen.getByText("Gift Packs & Classroom Licenses. No ads. Cancel anytime."),
    ).toBeTruthy()
    expect(screen.getByText(/No purchase necessary/)).toBeTruthy()
    const rewards = screen.getByRole("region", { name: /Contest winner rewards/ })
    expect(rewards.textContent).toContain(
      "The entry with the highest score wins. Score = votes weighted by each voter's plan (1× to 3×); ties go to the earlier entry.",
    )
    expect(within(rewards).getByRole("link", { name: "results page" }).getAttribute("href")).toBe(
      "/contests",
    )
  })

  it("refuses a visitor with the toast 'Sign in required'", async () => {
    signedInAs(null)
    renderRoute("/pricing")
    await screen.findAllByRole("button", { name: "Sign In" })
    const card = await planCard(PLANS.pro.name)
    await userEvent.click(within(card).getByRole("button", { name: "Subscribe to Color Pro" }))
    expect(await screen.findByText("Sign in required")).toBeTruthy()
    expect(screen.getByText("Please sign in to subscribe to a plan.")).toBeTruthy()
    expect(goTo).not.toHaveBeenCalled()
  })

  it("opens a checkout for a member, keeps the session id and goes to the checkout page", async () => {
    signedInAs(aMember(), aSubscription({ tier: "free" }))
    let sent: unknown
    server.use(
      http.post("*/api/stripe/subscription-session", async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({
          sessionId: "cs_offline_1",
          url: "/checkout/offline/cs_offline_1",
        })
      }),
    )
    renderRoute("/pricing")
    await signedIn()
    const card = await planCard(PLANS.champ.name)
    await userEvent.click(within(card).getByRole("button", { name: "Subscribe to Color Champ" }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/checkout/offline/cs_offline_1"))
    expect(sent).toEqual({
      planTier: "champ",
      returnUrl: `${window.location.origin}/payment-success`,
    })
    expect(window.localStorage.getItem("sessionId")).toBe("cs_offline_1")
    // While the browser leaves, every button of the flow (the free card's Current Plan too)
    // reads Loading... and is disabled.
    const loading = screen.getAllByRole("button", { name: "Loading..." })
    expect(loading.length).toBe(4)
    for (const button of loading) expect((button as HTMLButtonElement).disabled).toBe(true)
  })

  it("shows 'Subscription Error' with the server's message when the checkout cannot open", async () => {
    signedInAs(aMember(), aSubscription({ tier: "free" }))
    server.use(
      http.post("*/api/stripe/subscription-session", () =>
        HttpResponse.json(
          { code: "PAYMENTS_UNAVAILABLE", message: "Payments are unavailable right now" },
          { status: 503 },
        ),
      ),
    )
    renderRoute("/pricing")
    await signedIn()
    const card = await planCard(PLANS.lite.name)
    await userEvent.click(within(card).getByRole("button", { name: "Subscribe to Color Lite" }))
    expect(await screen.findByText("Subscription Error")).toBeTruthy()
    expect(screen.getByText("Payments are unavailable right now")).toBeTruthy()
    expect(within(card).getByRole("button", { name: "Subscribe to Color Lite" })).toBeTruthy()
    expect(goTo).not.toHaveBeenCalled()
    expect(window.localStorage.getItem("sessionId")).toBeNull()
  })

  it("marks the member's plan and refuses to sell it again", async () => {
    signedInAs(aMember(), aSubscription({ tier: "pro", remaining_submissions: 20 }))
    const checkout = vi.fn()
    server.use(
      http.post("*/api/stripe/subscription-session", () => {
        checkout()
        return HttpResponse.json({ sessionId: "cs_x", url: "/x" })
      }),
    )
    renderRoute("/pricing")
    await signedIn()
    const card = await planCard(PLANS.pro.name)
    expect(await within(card).findByText("Current plan")).toBeTruthy()
    await userEvent.click(within(card).getByRole("button", { name: "Current Plan" }))
    expect(await screen.findByText("Already subscribed")).toBeTruthy()
    expect(screen.getByText("You are already on the Color Pro plan.")).toBeTruthy()
    expect(checkout).not.toHaveBeenCalled()
    // Free is not for sale: a paid member is pointed at Cancel Plan instead.
    const free = await planCard(PLANS.free.name)
    expect(within(free).queryByRole("button")).toBeNull()
    expect(within(free).getByRole("link", { name: "profile settings" })).toBeTruthy()
  })
})
