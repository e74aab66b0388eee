import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it } from "vitest"
import { aMember, renderRoute, signedInAs } from "../test/render.tsx"
import { server } from "../test/server.ts"
import { anEntryPage } from "../screens/entry/entry-page-fixtures.ts"
import { entries } from "./entry-fixtures.ts"

beforeAll(() => {
  // The first render loads the lazy route: give a busy machine more than the default second.
  configure({ asyncUtilTimeout: 5000 })
})

const ARTIST_ID = "22222222-2222-4222-8222-222222222222"
const FEEDBACK = "Confident outlines and a lovely warm palette; try a softer blend in the sky."

const feedbackItem = (overrides: Record<string, unknown> = {}) => ({
  id: "f1",
  entryId: "e2",
  judgeName: "marie",
  text: FEEDBACK,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  mine: false,
  ...overrides,
})

/** The entry e2 by the artist, and its feedback as GET /api/entries/e2/feedback answers it. */
const entryWithFeedback = (answer: Record<string, unknown>) => {
  const asked: string[] = []
  server.use(
    http.get("*/api/entries/:id", ({ params }) =>
      HttpResponse.json(anEntryPage({ id: String(params.id), userId: ARTIST_ID })),
    ),
    http.get("*/api/entries/:id/feedback", ({ params }) => {
      asked.push(String(params.id))
      return HttpResponse.json(answer)
    }),
  )
  return asked
}

describe("professional feedback on an entry's page", () => {
  it("shows the artist the judges' feedback", async () => {
    signedInAs(aMember({ id: ARTIST_ID, username: "grace" }))
    entryWithFeedback({ items: [feedbackItem()], canWrite: false, offered: true })
    renderRoute("/entries/e2")
    const card = (await screen.findByRole("heading", { name: "Professional feedback" }))
      .parentElement?.parentElement as HTMLElement
    expect(await within(card).findByText(FEEDBACK)).toBeTruthy()
    expect(within(card).getByText("marie")).toBeTruthy()
    expect(within(card).queryByRole("textbox")).toBeNull()
  })

  it("tells an artist not on Color Champ where the perk comes from", async () => {
    signedInAs(aMember({ id: ARTIST_ID, username: "grace" }))
    entryWithFeedback({ items: [], canWrite: false, offered: false })
    renderRoute("/entries/e2")
    expect(
      await screen.findByText(/Professional feedback from our judges comes with Color Champ/),
    ).toBeTruthy()
    expect(screen.getByRole("link", { name: "See the plans" }).getAttribute("href")).toBe(
      "/pricing",
    )
  })

  it("lets a judge write feedback, checked before sending, and sends it once", async () => {
    signedInAs(aMember({ isJudge: true }))
    entryWithFeedback({ items: [], canWrite: true, offered: true })
    const sent: unknown[] = []
    server.use(
      http.put("*/api/entries/:id/feedback", async ({ request }) => {
        const body = (await request.json()) as { text: string }
        sent.push(body)
        return HttpResponse.json({
          created: true,
          feedback: feedbackItem({ text: body.text, mine: true, judgeName: "ada" }),
        })
      }),
    )
    renderRoute("/entries/e2")
    const box = await screen.findByRole("textbox", { name: "Write feedback" })
    await userEvent.type(box, "Nice.")
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }))
    expect(await screen.findByText("Write at least 10 characters of feedback")).toBeTruthy()
    expect(sent).toEqual([])
    await userEvent.type(box, " The sky's gradient is smooth.")
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }))
    await waitFor(() => expect(sent).toEqual([{ text: "Nice. The sky's gradient is smooth." }]))
    expect(await screen.findByText("Feedback sent")).toBeTruthy()
  })

  it("shows the server's refusal at the field", async () => {
    signedInAs(aMember({ isJudge: true }))
    entryWithFeedback({ items: [], canWrite: true, offered: true })
    server.use(
      http.put("*/api/entries/:id/feedback", () =>
        HttpResponse.json(
          {
            code: "VALIDATION_FAILED",
            message: "text: Feedback must be at most 2000 characters long (it has 2001)",
            issues: [
              {
                field: "text",
                message: "Feedback must be at most 2000 characters long (it has 2001)",
              },
            ],
          },
          { status: 400 },
        ),
      ),
    )
    renderRoute("/entries/e2")
    const box = await screen.findByRole("textbox", { name: "Write feedback" })
    await userEvent.type(box, "A long critique of the shading.")
    await userEvent.click(screen.getByRole("button", { name: "Send feedback" }))
    expect(
      await screen.findByText("Feedback must be at most 2000 characters long (it has 2001)"),
    ).toBeTruthy()
  })

  it("shows the artist their feedback in the lightbox over the gallery too", async () => {
    const grid = entries(2)
    const mine = grid[1]
    if (!mine) throw new Error("entries(2) made fewer than 2 entries")
    signedInAs(aMember({ id: mine.userId, username: mine.username }))
    server.use(
      http.get("*/api/gallery", () => HttpResponse.json({ items: grid, nextCursor: null })),
      http.get("*/api/entries/:id", ({ params }) =>
        HttpResponse.json(anEntryPage(grid.find((entry) => entry.id === params.id) ?? mine)),
      ),
      http.get("*/api/entries/:id/feedback", () =>
        HttpResponse.json({ items: [feedbackItem()], canWrite: false, offered: true }),
      ),
    )
    renderRoute("/gallery")
    await userEvent.click(
      await screen.findByRole("link", { name: `Open ${mine.username}'s entry` }),
    )
    const dialog = await screen.findByRole("dialog")
    expect(await within(dialog).findByText(FEEDBACK)).toBeTruthy()
  })

  it("asks nothing and shows nothing to a member who is neither the artist nor a judge", async () => {
    signedInAs(aMember())
    const asked = entryWithFeedback({ items: [], canWrite: false, offered: true })
    renderRoute("/entries/e2")
    expect(await screen.findByRole("heading", { level: 1, name: "grace's entry" })).toBeTruthy()
    expect(screen.queryByRole("heading", { name: "Professional feedback" })).toBeNull()
    expect(asked).toEqual([])
  })
})
