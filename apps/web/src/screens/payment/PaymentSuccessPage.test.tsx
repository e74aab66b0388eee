import { configure, waitFor, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { SignedIn, VerifiedCheckout } from "../../api/types.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

const verified = (overrides: Partial<VerifiedCheckout["session"]> = {}): VerifiedCheckout => ({
  session: {
    id: "cs_offline_42",
    payment_status: "paid",
    metadata: { planTier: "pro", purchase: "plan" },
    ...overrides,
  },
  subscription: aSubscription({ tier: "pro", remaining_submissions: 21 }),
  payment: {
    id: "p42",
    date: "2026-11-20T10:00:00.000Z",
    amount: 9.99,
    currency: "usd",
    status: "paid",
    description: "Pro Plan",
    invoice_url: null,
    payment_method: null,
    subscription_tier: "pro",
  },
})

/** GET /api/session as a member; counts the reads so a refresh after payment can be seen. */
const countedSession = () => {
  const reads = { count: 0 }
  server.use(
    http.get("*/api/session", () => {
      reads.count += 1
      return HttpResponse.json({
        user: aMember(),
        subscription: aSubscription(),
      } satisfies SignedIn)
    }),
  )
  return reads
}

describe("the payment result page", () => {
  it("says 'No payment session ID found' without a session id", async () => {
    signedInAs(aMember())
    renderRoute("/payment-success")
    expect(await screen.findByText("No payment session ID found")).toBeTruthy()
    expect(screen.getByRole("heading", { name: "Payment Error" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Return to Home" })).toBeTruthy()
  })

  it("verifies the session, shows what was bought and the credits left, then refreshes", async () => {
    const reads = countedSession()
    window.localStorage.setItem("sessionId", "cs_offline_42")
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    let asked: string | null = null
    server.use(
      http.get("*/api/stripe/verify-session", async ({ request }) => {
        asked = new URL(request.url).searchParams.get("sessionId")
        await answered
        return HttpResponse.json(verified())
      }),
    )
    const { router } = renderRoute("/payment-success?session_id=cs_offline_42")
    expect(await screen.findByText("Verifying your payment...")).toBeTruthy()
    release()
    expect(await screen.findByRole("heading", { name: "Payment Successful!" })).toBeTruthy()
    expect(asked).toBe("cs_offline_42")
    expect(screen.getByText("Thank you: you bought the Color Pro plan.")).toBeTruthy()
    expect(screen.getByText("Credits added").nextElementSibling?.textContent).toBe("20")
    expect(screen.getByText("Entries left").nextElementSibling?.textContent).toBe("21")
    expect(await screen.findByText("Payment Successful")).toBeTruthy()
    expect(window.localStorage.getItem("sessionId")).toBeNull()
    await waitFor(() => expect(reads.count).toBeGreaterThan(1))

    // Continue goes home (the home page's own calls are not this test's business).
    server.use(
      http.all("*/api/*", () => HttpResponse.json({ code: "X", message: "x" }, { status: 503 })),
    )
    await userEvent.click(screen.getByRole("button", { name: "Continue" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/"))
  })

  it("falls back to the stored session id and names one extra entry", async () => {
    signedInAs(aMember())
    window.localStorage.setItem("sessionId", "cs_offline_7")
    server.use(
      http.get("*/api/stripe/verify-session", ({ request }) =>
        new URL(request.url).searchParams.get("sessionId") === "cs_offline_7"
          ? HttpResponse.json({
              ...verified({
                id: "cs_offline_7",
                metadata: { planTier: null, purchase: "extra-entry" },
              }),
              subscription: aSubscription({ remaining_submissions: 1 }),
            })
          : HttpResponse.json({ code: "NOT_FOUND", message: "No such session" }, { status: 404 }),
      ),
    )
    renderRoute("/payment-success")
    expect(await screen.findByText("Thank you: you bought one extra entry.")).toBeTruthy()
    expect(screen.getByText("Credits added").nextElementSibling?.textContent).toBe("1")
    expect(screen.getByText("Entries left").nextElementSibling?.textContent).toBe("1")
  })

  it("shows 'Payment Error' when the session is not paid, and keeps the session id", async () => {
    signedInAs(aMember())
    window.localStorage.setItem("sessionId", "cs_offline_42")
    server.use(
      http.get("*/api/stripe/verify-session", () =>
        HttpResponse.json(verified({ payment_status: "unpaid" })),
      ),
    )
    renderRoute("/payment-success?session_id=cs_offline_42")
    expect(await screen.findByRole("heading", { name: "Payment Error" })).toBeTruthy()
    expect(
      screen.getAllByText("Payment verification failed: the payment is unpaid").length,
    ).toBeGreaterThan(0)
    expect(await screen.findByText("Payment Verification Failed")).toBeTruthy()
    expect(screen.getByRole("button", { name: "Return to Home" })).toBeTruthy()
    expect(screen.queryByText("Payment Successful!")).toBeNull()
    expect(window.localStorage.getItem("sessionId")).toBe("cs_offline_42")
  })

  it("shows the server's reason when the verification is refused", async () => {
    signedInAs(aMember())
    server.use(
      http.get("*/api/stripe/verify-session", () =>
        HttpResponse.json(
          { code: "NOT_FOUND", message: "No such checkout session of yours" },
          { status: 404 },
        ),
      ),
    )
    renderRoute("/payment-success?session_id=cs_other")
    expect(
      (await screen.findAllByText("Payment verification failed: No such checkout session of yours"))
        .length,
    ).toBeGreaterThan(0)
  })

  it("asks a visitor to sign in: 'User not authenticated'", async () => {
    signedInAs(null)
    renderRoute("/payment-success?session_id=cs_offline_42")
    const card = (await screen.findByText("User not authenticated")).parentElement as HTMLElement
    await userEvent.click(within(card).getByRole("button", { name: "Sign In" }))
    expect(await screen.findByRole("dialog")).toBeTruthy()
  })
})
