import { configure, fireEvent, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { aContest, page, renderAdmin, server, signedInAsAdmin } from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

describe("the contest form's subscribers-only flag and the daily default prize", () => {
  it("creates a subscribers-only contest that takes the daily default prize (no prize sent)", async () => {
    signedInAsAdmin()
    server.use(http.get("*/api/admin/contests", () => HttpResponse.json(page([]))))
    const bodies: Array<Record<string, unknown>> = []
    server.use(
      http.post("*/api/admin/contests", async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>)
        return HttpResponse.json(aContest({ id: "new1", subscribersOnly: true }), { status: 201 })
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
    expect(within(dialog).getByLabelText<HTMLSelectElement>("Prize kind").value).toBe("default")
    expect(within(dialog).getByText(/gets the daily default prize set in Settings/)).toBeTruthy()
    const flag = within(dialog).getByRole("checkbox", { name: /Subscribers only/ })
    expect((flag as HTMLInputElement).checked).toBe(false)
    await userEvent.click(flag)
    await userEvent.click(within(dialog).getByRole("button", { name: "Create contest" }))
    expect(await screen.findByText("Contest created")).toBeTruthy()
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ title: "Heron", subscribersOnly: true })
    expect("prize" in (bodies[0] ?? {})).toBe(false)
  })

  it("opens a subscribers-only contest to everyone, sending only the flag", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/challenges/c1", () => HttpResponse.json(aContest({ subscribersOnly: true }))),
    )
    const bodies: unknown[] = []
    server.use(
      http.put("*/api/admin/contests/c1", async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(aContest({ subscribersOnly: false }))
      }),
    )
    renderAdmin("/admin/contests/c1")
    const flag = await screen.findByRole("checkbox", { name: /Subscribers only/ })
    expect((flag as HTMLInputElement).checked).toBe(true)
    // An edit has no "daily default": the contest's own prize is what it has.
    expect(screen.queryByRole("option", { name: "Daily default prize" })).toBeNull()
    await userEvent.click(flag)
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }))
    expect(await screen.findByText("Contest saved")).toBeTruthy()
    expect(bodies).toEqual([{ subscribersOnly: false }])
  })
})
