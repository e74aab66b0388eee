import { configure, waitFor, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeEach, describe, expect, it, vi } from "vitest"
import type { BillingHistory, Contest, Payment } from "../../api/types.ts"
import { goTo } from "../../plans/navigate.ts"
import { aMember, renderRoute, signedInAs } from "../../test/render.tsx"
import { server } from "../../test/server.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"

// Lazy routes render after their module loads: slow on a busy machine, so wait longer than 1 s.
configure({ asyncUtilTimeout: 5000 })

vi.mock("../../plans/navigate.ts", () => ({ goTo: vi.fn() }))

const aPayment = (overrides: Partial<Payment> = {}): Payment => ({
  id: "p1",
  date: "2026-10-14T15:04:00.000Z",
  amount: 9.99,
  currency: "usd",
  status: "paid",
  description: "Pro Plan",
  invoice_url: "https://example.test/invoices/p1",
  payment_method: "Visa •••• 4242",
  subscription_tier: "pro",
  ...overrides,
})

const RECORDS: ReadonlyArray<Payment> = [
  aPayment(),
  aPayment({
    id: "p2",
    date: "2026-11-15T10:00:00.000Z",
    amount: 2.99,
    description: "Extra entry",
    invoice_url: null,
    subscription_tier: null,
  }),
  aPayment({
    id: "p3",
    date: "2026-09-12T10:00:00.000Z",
    amount: 4.99,
    status: "failed",
    description: "Lite Plan",
    subscription_tier: "lite",
    invoice_url: null,
  }),
  aPayment({
    id: "p4",
    date: "2026-08-12T10:00:00.000Z",
    amount: 19.99,
    status: "refunded",
    description: "Champ Plan",
    subscription_tier: "champ",
  }),
  aPayment({
    id: "p5",
    date: "2026-07-12T10:00:00.000Z",
    amount: 4.99,
    status: "pending",
    description: "Lite Plan",
    subscription_tier: "lite",
    invoice_url: null,
  }),
  aPayment({
    id: "p6",
    date: "2026-06-12T10:00:00.000Z",
    amount: 1,
    // A status this build does not know yet (a newer server): shown as sent.
    status: "disputed" as Payment["status"],
    description: "Extra entry",
    subscription_tier: null,
    invoice_url: null,
  }),
]

const history = (page: BillingHistory) =>
  server.use(http.get("*/api/billing/history", () => HttpResponse.json(page)))

const tile = (label: string) => screen.getByText(label).nextElementSibling?.textContent
const rowOf = (description: string, index = 0) =>
  screen.getAllByRole("row").filter((row) => row.textContent?.includes(description))[
    index
  ] as HTMLElement

