import { screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { ContactForm } from "../../api/types.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

const contactAnswers = (answer: () => Response | Promise<Response>) => {
  const sent: ContactForm[] = []
  server.use(
    http.post("*/api/email/contact", async ({ request }) => {
      sent.push((await request.json()) as ContactForm)
      return answer()
    }),
  )
  return sent
}

const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value

const fillAndSend = async () => {
  await userEvent.type(screen.getByLabelText("Name"), "Ada Lovelace")
  await userEvent.type(screen.getByLabelText("Email"), "ada@example.com")
  await userEvent.type(screen.getByLabelText("Subject"), "My entry")
  await userEvent.type(screen.getByLabelText("Message"), "My photo was rotated.")
  await userEvent.click(screen.getByRole("button", { name: "Send Message" }))
}

const open = async () => {
  signedInAs(null)
  server.use(
    http.get("*/api/config", () => HttpResponse.json({ supportEmail: "help@colorday.test" })),
  )
  renderRoute("/contact")
  expect(
    await screen.findByRole("heading", { name: "Contact Us" }, { timeout: 10_000 }),
  ).toBeTruthy()
}

describe("/contact", () => {
  it("shows the support address the server is configured with", async () => {
    await open()
    const link = await screen.findByRole("link", { name: "help@colorday.test" })
    expect(link.getAttribute("href")).toBe("mailto:help@colorday.test")
  })

  it("has the four required fields, the e-mail one of type email", async () => {
    await open()
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      expect(screen.getByLabelText(label)).toHaveProperty("required", true)
    }
    expect(screen.getByLabelText("Email").getAttribute("type")).toBe("email")
    expect(screen.getByText("Replies within 24 hours")).toBeTruthy()
  })

  it("sends the message, says 'Message sent!' and clears the form", async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const sent = contactAnswers(async () => {
      await held
      return HttpResponse.json({ message: "Message sent!" })
    })
    await open()
    await fillAndSend()
    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveProperty(
      "disabled",
      true,
    )
    release()

    expect(
      await screen.findByText(
        "Thank you for contacting us. We'll get back to you within 24 hours.",
      ),
    ).toBeTruthy()
    expect(screen.getByText("Message sent!")).toBeTruthy()
    expect(sent).toEqual([
      {
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "My entry",
        message: "My photo was rotated.",
      },
    ])
    for (const label of ["Name", "Email", "Subject", "Message"]) expect(valueOf(label)).toBe("")
    expect(screen.getByRole("button", { name: "Send Message" })).toHaveProperty("disabled", false)
  })

  it("a failure shows the destructive 'Error' toast and keeps what was typed", async () => {
    contactAnswers(() => new HttpResponse(null, { status: 500 }))
    await open()
    await fillAndSend()

    expect(await screen.findByText("Failed to send message. Please try again later.")).toBeTruthy()
    expect(screen.getByText("Error").closest("[data-variant]")?.getAttribute("data-variant")).toBe(
      "destructive",
    )
    expect(valueOf("Subject")).toBe("My entry")
    expect(valueOf("Message")).toBe("My photo was rotated.")
  })

  it("a refusal naming a field marks that field and says why", async () => {
    contactAnswers(() =>
      HttpResponse.json(
        {
          code: "VALIDATION_FAILED",
          message: "message: A message has at most 5000 characters",
          issues: [{ field: "message", message: "A message has at most 5000 characters" }],
        },
        { status: 400 },
      ),
    )
    await open()
    await fillAndSend()

    expect(
      await screen.findByText(
        "Failed to send message. Please try again later. A message has at most 5000 characters",
      ),
    ).toBeTruthy()
    expect(screen.getByLabelText("Message").getAttribute("aria-invalid")).toBe("true")
    expect(screen.getByLabelText("Subject").getAttribute("aria-invalid")).toBeNull()
  })
})
