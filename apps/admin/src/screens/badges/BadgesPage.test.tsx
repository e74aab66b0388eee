import { configure, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import {
  anAdminMember,
  descriptionOf,
  page,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

/** A response body the test writes into while the page reads it. */
const stream = () => {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
    },
  })
  const encoder = new TextEncoder()
  return {
    body,
    write: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  }
}

const progressOf = () =>
  screen.getByRole("progressbar", { name: "Backfill progress" }).getAttribute("aria-valuenow")

describe("the badge backfill", () => {
  it("shows its progress line by line as the server streams it, then what it granted", async () => {
    signedInAsAdmin()
    const ndjson = stream()
    let started = 0
    server.use(
      http.post("*/api/admin/badges/backfill", () => {
        started += 1
        return new HttpResponse(ndjson.body, {
          headers: { "Content-Type": "application/x-ndjson" },
        })
      }),
    )
    renderAdmin("/admin/badges")
    await userEvent.click(await screen.findByRole("button", { name: "Run backfill" }))
    expect(await screen.findByText("Starting…")).toBeTruthy()
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Running…" }).disabled).toBe(true)

    ndjson.write('{"type":"progress","done":1,"total":4}\n')
    expect(await screen.findByText("1 of 4 checked (25%)")).toBeTruthy()
    expect(progressOf()).toBe("25")

    // A line may arrive in pieces: it counts once it is whole.
    ndjson.write('{"type":"progress","done":3,')
    ndjson.write('"total":4}\n{"type":"progress","done":4,"total":4}\n')
    expect(await screen.findByText("4 of 4 checked (100%)")).toBeTruthy()

    ndjson.write('{"type":"done","granted":7}\n')
    ndjson.end()
    expect(await screen.findByText("Done: 7 badges granted.")).toBeTruthy()
    expect(await screen.findByText("Backfill done")).toBeTruthy()
    expect(progressOf()).toBe("100")
    expect(started).toBe(1)
  })

  it("says why it could not start, and when the stream stops before it is done; Try again runs it again", async () => {
    signedInAsAdmin()
    let answer = 0
    server.use(
      http.post("*/api/admin/badges/backfill", () => {
        answer += 1
        if (answer === 1) return refusal(503, "BUSY", "A backfill is already running")
        if (answer === 2)
          return new HttpResponse('{"type":"progress","done":2,"total":5}\n', {
            headers: { "Content-Type": "application/x-ndjson" },
          })
        return new HttpResponse(
          '{"type":"progress","done":5,"total":5}\n{"type":"done","granted":0}\n',
          {
            headers: { "Content-Type": "application/x-ndjson" },
          },
        )
      }),
    )
    renderAdmin("/admin/badges")
    await userEvent.click(await screen.findByRole("button", { name: "Run backfill" }))
    let alert = await screen.findByRole("alert")
    expect(within(alert).getByText(/A backfill is already running/)).toBeTruthy()
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    await waitFor(() =>
      expect(
        screen.getByText(
          "The backfill stopped before it said it was done. (2 checked before it stopped.)",
        ),
      ).toBeTruthy(),
    )
    alert = screen.getByRole("alert")
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByText("Done: 0 badges granted.")).toBeTruthy()
  })
})

