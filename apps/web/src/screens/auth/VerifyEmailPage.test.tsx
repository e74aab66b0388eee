import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

/** Counts the calls made with each token, answering with `answer`. */
const verifyAnswers = (answer: () => Response | Promise<Response>) => {
  const tokens: string[] = []
  server.use(
    http.get("*/api/users/verify-email/:token", async ({ params }) => {
      tokens.push(String(params.token))
      return answer()
    }),
  )
  return tokens
}

/** The home page behind /?signin=true may ask the API anything: answer it, it is not under test. */
const quietHome = () => {
  server.use(http.all("*/api/*", () => HttpResponse.json(null, { status: 404 })))
  signedInAs(null)
}

describe("/verify-email/:token", () => {
  it("verifies once, offers Sign In Now and Go to Homepage, then goes to /?signin=true", async () => {
    quietHome()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const tokens = verifyAnswers(async () => {
      await held
      return HttpResponse.json({ message: "Email verified! You can now sign in." })
    })
    const { router } = renderRoute("/verify-email/tok-abc")

    expect(
      await screen.findByRole("heading", { name: "Verifying your email" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByRole("link", { name: "Go Back" }).getAttribute("href")).toBe("/")
    release()

    expect(await screen.findByRole("heading", { name: "Email Verified!" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Sign In Now" }).getAttribute("href")).toBe(
      "/?signin=true",
    )
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/")
    // The automatic redirect to /?signin=true (its delay is not what this test checks): home
    // opens the sign-in dialog.
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 })
    expect(within(dialog).getByRole("tab", { name: "Sign In", selected: true })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/")
    expect(tokens).toEqual(["tok-abc"])
  })

  it("sends the single-use token once under StrictMode's double mount", async () => {
    quietHome()
    const tokens = verifyAnswers(() => HttpResponse.json({ message: "verified" }))
    renderRoute("/verify-email/tok-strict", { strict: true })
    expect(
      await screen.findByRole("heading", { name: "Email Verified!" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(tokens).toEqual(["tok-strict"])
  })

  it("Sign In Now goes to /?signin=true at once", async () => {
    quietHome()
    verifyAnswers(() => HttpResponse.json({ message: "verified" }))
    const { router } = renderRoute("/verify-email/tok-abc")
    await userEvent.click(
      await screen.findByRole("link", { name: "Sign In Now" }, { timeout: 10_000 }),
    )
    expect(await screen.findByRole("dialog", {}, { timeout: 10_000 })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/")
  })

  it("a used or expired link shows Verification Failed with the way to a new one", async () => {
    signedInAs(null)
    const tokens = verifyAnswers(() =>
      HttpResponse.json(
        { code: "INVALID_TOKEN", message: "Verification link is invalid or has expired" },
        { status: 400 },
      ),
    )
    renderRoute("/verify-email/tok-old")

    expect(
      await screen.findByRole("heading", { name: "Verification Failed" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(
      screen.getAllByText("Verification link is invalid or has expired").length,
    ).toBeGreaterThan(0)
    expect(screen.getByText(/may have expired or is invalid/)).toBeTruthy()
    expect(
      screen.getByRole("link", { name: "Request New Verification Email" }).getAttribute("href"),
    ).toBe("/resend-verification")
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/")
    expect(tokens).toEqual(["tok-old"])
  })

  it("without a token says the link is invalid and sends nothing", async () => {
    signedInAs(null)
    const tokens = verifyAnswers(() => HttpResponse.json({ message: "verified" }))
    renderRoute("/verify-email")
    expect(
      await screen.findByRole("heading", { name: "Verification Failed" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByText("Invalid verification link")).toBeTruthy()
    expect(tokens).toEqual([])
  })
})
