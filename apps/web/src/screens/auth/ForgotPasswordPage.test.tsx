import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

const forgotAnswers = (answer: () => Response) => {
  const sent: Array<{ email: string; redirectUrl: string }> = []
  server.use(
    http.post("*/api/users/forgot-password", async ({ request }) => {
      sent.push((await request.json()) as { email: string; redirectUrl: string })
      return answer()
    }),
  )
  return sent
}

const open = async () => {
  signedInAs(null)
  renderRoute("/forgot-password")
  expect(
    await screen.findByRole("heading", { name: "Forgot Password" }, { timeout: 10_000 }),
  ).toBeTruthy()
}

describe("/forgot-password", () => {
  it("keeps Send Reset Link disabled while the e-mail is blank", async () => {
    forgotAnswers(() => HttpResponse.json({ message: "sent" }))
    await open()
    const send = screen.getByRole("button", { name: "Send Reset Link" })
    expect(send).toHaveProperty("disabled", true)
    await userEvent.type(screen.getByLabelText("Email Address"), "   ")
    expect(send).toHaveProperty("disabled", true)
    await userEvent.type(screen.getByLabelText("Email Address"), "ada@example.com")
    expect(send).toHaveProperty("disabled", false)
  })

  it("sends the link, shows Check Your Email, and Try Another Email returns to an empty form", async () => {
    const sent = forgotAnswers(() =>
      HttpResponse.json({ message: "If that email exists, a reset link has been sent." }),
    )
    await open()
    await userEvent.type(screen.getByLabelText("Email Address"), "ada@example.com")
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }))

    expect(await screen.findByRole("heading", { name: "Check Your Email" })).toBeTruthy()
    expect(screen.getByText("ada@example.com")).toBeTruthy()
    expect(screen.getByText(/check your spam/i)).toBeTruthy()
    expect(await screen.findByText("Reset link sent!")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe("/")
    expect(sent).toHaveLength(1)
    expect(sent[0]?.email).toBe("ada@example.com")
    expect(sent[0]?.redirectUrl).toMatch(/\/reset-password$/)

    await userEvent.click(screen.getByRole("button", { name: "Try Another Email" }))
    expect(screen.getByRole("heading", { name: "Forgot Password" })).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>("Email Address").value).toBe("")
  })

  it("shows 'Sending...' while the request runs", async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    forgotAnswers(() => HttpResponse.json({ message: "sent" }))
    server.use(
      http.post("*/api/users/forgot-password", async () => {
        await held
        return HttpResponse.json({ message: "sent" })
      }),
    )
    await open()
    await userEvent.type(screen.getByLabelText("Email Address"), "ada@example.com")
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }))
    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveProperty(
      "disabled",
      true,
    )
    release()
    expect(await screen.findByRole("heading", { name: "Check Your Email" })).toBeTruthy()
  })

  it("a refusal stays on the form with a destructive toast carrying the server's message", async () => {
    forgotAnswers(() =>
      HttpResponse.json(
        { code: "RATE_LIMITED", message: "Too many requests. Try again in a minute." },
        { status: 429 },
      ),
    )
    await open()
    await userEvent.type(screen.getByLabelText("Email Address"), "ada@example.com")
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }))

    expect(await screen.findByText("Failed to request password reset")).toBeTruthy()
    expect(screen.getByText("Too many requests. Try again in a minute.")).toBeTruthy()
    expect(screen.queryByRole("heading", { name: "Check Your Email" })).toBeNull()
  })

  it("a server fault gets the default description", async () => {
    forgotAnswers(() => new HttpResponse(null, { status: 500 }))
    await open()
    await userEvent.type(screen.getByLabelText("Email Address"), "ada@example.com")
    await userEvent.click(screen.getByRole("button", { name: "Send Reset Link" }))
    expect(await screen.findByText("An error occurred while sending the reset email")).toBeTruthy()
  })
})