describe("the billing history page", () => {
  beforeEach(() => {
    vi.mocked(goTo).mockClear()
    signedInAs(aMember())
  })

  it("shows 'Loading billing history...' while the ledger is read", async () => {
    server.use(http.get("*/api/billing/history", () => new Promise<never>(() => {})))
    renderRoute("/billing-history")
    expect(await screen.findByText("Loading billing history...")).toBeTruthy()
    expect(screen.getByRole("heading", { name: "Billing History" })).toBeTruthy()
  })

  it("shows the empty state with a link to the plans", async () => {
    history({ records: [], nextCursor: null })
    renderRoute("/billing-history")
    expect(await screen.findByText("No Billing History")).toBeTruthy()
    expect(screen.getByText("You haven't made any payments yet.")).toBeTruthy()
    expect(screen.getByRole("link", { name: "View Pricing Plans" }).getAttribute("href")).toBe(
      "/pricing",
    )
    expect(screen.queryByText("Total Spent")).toBeNull()
  })

  it("shows an error with a retry, never sample invoices", async () => {
    let calls = 0
    server.use(
      http.get("*/api/billing/history", () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json(
              { code: "INTERNAL", message: "The ledger is unavailable" },
              { status: 500 },
            )
          : HttpResponse.json({ records: [aPayment()], nextCursor: null })
      }),
    )
    renderRoute("/billing-history")
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("The ledger is unavailable")).toBeTruthy()
    expect(screen.queryByRole("table")).toBeNull()
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("table")).toBeTruthy()
    expect(rowOf("Pro Plan").textContent).toContain("$9.99")
  })

  it("computes the tiles from the records and labels every status", async () => {
    history({ records: RECORDS, nextCursor: null })
    renderRoute("/billing-history")
    await screen.findByRole("table")
    expect(tile("Total Spent")).toBe("$12.98")
    expect(tile("Total Invoices")).toBe("6")
    expect(tile("Paid Invoices")).toBe("2")
    expect(tile("Latest Payment")).toBe("November 2026")

    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent)
    expect(headers).toEqual([
      "Date",
      "Description",
      "Amount",
      "Payment Method",
      "Status",
      "Actions",
    ])
    expect(within(rowOf("Pro Plan")).getByText("Paid")).toBeTruthy()
    expect(within(rowOf("Lite Plan", 0)).getByText("Failed")).toBeTruthy()
    expect(within(rowOf("Champ Plan")).getByText("Refunded")).toBeTruthy()
    expect(within(rowOf("Lite Plan", 1)).getByText("Pending")).toBeTruthy()
    expect(within(rowOf("Extra entry", 1)).getByText("disputed")).toBeTruthy()
    expect(within(rowOf("Pro Plan")).getByText("Visa •••• 4242")).toBeTruthy()
  })

  it("words each payment's purpose and the offline method in the page's language (issue 22)", async () => {
    await activateLanguage("de")
    history({
      records: [
        aPayment({ payment_method: "Test mode (no card charged)" }),
        aPayment({ id: "p2", description: "Extra entry", subscription_tier: null }),
      ],
      nextCursor: null,
    })
    renderRoute("/billing-history")
    await screen.findByRole("table")
    expect(within(rowOf("Tarif Pro")).getByText("Testmodus (keine Karte belastet)")).toBeTruthy()
    expect(within(rowOf("Zusätzlicher Beitrag")).getByText("Visa •••• 4242")).toBeTruthy()
    expect(screen.queryByText("Pro Plan")).toBeNull()
    expect(screen.queryByText("Extra entry")).toBeNull()
  })

  it("shows a cancelled and an expired checkout as such, and leaves them out of every tile", async () => {
    history({
      records: [
        // The newest rows: neither is the latest payment.
        aPayment({
          id: "c1",
          date: "2026-12-01T10:00:00.000Z",
          status: "cancelled",
          amount: 2.99,
          description: "Extra entry",
          subscription_tier: null,
          invoice_url: null,
          payment_method: null,
        }),
        aPayment({
          id: "e1",
          date: "2026-12-02T10:00:00.000Z",
          status: "expired",
          amount: 9.99,
          description: "Pro Plan",
          invoice_url: null,
          payment_method: null,
        }),
        ...RECORDS,
      ],
      nextCursor: null,
    })
    renderRoute("/billing-history")
    await screen.findByRole("table")
    expect(within(rowOf("Extra entry", 0)).getByText("Cancelled")).toBeTruthy()
    expect(within(rowOf("Pro Plan", 0)).getByText("Expired")).toBeTruthy()
    // Neither offers an invoice or a retry.
    expect(within(rowOf("Pro Plan", 0)).queryByRole("link")).toBeNull()
    expect(within(rowOf("Extra entry", 0)).queryByRole("button")).toBeNull()
    expect(tile("Total Spent")).toBe("$12.98")
    expect(tile("Total Invoices")).toBe("6")
    expect(tile("Paid Invoices")).toBe("2")
    expect(tile("Latest Payment")).toBe("November 2026")
    expect(screen.getByText(/Cancelled and expired checkouts were never charged/)).toBeTruthy()
  })

  it("lays rows out as labelled cards below the sm breakpoint, with Status and Invoice in each card", async () => {
    history({ records: RECORDS, nextCursor: null })
    renderRoute("/billing-history")
    const table = await screen.findByRole("table")
    // No fixed width below sm (the cause of side-scrolling on a phone); the header row is hidden
    // there, and every cell carries its own label instead.
    expect(table.className.split(" ")).not.toContain("min-w-[720px]")
    expect(table.className.split(" ")).toEqual(
      expect.arrayContaining(["block", "sm:table", "sm:min-w-[720px]"]),
    )
    const head = table.querySelector("thead") as HTMLElement
    expect(head.className.split(" ")).toEqual(
      expect.arrayContaining(["hidden", "sm:table-header-group"]),
    )
    const paid = rowOf("Pro Plan")
    expect(paid.className.split(" ")).toEqual(expect.arrayContaining(["block", "sm:table-row"]))
    for (const cell of within(paid).getAllByRole("cell")) {
      expect(cell.className.split(" ")).toEqual(expect.arrayContaining(["flex", "sm:table-cell"]))
    }
    const labels = ["Date", "Description", "Amount", "Payment Method", "Status"]
    for (const record of [paid, rowOf("Lite Plan", 1), rowOf("Champ Plan")]) {
      const shown = [...record.querySelectorAll("span.sm\\:hidden")].map(
        (label) => label.textContent,
      )
      expect(shown).toEqual(labels)
    }
    const status = within(paid).getByText("Status").closest("td") as HTMLElement
    expect(within(status).getByText("Paid")).toBeTruthy()
    expect(within(paid).getByRole("link", { name: /Invoice/ })).toBeTruthy()
    // No text in a card is kept on one line below sm (the Invoice button is short).
    for (const element of paid.querySelectorAll("td, td > span, td > div")) {
      expect(element.className.toString().split(" ")).not.toContain("whitespace-nowrap")
    }
  })

  it("links a paid row's invoice in a new tab, and only a paid row's", async () => {
    history({ records: RECORDS, nextCursor: null })
    renderRoute("/billing-history")
    await screen.findByRole("table")
    const invoice = within(rowOf("Pro Plan")).getByRole("link", { name: /Invoice/ })
    expect(invoice.getAttribute("href")).toBe("https://example.test/invoices/p1")
    expect(invoice.getAttribute("target")).toBe("_blank")
    expect(invoice.getAttribute("rel")).toContain("noopener")
    // Refunded (with an invoice) and paid without one: no link.
    expect(within(rowOf("Champ Plan")).queryByRole("link")).toBeNull()
    expect(within(rowOf("Extra entry", 0)).queryByRole("link")).toBeNull()
    expect(screen.getAllByRole("link", { name: /Invoice/ })).toHaveLength(1)
  })

  it("retries a failed plan payment with a new checkout for the same plan", async () => {
    history({ records: [RECORDS[2] as Payment], nextCursor: null })
    let sent: unknown
    server.use(
      http.post("*/api/stripe/subscription-session", async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ sessionId: "cs_retry", url: "/checkout/offline/cs_retry" })
      }),
    )
    renderRoute("/billing-history")
    await screen.findByRole("table")
    await screen.findAllByRole("link", { name: "Profile" })
    await userEvent.click(within(rowOf("Lite Plan")).getByRole("button", { name: "Retry Payment" }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/checkout/offline/cs_retry"))
    expect(sent).toMatchObject({ planTier: "lite" })
    expect(window.localStorage.getItem("sessionId")).toBe("cs_retry")
  })

  it("retries a failed extra entry for the open contest, or explains why it cannot", async () => {
    const failedEntry = aPayment({
      id: "p9",
      status: "failed",
      description: "Extra entry",
      subscription_tier: null,
      invoice_url: null,
    })
    history({ records: [failedEntry], nextCursor: null })
    server.use(
      http.get("*/api/challenges/current-active", () => new HttpResponse(null, { status: 204 })),
    )
    const first = renderRoute("/billing-history")
    await screen.findByRole("table")
    const blocked = await within(rowOf("Extra entry")).findByText(/No contest is open right now/)
    const button = within(rowOf("Extra entry")).getByRole("button", { name: "Retry Payment" })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(button.getAttribute("title")).toBe(blocked.textContent)
    first.unmount()

    let sent: unknown
    server.use(
      http.get("*/api/challenges/current-active", () =>
        HttpResponse.json({ id: "c-open", status: "active" } as Partial<Contest>),
      ),
      http.post("*/api/stripe/checkout-session", async ({ request }) => {
        sent = await request.json()
        return HttpResponse.json({ sessionId: "cs_entry", url: "/checkout/offline/cs_entry" })
      }),
    )
    renderRoute("/billing-history")
    await screen.findByRole("table")
    const retry = within(rowOf("Extra entry")).getByRole("button", { name: "Retry Payment" })
    await waitFor(() => expect((retry as HTMLButtonElement).disabled).toBe(false))
    await userEvent.click(retry)
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/checkout/offline/cs_entry"))
    expect(sent).toEqual({
      contestId: "c-open",
      returnUrl: `${window.location.origin}/payment-success`,
    })
  })

  it("loads more payments with the next cursor", async () => {
    const cursors: Array<string | null> = []
    server.use(
      http.get("*/api/billing/history", ({ request }) => {
        const cursor = new URL(request.url).searchParams.get("cursor")
        cursors.push(cursor)
        return HttpResponse.json(
          cursor === "page-2"
            ? {
                records: [
                  aPayment({
                    id: "old",
                    description: "Lite Plan",
                    subscription_tier: "lite",
                    date: "2025-01-15T10:00:00.000Z",
                  }),
                ],
                nextCursor: null,
              }
            : { records: [aPayment()], nextCursor: "page-2" },
        )
      }),
    )
    renderRoute("/billing-history")
    await screen.findByRole("table")
    expect(tile("Total Invoices")).toBe("1")
    await userEvent.click(screen.getByRole("button", { name: "Load more" }))
    expect(await screen.findByText("Lite Plan")).toBeTruthy()
    expect(cursors).toEqual([null, "page-2"])
    expect(tile("Total Invoices")).toBe("2")
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull()
  })

  it("offers help and goes back home when there is no page to go back to", async () => {
    history({ records: [], nextCursor: null })
    const { router } = renderRoute("/billing-history")
    const help = (await screen.findByRole("heading", { name: "Need Help?" }))
      .parentElement as HTMLElement
    expect(
      within(help).getByRole("link", { name: "Update Payment Method" }).getAttribute("href"),
    ).toBe("/profile")
    expect(within(help).getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe(
      "/contact",
    )
    server.use(
      http.all("*/api/*", () => HttpResponse.json({ code: "X", message: "x" }, { status: 503 })),
    )
    await userEvent.click(screen.getByRole("button", { name: "Back" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/"))
  })
})
