import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it, vi } from "vitest"
import type { Payment } from "../../api/types.ts"
import { aMember, aSubscription, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"

configure({ asyncUtilTimeout: 5000 })

vi.mock("../../plans/navigate.ts", () => ({ goTo: vi.fn() }))

const extraEntry = (overrides: Partial<Payment> = {}): Payment => ({
  id: "p-extra",
  date: "2026-11-15T10:00:00.000Z",
  amount: 2.99,
  currency: "usd",
  status: "paid",
  description: "Extra entry",
  invoice_url: null,
  payment_method: "Visa •••• 4242",
  subscription_tier: null,
  ...overrides,
})

const rowOf = (description: string) =>
  screen.getAllByRole("row").find((row) => row.textContent?.includes(description)) as HTMLElement

describe("refunding an extra entry of a cancelled contest from billing history", () => {
  it("offers 'Refund instead' on a refundable row only, and refunds after the confirmation", async () => {
    signedInAs(aMember(), aSubscription({ remaining_submissions: 1 }))
    let refunded = false
    const asked: string[] = []
    server.use(
      http.get("*/api/billing/history", () =>
        HttpResponse.json({
          records: [
            refunded ? extraEntry({ status: "refunded" }) : extraEntry({ refundable: true }),
            extraEntry({ id: "p-other", date: "2026-10-01T10:00:00.000Z", amount: 2.99 }),
          ],
          nextCursor: null,
        }),
      ),
      http.post("*/api/billing/payments/:paymentId/refund", ({ params }) => {
        asked.push(String(params.paymentId))
        refunded = true
        return HttpResponse.json({
          payment: extraEntry({ status: "refunded" }),
          subscription: aSubscription({ remaining_submissions: 0 }),
        })
      }),
    )
    renderRoute("/billing-history")
    await screen.findByRole("table")
    const buttons = screen.getAllByRole("button", { name: "Refund instead" })
    expect(buttons).toHaveLength(1)
    const row = buttons[0]?.closest("tr") as HTMLElement
    expect(row.textContent).toContain("Nov")
    await userEvent.click(within(row).getByRole("button", { name: "Refund instead" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Refund this extra entry?" })
    expect(dialog.textContent).toContain("that credit is taken away")
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $2.99" }))
    expect(await screen.findByText("Extra entry refunded")).toBeTruthy()
    expect(asked).toEqual(["p-extra"])
    expect(await screen.findByText("Refunded")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Refund instead" })).toBeNull()
    expect(rowOf("Extra entry")).toBeTruthy()
  })

  it("shows the server's refusal in the dialog and refunds nothing", async () => {
    signedInAs(aMember(), aSubscription({ remaining_submissions: 1 }))
    server.use(
      http.get("*/api/billing/history", () =>
        HttpResponse.json({ records: [extraEntry({ refundable: true })], nextCursor: null }),
      ),
      http.post("*/api/billing/payments/:paymentId/refund", () =>
        HttpResponse.json(
          {
            code: "NOT_REFUNDABLE",
            message:
              "The credit this extra entry gave back has been used for another entry, so it cannot be refunded.",
          },
          { status: 409 },
        ),
      ),
    )
    renderRoute("/billing-history")
    await userEvent.click(await screen.findByRole("button", { name: "Refund instead" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Refund this extra entry?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Refund $2.99" }))
    expect(await within(dialog).findByText(/has been used for another entry/)).toBeTruthy()
    expect(screen.queryByText("Extra entry refunded")).toBeNull()
  })
})