describe("granting a badge by hand", () => {
  it("finds the member, asks for the badge and grants it", async () => {
    signedInAsAdmin()
    const asked: string[] = []
    const grants: unknown[] = []
    server.use(
      http.get("*/api/admin/members", ({ request }) => {
        asked.push(new URL(request.url).searchParams.get("q") ?? "")
        return HttpResponse.json(
          page([
            anAdminMember(),
            anAdminMember({ id: "m2", username: "gracie", email: "gracie@example.com" }),
          ]),
        )
      }),
      http.post("*/api/admin/badges/grant", async ({ request }) => {
        grants.push(await request.json())
        return HttpResponse.json({
          id: "hat-trick",
          name: "Hat Trick",
          description: "Win 3 contests in a row",
          earnedAt: "2026-11-24T01:00:00.000Z",
          type: "win",
          icon: "Crown",
          iconColor: "text-purple-500",
        })
      }),
    )
    renderAdmin("/admin/badges")
    await userEvent.click(await screen.findByRole("button", { name: "Grant badge" }))
    expect(screen.getByText("Find and choose the member first.")).toBeTruthy()
    expect(descriptionOf(screen.getByLabelText("Badge"))).toContain("Choose the badge to grant.")
    expect(grants).toEqual([])

    await userEvent.type(screen.getByLabelText("Find the member"), "grace")
    await userEvent.click(screen.getByRole("button", { name: "Find" }))
    await userEvent.click(await screen.findByRole("radio", { name: /gracie/ }))
    await userEvent.selectOptions(screen.getByLabelText("Badge"), "hat-trick")
    await userEvent.click(screen.getByRole("button", { name: "Grant badge to gracie" }))
    expect(await screen.findByText("Badge granted")).toBeTruthy()
    expect(screen.getByText("Hat Trick for gracie")).toBeTruthy()
    expect(grants).toEqual([{ memberId: "m2", badgeId: "hat-trick" }])
    expect(asked).toEqual(["grace"])
  })

  it("says when no member matches, and shows a refused grant", async () => {
    signedInAsAdmin()
    server.use(
      http.get("*/api/admin/members", ({ request }) =>
        HttpResponse.json(
          page(new URL(request.url).searchParams.get("q") === "zzz" ? [] : [anAdminMember()]),
        ),
      ),
      http.post("*/api/admin/badges/grant", () => refusal(404, "NOT_FOUND", "No such member")),
    )
    renderAdmin("/admin/badges")
    const find = await screen.findByLabelText("Find the member")
    await userEvent.type(find, "zzz{Enter}")
    expect(await screen.findByText("No members match “zzz”")).toBeTruthy()
    await userEvent.clear(find)
    await userEvent.type(find, "grace{Enter}")
    await userEvent.click(await screen.findByRole("radio", { name: /grace/ }))
    await userEvent.selectOptions(screen.getByLabelText("Badge"), "first-win")
    await userEvent.click(screen.getByRole("button", { name: "Grant badge to grace" }))
    expect(await screen.findByText("No such member")).toBeTruthy()
  })
})

describe("the badges section in the admin's language (issue 22)", () => {
  it("names the badges and their rules in German, and the granted one in the toast", async () => {
    await activateLanguage("de")
    signedInAsAdmin()
    server.use(
      // The admin's own setting, which the dashboard follows (signedInAsAdmin's id).
      http.get("*/api/users/99999999-9999-4999-8999-999999999999/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "de" }),
      ),
      http.get("*/api/admin/members", () => HttpResponse.json(page([anAdminMember()]))),
      // The API names the badge in English: the dashboard names it by its id.
      http.post("*/api/admin/badges/grant", () =>
        HttpResponse.json({
          _id: "hat-trick",
          id: "hat-trick",
          name: "Hat Trick",
          description: "Win 3 contests in a row",
          earnedAt: "2026-11-24T01:00:00.000Z",
          type: "win",
          icon: "Crown",
          iconColor: "text-purple-500",
        }),
      ),
    )
    renderAdmin("/admin/badges")
    const heading = await screen.findByRole("heading", { name: "Abzeichen nachträglich vergeben" })
    const rules = heading.closest("section") as HTMLElement
    expect(within(rules).getByText(/Gewinnen Sie 3 Wettbewerbe in Folge/)).toBeTruthy()
    expect(within(rules).getByText("Hattrick")).toBeTruthy()
    expect(within(rules).queryByText(/Win 3 contests in a row/)).toBeNull()

    const option = screen.getByRole<HTMLOptionElement>("option", {
      name: "Hattrick — Gewinnen Sie 3 Wettbewerbe in Folge",
    })
    expect(option.value).toBe("hat-trick")
    await userEvent.type(screen.getByLabelText("Mitglied suchen"), "grace{Enter}")
    await userEvent.click(await screen.findByRole("radio", { name: /grace/ }))
    await userEvent.selectOptions(screen.getByLabelText("Abzeichen"), "hat-trick")
    await userEvent.click(screen.getByRole("button", { name: "grace ein Abzeichen verleihen" }))
    expect(await screen.findByText("Abzeichen verliehen")).toBeTruthy()
    expect(screen.getByText("Hattrick für grace")).toBeTruthy()
  })
})
