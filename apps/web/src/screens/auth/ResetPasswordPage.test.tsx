import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

const resetAnswers = (answer: () => Response) => {
  const sent: unknown[] = []
  server.use(
    http.post("*/api/users/reset-password", async ({ request }) => {
      sent.push(await request.json())
      return answer()
    }),
  )
  return sent
}

const open = async (path = "/reset-password/tok-123") => {
  signedInAs(null)
  const rendered = renderRoute(path)
  expect(
    await screen.findByRole("heading", { name: "Set a New Password" }, { timeout: 10_000 }),
  ).toBeTruthy()
  return rendered
}

const fill = async (password: string, confirmation: string) => {
  await userEvent.type(screen.getByLabelText("New Password"), password)
  await userEvent.type(screen.getByLabelText("Confirm Password"), confirmation)
  await userEvent.click(screen.getByRole("button", { name: "Reset Password" }))
}

describe("/reset-password/:token", () => {
  it("without a token says the link is invalid and offers a new one", async () => {
    signedInAs(null)
    renderRoute("/reset-password")
    expect(
      await screen.findByRole("heading", { name: "Invalid link" }, { timeout: 10_000 }),
    ).toBeTruthy()
    expect(screen.getByText("The password reset link is missing a token")).toBeTruthy()
    expect(screen.queryByLabelText("New Password")).toBeNull()
    expect(
      screen.getByRole("link", { name: "Request a new reset email" }).getAttribute("href"),
    ).toBe("/forgot-password")
  })

  it("refuses a password shorter than 8 characters without sending it", async () => {
    const sent = resetAnswers(() => HttpResponse.json({ message: "ok" }))
    await open()
    await fill("short", "short")
    expect(await screen.findByText("Password too short")).toBeTruthy()
    expect(screen.getAllByText("Password must be at least 8 characters long")).not.toHaveLength(0)
    expect(screen.getByLabelText("New Password").getAttribute("aria-invalid")).toBe("true")
    expect(sent).toEqual([])
  })

  it("refuses two different passwords without sending them", async () => {
    const sent = resetAnswers(() => HttpResponse.json({ message: "ok" }))
    await open()
    await fill("long enough 1", "long enough 2")
    expect(await screen.findByText("Passwords do not match")).toBeTruthy()
    expect(screen.getAllByText("Please ensure both password fields match")).not.toHaveLength(0)
    expect(screen.getByLabelText("Confirm Password").getAttribute("aria-invalid")).toBe("true")
    expect(sent).toEqual([])
  })

  it("sets the password, shows Password Reset, and Return to Sign In opens /?signin=true", async () => {
    const sent = resetAnswers(() =>
      HttpResponse.json({ message: "Password updated. Please sign in with your new password." }),
    )
    const { router } = await open()
    await fill("a new passphrase", "a new passphrase")

    expect(await screen.findByRole("heading", { name: "Password Reset" })).toBeTruthy()
    expect(await screen.findByText("Password updated")).toBeTruthy()
    expect(sent).toEqual([{ token: "tok-123", password: "a new passphrase" }])
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/")

    // The home page behind /?signin=true may ask the API anything: answered, it is not under test.
    server.use(http.all("*/api/*", () => HttpResponse.json(null, { status: 404 })))
    signedInAs(null)
    await userEvent.click(screen.getByRole("button", { name: "Return to Sign In" }))
    // Home reads ?signin=true, opens the sign-in dialog and drops the flag from the address.
    // (Home and the dialog are chunks loaded on first use: give them time.)
    const dialog = await screen.findByRole("dialog", {}, { timeout: 10_000 })
    expect(within(dialog).getByRole("tab", { name: "Sign In", selected: true })).toBeTruthy()
    expect(router.state.location.pathname).toBe("/")
    // The reset page was replaced, not stacked: Back does not return to a used link.
    await router.navigate(-1)
    expect(router.state.location.pathname).toBe("/")
  })

  it("an expired link shows the server's message and a way to a new one", async () => {
    resetAnswers(() =>
      HttpResponse.json(
        { code: "INVALID_TOKEN", message: "Reset link is invalid or has expired" },
        { status: 400 },
      ),
    )
    await open()
    await fill("a new passphrase", "a new passphrase")

    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toContain("Unable to reset password")
    expect(alert.textContent).toContain("Reset link is invalid or has expired")
    expect(screen.queryByRole("heading", { name: "Password Reset" })).toBeNull()
    expect(
      screen.getByRole("link", { name: "Request a new reset email" }).getAttribute("href"),
    ).toBe("/forgot-password")
  })

  it("a server fault gets the spec's default advice", async () => {
    resetAnswers(() => new HttpResponse(null, { status: 500 }))
    await open()
    await fill("a new passphrase", "a new passphrase")
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Please try the link again or request a new reset email",
    )
  })
})
