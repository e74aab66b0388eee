import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

const resendAnswers = (answer: () => Response) => {
  const sent: unknown[] = []
  server.use(
    http.post("*/api/users/resend-verification", async ({ request }) => {
      sent.push(await request.json())
      return answer()
    }),
  )
  return sent
}

const open = async () => {
  signedInAs(null)
  renderRoute("/resend-verification")
  expect(
    await screen.findByRole("heading", { name: "Resend Verification Email" }, { timeout: 10_000 }),
  ).toBeTruthy()
}

describe("/resend-verification", () => {
  it("offers Try Signing In and Go to Homepage, and a disabled button while blank", async () => {
    await open()
    expect(screen.getByText("Enter the email address you used to register.")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Try Signing In" }).getAttribute("href")).toBe(
      "/?signin=true",
    )
    expect(screen.getByRole("link", { name: "Go to Homepage" }).getAttribute("href")).toBe("/")
    expect(screen.getByRole("button", { name: "Send Verification Email" })).toHaveProperty(
      "disabled",
      true,
    )
  })

  it("sends the link, shows Check Your Email, and Try Another Email returns to an empty form", async () => {
    const sent = resendAnswers(() =>
      HttpResponse.json({ message: "If that email belongs to an account, a link was sent." }),
    )
    await open()
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com")
    await userEvent.click(screen.getByRole("button", { name: "Send Verification Email" }))

    expect(await screen.findByRole("heading", { name: "Check Your Email" })).toBeTruthy()
    expect(screen.getByText("new@example.com")).toBeTruthy()
    expect(await screen.findByText("Verification Email Sent")).toBeTruthy()
    expect(sent).toEqual([{ email: "new@example.com" }])

    await userEvent.click(screen.getByRole("button", { name: "Try Another Email" }))
    expect(screen.getByRole("heading", { name: "Resend Verification Email" })).toBeTruthy()
    expect(screen.getByLabelText<HTMLInputElement>("Email").value).toBe("")
  })

  it("a failure stays on the form with the spec's toast", async () => {
    resendAnswers(() => new HttpResponse(null, { status: 500 }))
    await open()
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com")
    await userEvent.click(screen.getByRole("button", { name: "Send Verification Email" }))

    expect(await screen.findByText("Failed to send verification email")).toBeTruthy()
    expect(screen.getByText("An error occurred. Please try again.")).toBeTruthy()
    expect(screen.getByRole("heading", { name: "Resend Verification Email" })).toBeTruthy()
  })
})
