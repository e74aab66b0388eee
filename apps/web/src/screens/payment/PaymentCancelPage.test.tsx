import { configure, screen, waitFor, within } from "@testing-library/react"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { server } from "../../test/server.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

/** Lets a request the page may have started reach the fake API (msw answers asynchronously). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100))

const PAYMENT_ID = "0b7c6f1e-5d4a-4c3b-9a2f-8e7d6c5b4a39"

/** Answers the cancel route, noting which checkouts the page cancelled. */
const cancelRoute = (answer: () => Response = () => HttpResponse.json({ status: "cancelled" })) => {
  const cancelled: Array<string> = []
  server.use(
    http.post("*/api/billing/checkouts/:paymentId/cancel", ({ params }) => {
      cancelled.push(String(params.paymentId))
      return answer()
    }),
  )
  return cancelled
}

describe("the payment cancelled page", () => {
  it("says nothing was charged and links back to the plans and home", async () => {
    signedInAs(null)
    renderRoute("/payment-cancel")
    expect(
      await screen.findByText(
        "Your payment process was cancelled. No charges were made to your account.",
      ),
    ).toBeTruthy()
    expect(screen.getByRole("link", { name: "View Pricing Plans" }).getAttribute("href")).toBe(
      "/pricing",
    )
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/")
  })

  it("cancels the checkout ?payment= names, once, for a signed-in member", async () => {
    signedInAs(aMember())
    const cancelled = cancelRoute()
    renderRoute(`/payment-cancel?payment=${PAYMENT_ID}`)
    expect(await screen.findByRole("heading", { name: "Payment Cancelled" })).toBeTruthy()
    await waitFor(() => expect(cancelled).toEqual([PAYMENT_ID]))
    // Signed in and rendered again meanwhile: still the one call.
    expect(await screen.findByRole("link", { name: "View Pricing Plans" })).toBeTruthy()
    expect(cancelled).toEqual([PAYMENT_ID])
  })

  it("a failed cancel is not shown: the page reads as always", async () => {
    signedInAs(aMember())
    const cancelled = cancelRoute(() =>
      HttpResponse.json({ code: "NOT_FOUND", message: "No payment with id x" }, { status: 404 }),
    )
    renderRoute(`/payment-cancel?payment=${PAYMENT_ID}`)
    await waitFor(() => expect(cancelled).toEqual([PAYMENT_ID]))
    expect(
      screen.getByText("Your payment process was cancelled. No charges were made to your account."),
    ).toBeTruthy()
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("asks nothing for a visitor, or without ?payment=", async () => {
    signedInAs(null)
    const cancelled = cancelRoute()
    const visitor = renderRoute(`/payment-cancel?payment=${PAYMENT_ID}`)
    // The session is known (a visitor's header), so a call would have been sent by now.
    expect(
      await within(await screen.findByRole("banner")).findByRole("button", { name: "Sign In" }),
    ).toBeTruthy()
    await settled()
    visitor.unmount()
    signedInAs(aMember())
    renderRoute("/payment-cancel")
    expect(
      await within(await screen.findByRole("banner")).findByRole("link", { name: "Profile" }),
    ).toBeTruthy()
    await settled()
    expect(cancelled).toEqual([])
  })

  it("reads in French: nothing was charged, and the ways back", async () => {
    await activateLanguage("fr")
    signedInAs(null)
    renderRoute("/payment-cancel")
    expect(await screen.findByRole("heading", { name: "Paiement annulé" })).toBeTruthy()
    expect(
      screen.getByText(
        "Votre paiement a été annulé. Aucun montant n’a été débité de votre compte.",
      ),
    ).toBeTruthy()
    expect(
      screen.getByRole("link", { name: "Voir les formules et tarifs" }).getAttribute("href"),
    ).toBe("/pricing")
    expect(screen.getByRole("link", { name: "Retour à l’accueil" }).getAttribute("href")).toBe("/")
  })
})
