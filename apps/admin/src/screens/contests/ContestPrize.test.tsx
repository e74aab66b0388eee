import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { Contest } from "../../api/admin-types.ts"
import {
  aContest,
  descriptionOf,
  page,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

const CASH: Contest["prize"] = {
  kind: "cash",
  text: "Cash prize",
  amount: 2500,
  line: "$25 (Cash prize)",
}

describe("a contest's prize in the contest form", () => {
  it("creates a contest with a cash prize in cents", async () => {
    signedInAsAdmin()
    server.use(http.get("*/api/admin/contests", () => HttpResponse.json(page([]))))
    const bodies: unknown[] = []
    server.use(
      http.post("*/api/admin/contests", async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(aContest({ id: "new1", title: "Heron" }), { status: 201 })
      }),
    )
    renderAdmin("/admin/contests")
    await userEvent.click(await screen.findByRole("button", { name: "New contest" }))
    const dialog = await screen.findByRole("dialog", { name: "New contest" })
    await userEvent.type(within(dialog).getByLabelText("Title"), "Heron")
    fireEvent.change(within(dialog).getByLabelText("Starts"), {
      target: { value: "2026-12-01T00:00" },
    })
    fireEvent.change(within(dialog).getByLabelText("Ends"), {
      target: { value: "2026-12-02T00:00" },
    })
    await userEvent.selectOptions(within(dialog).getByLabelText("Prize kind"), "cash")
    await userEvent.type(within(dialog).getByLabelText("Prize text"), "Cash prize")
    // A cash prize without an amount is named before anything is sent.
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    await waitFor(() =>
      expect(descriptionOf(within(dialog).getByLabelText("Amount ($)"))).toContain(
        "Give the cash amount in dollars",
      ),
    )
    expect(bodies).toEqual([])
    await userEvent.type(within(dialog).getByLabelText("Amount ($)"), "10.50")
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    expect(await screen.findByText("Contest created")).toBeTruthy()
    expect(bodies).toEqual([
      expect.objectContaining({ prize: { kind: "cash", text: "Cash prize", amount: 1050 } }),
    ])
  })

  it("edits a prize, sends only the prize, and shows the server's refusal at its field", async () => {
    signedInAsAdmin()
    server.use(http.get("*/api/challenges/c1", () => HttpResponse.json(aContest({ prize: CASH }))))
    const bodies: unknown[] = []
    let refuse = true
    server.use(
      http.put("*/api/admin/contests/c1", async ({ request }) => {
        bodies.push(await request.json())
        return refuse
          ? HttpResponse.json(
              {
                code: "VALIDATION_FAILED",
                message: "prize.amount: At most 1000000 credits",
                issues: [
                  {
                    field: "prize.amount",
                    title: "Prize amount required",
                    message: "At most 1000000 credits",
                  },
                ],
              },
              { status: 400 },
            )
          : HttpResponse.json(aContest({ prize: CASH }))
      }),
    )
    renderAdmin("/admin/contests/c1")
    const amount = await screen.findByLabelText<HTMLInputElement>("Amount ($)")
    expect(amount.value).toBe("25")
    expect(screen.getByLabelText<HTMLInputElement>("Prize text").value).toBe("Cash prize")

    await userEvent.selectOptions(screen.getByLabelText("Prize kind"), "credits")
    const credits = screen.getByLabelText("Credits")
    await userEvent.clear(credits)
    await userEvent.type(credits, "3")
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }))
    await waitFor(() =>
      expect(descriptionOf(screen.getByLabelText("Credits"))).toContain("At most 1000000 credits"),
    )
    expect(bodies).toEqual([{ prize: { kind: "credits", text: "Cash prize", amount: 3 } }])

    refuse = false
    await userEvent.selectOptions(screen.getByLabelText("Prize kind"), "")
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }))
    expect(await screen.findByText("Contest saved")).toBeTruthy()
    expect(bodies[1]).toEqual({ prize: null })
  })
})
