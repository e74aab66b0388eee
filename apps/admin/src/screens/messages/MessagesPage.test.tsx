import { configure, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import type { ContactMessage } from "../../api/admin-types.ts"
import {
  aMessage,
  descriptionOf,
  held,
  page,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

/** The inbox as the server keeps it: handling and replying change it. */
const inbox = (start: ReadonlyArray<ContactMessage>) => {
  let messages = [...start]
  const requests: { path: string; body: unknown }[] = []
  const asked: string[] = []
  const mark = (id: string, handled: boolean) => {
    messages = messages.map((m) =>
      m.id === id ? { ...m, handledAt: handled ? "2026-11-24T10:00:00.000Z" : null } : m,
    )
    return messages.find((m) => m.id === id)
  }
  server.use(
    http.get("*/api/admin/messages", ({ request }) => {
      const status = new URL(request.url).searchParams.get("status") ?? ""
      asked.push(status)
      return HttpResponse.json(
        page(status === "all" ? messages : messages.filter((m) => m.handledAt === null)),
      )
    }),
    http.post("*/api/admin/messages/:id/handled", async ({ request, params }) => {
      const body = (await request.json()) as { handled: boolean }
      requests.push({ path: `${String(params.id)}/handled`, body })
      return HttpResponse.json(mark(String(params.id), body.handled))
    }),
    http.post("*/api/admin/messages/:id/reply", async ({ request, params }) => {
      requests.push({ path: `${String(params.id)}/reply`, body: await request.json() })
      return HttpResponse.json(mark(String(params.id), true))
    }),
  )
  return { requests, asked }
}

describe("the messages inbox", () => {
  it("shows the loading state, then the unhandled messages", async () => {
    signedInAsAdmin()
    const answer = held()
    server.use(
      http.get("*/api/admin/messages", async () => {
        await answer.until
        return HttpResponse.json(page([aMessage()]))
      }),
    )
    renderAdmin("/admin/messages")
    expect(await screen.findByText("Loading messages…")).toBeTruthy()
    answer.release()
    const card = await screen.findByRole("article", { name: "Printing the line art" })
    expect(within(card).getByText("The PDF prints too small on A4.")).toBeTruthy()
    expect(within(card).getByText("Unhandled")).toBeTruthy()
  })

  it("says when everything is handled, shows all messages on request, and retries after an error", async () => {
    signedInAsAdmin()
    let fail = true
    server.use(
      http.get("*/api/admin/messages", ({ request }) => {
        if (fail) return refusal(500, "INTERNAL", "Database down")
        const all = new URL(request.url).searchParams.get("status") === "all"
        return HttpResponse.json(
          page(all ? [aMessage({ handledAt: "2026-11-23T10:00:00.000Z" })] : []),
        )
      }),
    )
    const { router } = renderAdmin("/admin/messages")
    const alert = await screen.findByRole("alert")
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByText("No unhandled messages")).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "All messages" }))
    expect(await screen.findByRole("article", { name: "Printing the line art" })).toBeTruthy()
    expect(router.state.location.search).toBe("?status=all")
    expect(screen.getByRole("button", { name: "All messages" }).getAttribute("aria-pressed")).toBe(
      "true",
    )
  })

  it("marks a message handled", async () => {
    signedInAsAdmin()
    const { requests } = inbox([aMessage(), aMessage({ id: "m2", subject: "Refund" })])
    renderAdmin("/admin/messages")
    await userEvent.click(
      await screen.findByRole("button", { name: "Mark handled: Printing the line art" }),
    )
    expect(await screen.findByText("Marked handled")).toBeTruthy()
    expect(requests).toEqual([{ path: "m1/handled", body: { handled: true } }])
    // Handled, it leaves the unhandled view.
    await screen.findByRole("article", { name: "Refund" })
    expect(screen.queryByRole("article", { name: "Printing the line art" })).toBeNull()
  })

  it("replies by mail: asks for the text, sends subject and body, and the message is handled", async () => {
    signedInAsAdmin()
    const { requests } = inbox([aMessage()])
    renderAdmin("/admin/messages")
    await userEvent.click(await screen.findByRole("button", { name: "Reply to Alan Turing" }))
    const dialog = await screen.findByRole("dialog", { name: "Reply to Alan Turing" })
    expect(within(dialog).getByLabelText<HTMLInputElement>("Subject").value).toBe(
      "Re: Printing the line art",
    )
    await userEvent.click(within(dialog).getByRole("button", { name: "Send reply" }))
    expect(descriptionOf(within(dialog).getByLabelText("Reply"))).toContain("Write the reply.")
    expect(requests).toEqual([])
    await userEvent.type(
      within(dialog).getByLabelText("Reply"),
      "Choose A4 in the download dialog.",
    )
    await userEvent.click(within(dialog).getByRole("button", { name: "Send reply" }))
    expect(await screen.findByText("Reply sent")).toBeTruthy()
    expect(requests).toEqual([
      {
        path: "m1/reply",
        body: { subject: "Re: Printing the line art", body: "Choose A4 in the download dialog." },
      },
    ])
    expect(await screen.findByText("No unhandled messages")).toBeTruthy()
  })

  it("shows a refused reply under the field the server names", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/admin/messages", () => HttpResponse.json(page([aMessage()]))),
      http.post("*/api/admin/messages/m1/reply", () =>
        refusal(400, "BAD_REQUEST", "body: must be at most 10000 characters"),
      ),
    )
    renderAdmin("/admin/messages")
    await userEvent.click(await screen.findByRole("button", { name: "Reply to Alan Turing" }))
    const dialog = await screen.findByRole("dialog", { name: "Reply to Alan Turing" })
    await userEvent.type(within(dialog).getByLabelText("Reply"), "Thanks")
    await userEvent.click(within(dialog).getByRole("button", { name: "Send reply" }))
    expect(
      await within(dialog).findByText("must be at most 10000 characters", { selector: "p[id]" }),
    ).toBeTruthy()
  })
})
