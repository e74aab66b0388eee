import { configure, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { descriptionOf, renderAdmin, server, signedInAsAdmin } from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const CASH = { kind: "cash", text: "Cash prize", amount: 2500, line: "$25 (Cash prize)" }

describe("the dashboard's Settings: the daily default prize", () => {
  it("shows the prize set, checks a change before sending it, and saves it in cents", async () => {
    signedInAsAdmin()
    const bodies: unknown[] = []
    server.use(
      http.get("*/api/admin/settings/default-prize", () => HttpResponse.json({ prize: CASH })),
      http.put("*/api/admin/settings/default-prize", async ({ request }) => {
        const body = (await request.json()) as { prize: unknown }
        bodies.push(body)
        return HttpResponse.json({
          prize: {
            kind: "credits",
            text: "Free entries",
            amount: 3,
            line: "3 credits (Free entries)",
          },
        })
      }),
    )
    renderAdmin("/admin/settings")
    await waitFor(() => expect(document.title).toBe("Settings · Colorday admin"))
    const amount = await screen.findByLabelText<HTMLInputElement>("Amount ($)")
    expect(amount.value).toBe("25")
    expect(screen.getByLabelText<HTMLInputElement>("Prize text").value).toBe("Cash prize")
    expect(screen.getByRole("link", { name: "Settings" })).toBeTruthy()

    await userEvent.selectOptions(screen.getByLabelText("Prize kind"), "credits")
    const credits = screen.getByLabelText("Credits")
    await userEvent.clear(credits)
    await userEvent.type(credits, "2.5")
    await userEvent.click(screen.getByRole("button", { name: "Save default prize" }))
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText("Credits"))).toContain("a whole number"),
    )
    expect(bodies).toEqual([])

    await userEvent.clear(credits)
    await userEvent.type(credits, "3")
    const text = screen.getByLabelText("Prize text")
    await userEvent.clear(text)
    await userEvent.type(text, "Free entries")
    await userEvent.click(screen.getByRole("button", { name: "Save default prize" }))
    expect(await screen.findByText("Default prize saved")).toBeTruthy()
    expect(bodies).toEqual([{ prize: { kind: "credits", text: "Free entries", amount: 3 } }])
  })

  it("takes the default away with No prize, and shows the server's refusal at its field", async () => {
    signedInAsAdmin()
    const bodies: unknown[] = []
    let refuse = true
    server.use(
      http.get("*/api/admin/settings/default-prize", () => HttpResponse.json({ prize: CASH })),
      http.put("*/api/admin/settings/default-prize", async ({ request }) => {
        bodies.push(await request.json())
        return refuse
          ? HttpResponse.json(
              {
                code: "VALIDATION_FAILED",
                message:
                  "prize.amount: A cash prize needs a whole number of cents from 1 to 1000000",
                issues: [
                  {
                    field: "prize.amount",
                    message: "A cash prize needs a whole number of cents from 1 to 1000000",
                  },
                ],
              },
              { status: 400 },
            )
          : HttpResponse.json({ prize: null })
      }),
    )
    renderAdmin("/admin/settings")
    const amount = await screen.findByLabelText("Amount ($)")
    await userEvent.clear(amount)
    await userEvent.type(amount, "20000")
    await userEvent.click(screen.getByRole("button", { name: "Save default prize" }))
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText("Amount ($)"))).toContain("1 to 1000000"),
    )
    expect(bodies).toEqual([{ prize: { kind: "cash", text: "Cash prize", amount: 2000000 } }])

    refuse = false
    await userEvent.selectOptions(screen.getByLabelText("Prize kind"), "")
    await userEvent.click(screen.getByRole("button", { name: "Save default prize" }))
    expect(await screen.findByText("Default prize saved")).toBeTruthy()
    expect(bodies[1]).toEqual({ prize: null })
  })
})
