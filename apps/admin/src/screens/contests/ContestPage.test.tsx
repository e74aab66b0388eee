import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { beforeAll, describe, expect, it, vi } from "vitest"
import { DEFAULT_SETTINGS } from "../../../../../domain/accounts/member-settings.ts"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"
import type { AdminEntry, Contest, Ranking, RankingRow } from "../../api/admin-types.ts"
import {
  aContest,
  anAdminEntry,
  descriptionOf,
  held,
  page,
  refusal,
  renderAdmin,
  server,
  signedInAsAdmin,
} from "../../test/render.tsx"

configure({ asyncUtilTimeout: 5000 })

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview")
  URL.revokeObjectURL = vi.fn()
})

/** GET /api/challenges/c1 answers `contest` (a function: read at each request). */
const answerContest = (contest: Contest | (() => Contest)) =>
  server.use(
    http.get("*/api/challenges/c1", () =>
      HttpResponse.json(typeof contest === "function" ? contest() : contest),
    ),
  )

const closedResult = {
  closedAt: "2026-11-24T00:05:00.000Z",
  winnerEntryId: "e1",
  winnerMemberId: "m1",
  winnerRawVotes: 40,
  winnerWeightedScore: 52.5,
  peoplesChoiceEntryId: "e2",
  totalEntries: 2,
  totalVotes: 70,
}

const aRow = (overrides: Partial<RankingRow> = {}): RankingRow => ({
  rank: 1,
  entryId: "e1",
  memberId: "m1",
  artistName: "grace",
  rawVotes: 40,
  weightedScore: 52.5,
  thumbnailUrl: "/images/e1.thumb.jpg",
  moderation: "visible",
  ...overrides,
})

const answerRanking = (rows: ReadonlyArray<RankingRow>) =>
  server.use(
    http.get("*/api/admin/contests/c1/ranking", () =>
      HttpResponse.json({ contest: aContest(), rows } satisfies Ranking),
    ),
  )

describe("a contest's details", () => {
  it("shows the loading state, then the contest; the error state retries", async () => {
    signedInAsAdmin()
    let fail = true
    const answer = held()
    server.use(
      http.get("*/api/challenges/c1", async () => {
        await answer.until
        return fail ? refusal(404, "NOT_FOUND", "No such contest") : HttpResponse.json(aContest())
      }),
    )
    renderAdmin("/admin/contests/c1")
    expect(await screen.findByText("Loading the contest…")).toBeTruthy()
    answer.release()
    const alert = await screen.findByRole("alert")
    expect(within(alert).getByText("No such contest")).toBeTruthy()
    fail = false
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByRole("heading", { name: "Owl at Midnight" })).toBeTruthy()
  })

  it("sends only the fields that changed, and keeps the window of a started contest locked", async () => {
    signedInAsAdmin()
    answerContest(aContest({ status: "active" }))
    const bodies: unknown[] = []
    server.use(
      http.put("*/api/admin/contests/c1", async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(aContest({ title: "Owl at Dawn" }))
      }),
    )
    renderAdmin("/admin/contests/c1")
    const title = await screen.findByLabelText("Title")
    expect(screen.getByLabelText<HTMLInputElement>("Starts").disabled).toBe(true)
    await userEvent.clear(title)
    await userEvent.type(title, "Owl at Dawn")
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }))
    expect(await screen.findByText("Contest saved")).toBeTruthy()
    expect(bodies).toEqual([{ title: "Owl at Dawn" }])
    expect(await screen.findByRole("heading", { name: "Owl at Dawn" })).toBeTruthy()
  })

  it("shows a refused window change (409) in the form", async () => {
    signedInAsAdmin()
    answerContest(aContest({ status: "scheduled" }))
    server.use(
      http.put("*/api/admin/contests/c1", () =>
        refusal(
          409,
          "CONTEST_LOCKED",
          "The contest has started: its start, end and type can no longer change.",
        ),
      ),
    )
    renderAdmin("/admin/contests/c1")
    const ends = await screen.findByLabelText("Ends")
    fireEvent.change(ends, { target: { value: "2026-11-24T06:00" } })
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }))
    expect(
      await screen.findByText(
        "The contest has started: its start, end and type can no longer change.",
      ),
    ).toBeTruthy()
  })

  it("cancels only after a reason and a confirmation", async () => {
    signedInAsAdmin()
    let contest = aContest({ status: "scheduled" })
    answerContest(() => contest)
    const bodies: unknown[] = []
    server.use(
      http.post("*/api/admin/contests/c1/cancel", async ({ request }) => {
        bodies.push(await request.json())
        contest = aContest({ status: "cancelled" })
        return HttpResponse.json(contest)
      }),
    )
    renderAdmin("/admin/contests/c1")
    await userEvent.click(await screen.findByRole("button", { name: "Cancel contest" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel “Owl at Midnight”?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel contest" }))
    expect(descriptionOf(within(dialog).getByLabelText("Reason"))).toContain(
      "Give the reason for cancelling.",
    )
    expect(bodies).toEqual([])
    await userEvent.type(within(dialog).getByLabelText("Reason"), "The line art is copyrighted")
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel contest" }))
    expect(await screen.findByText("Contest cancelled")).toBeTruthy()
    expect(bodies).toEqual([{ reason: "The line art is copyrighted" }])
    expect(await screen.findByText("This contest is cancelled.")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Cancel contest" })).toBeNull()
  })
})

describe("a contest's line art", () => {
  const picture = (name = "owl.png", type = "image/png", size?: number) => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type })
    if (size !== undefined) Object.defineProperty(file, "size", { value: size })
    return file
  }

  it("previews the chosen picture, uploads it with the PDF as multipart and shows the new page", async () => {
    signedInAsAdmin()
    let contest = aContest({ lineArt: null })
    answerContest(() => contest)
    let fields: string[] = []
    server.use(
      http.post("*/api/admin/contests/c1/line-art", async ({ request }) => {
        // The multipart body as sent (jsdom's files do not survive FormData parsing here).
        const body = await request.text()
        fields = [...body.matchAll(/; name="([^"]+)"/g)].map((match) => match[1] ?? "")
        contest = aContest({ lineArt: "/images/line-art/new.png" })
        return HttpResponse.json({
          challenge: contest,
          lineArt: {
            png: "/api/challenges/c1/line-art.png",
            pdf: { letter: "/api/challenges/c1/line-art.pdf?paper=letter" },
            image: "/images/line-art/new.png",
            printPdfSent: true,
          },
        })
      }),
    )
    renderAdmin("/admin/contests/c1?tab=line-art")
    expect(await screen.findByText(/This contest has no line art yet/)).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "Upload line art" }))
    expect(screen.getByText("Choose the page (a picture), its print PDF, or both.")).toBeTruthy()

    await userEvent.upload(screen.getByLabelText("Page (PNG, JPEG, WebP or AVIF)"), picture())
    expect(
      screen.getByRole("img", { name: "Preview of the chosen page" }).getAttribute("src"),
    ).toBe("blob:preview")
    await userEvent.upload(
      screen.getByLabelText("Print PDF (optional)"),
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], "owl.pdf", { type: "application/pdf" }),
    )
    await userEvent.click(screen.getByRole("button", { name: "Upload line art" }))
    expect(await screen.findByText("Line art saved")).toBeTruthy()
    expect(fields.sort()).toEqual(["image", "pdf"])
    expect(
      (await screen.findByRole("img", { name: "Line art of Owl at Midnight" })).getAttribute("src"),
    ).toBe("/images/line-art/new.png")
    expect(screen.getByText("Downloads use the print PDF you sent.")).toBeTruthy()
  })

  it("refuses a file of the wrong kind or over 10 MB before any upload, and shows a server refusal", async () => {
    signedInAsAdmin()
    answerContest(aContest())
    server.use(
      http.post("*/api/admin/contests/c1/line-art", () =>
        refusal(415, "UNSUPPORTED_IMAGE", "The picture could not be read"),
      ),
    )
    renderAdmin("/admin/contests/c1?tab=line-art")
    const input = await screen.findByLabelText("Page (PNG, JPEG, WebP or AVIF)")
    await userEvent.upload(input, picture("owl.gif", "image/gif"), { applyAccept: false })
    expect(descriptionOf(input)).toContain("owl.gif is not a PNG, JPEG, WebP or AVIF picture.")
    await userEvent.upload(input, picture("big.png", "image/png", 11 * 1024 * 1024))
    expect(descriptionOf(input)).toContain("big.png is 11.0 MB; the limit is 10 MB.")
    await userEvent.upload(input, picture())
    await userEvent.click(screen.getByRole("button", { name: "Upload line art" }))
    expect(await screen.findByText("The picture could not be read")).toBeTruthy()
  })
})

describe("moderating a contest's entries", () => {
  const answerEntries = (entries: () => ReadonlyArray<AdminEntry>) =>
    server.use(
      http.get("*/api/admin/contests/c1/entries", () => HttpResponse.json(page(entries()))),
    )

  it("shows loading, then every entry; says when there are none; retries after an error", async () => {
    signedInAsAdmin()
    answerContest(aContest())
    let answer: "fail" | "empty" | "some" = "fail"
    const gate = held()
    server.use(
      http.get("*/api/admin/contests/c1/entries", async () => {
        await gate.until
        if (answer === "fail") return refusal(500, "INTERNAL", "Database down")
        return HttpResponse.json(page(answer === "empty" ? [] : [anAdminEntry()]))
      }),
    )
    const { queryClient } = renderAdmin("/admin/contests/c1?tab=entries")
    expect(await screen.findByText("Loading entries…")).toBeTruthy()
    gate.release()
    const alert = await screen.findByRole("alert")
    answer = "empty"
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    expect(await screen.findByText("No entries in this contest yet")).toBeTruthy()
    answer = "some"
    await queryClient.invalidateQueries()
    expect(await screen.findByRole("table", { name: "Entries" })).toBeTruthy()
  })

  it("hides an entry with the reason the member will see (the request carries it)", async () => {
    signedInAsAdmin()
    answerContest(aContest())
    let entry = anAdminEntry()
    answerEntries(() => [entry])
    const bodies: unknown[] = []
    server.use(
      http.post("*/api/admin/entries/e1/moderation", async ({ request }) => {
        const body = (await request.json()) as { action: string; reason?: string }
        bodies.push(body)
        entry = anAdminEntry({
          moderation: body.action === "restore" ? "visible" : "hidden",
          moderationReason: body.reason ?? null,
        })
        return HttpResponse.json(entry)
      }),
      http.get("*/api/admin/contests/c1/ranking", () =>
        HttpResponse.json({ contest: aContest(), rows: [] }),
      ),
    )
    renderAdmin("/admin/contests/c1?tab=entries")
    await userEvent.click(await screen.findByRole("button", { name: "Hide grace's entry" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Hide grace's entry?" })
    await userEvent.type(within(dialog).getByLabelText("Reason"), "ok")
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide entry" }))
    expect(descriptionOf(within(dialog).getByLabelText("Reason"))).toContain(
      "Give a reason of at least 3 characters",
    )
    expect(bodies).toEqual([])
    await userEvent.type(within(dialog).getByLabelText("Reason"), " — traced from a photo")
    await userEvent.click(within(dialog).getByRole("button", { name: "Hide entry" }))
    expect(await screen.findByText("Entry hidden")).toBeTruthy()
    expect(bodies).toEqual([{ action: "hide", reason: "ok — traced from a photo" }])
    const row = screen.getByRole("button", { name: "Restore grace's entry" }).closest("tr")
    if (!row) throw new Error("no row")
    expect(within(row).getByText("Hidden")).toBeTruthy()
    expect(within(row).getByText("ok — traced from a photo")).toBeTruthy()

    await userEvent.click(within(row).getByRole("button", { name: "Restore grace's entry" }))
    expect(await screen.findByText("Entry restored")).toBeTruthy()
    expect(bodies.at(-1)).toEqual({ action: "restore" })
    expect(await screen.findByRole("button", { name: "Hide grace's entry" })).toBeTruthy()
  })

  it("disqualifies after a confirmation and shows the server's 400 about the reason", async () => {
    signedInAsAdmin()
    answerContest(aContest())
    answerEntries(() => [anAdminEntry()])
    server.use(
      http.post("*/api/admin/entries/e1/moderation", () =>
        refusal(400, "BAD_REQUEST", "reason: must be at most 500 characters"),
      ),
    )
    renderAdmin("/admin/contests/c1?tab=entries")
    await userEvent.click(await screen.findByRole("button", { name: "Disqualify grace's entry" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Disqualify grace's entry?" })
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Entered twice")
    await userEvent.click(within(dialog).getByRole("button", { name: "Disqualify entry" }))
    expect(await within(dialog).findByText("reason: must be at most 500 characters")).toBeTruthy()
  })
})

describe("a contest's results", () => {
  it("enables Close only once the contest has ended and is not closed, then closes it", async () => {
    signedInAsAdmin()
    let contest = aContest({ status: "active" })
    answerContest(() => contest)
    answerRanking([aRow()])
    let closes = 0
    server.use(
      http.post("*/api/admin/contests/c1/close", () => {
        closes += 1
        contest = aContest({ status: "ended", result: closedResult })
        return HttpResponse.json(contest)
      }),
    )
    const { queryClient } = renderAdmin("/admin/contests/c1?tab=results")
    const close = await screen.findByRole("button", { name: "Close contest" })
    expect((close as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("The contest can be closed once it has ended.")).toBeTruthy()
    expect(
      screen.getByRole<HTMLButtonElement>("button", { name: "Announce winner" }).disabled,
    ).toBe(true)

    contest = aContest({ status: "ended" })
    await queryClient.invalidateQueries()
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>("button", { name: "Close contest" }).disabled,
      ).toBe(false),
    )
    await userEvent.click(screen.getByRole("button", { name: "Close contest" }))
    expect(await screen.findByText("Contest closed")).toBeTruthy()
    expect(closes).toBe(1)
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>("button", { name: "Close contest" }).disabled,
      ).toBe(true),
    )
    expect(
      screen.getByRole<HTMLButtonElement>("button", { name: "Announce winner" }).disabled,
    ).toBe(false)
  })

  it("announces a closed contest after a confirmation; a refusal is shown in the dialog", async () => {
    signedInAsAdmin()
    let contest = aContest({ status: "ended", result: closedResult })
    answerContest(() => contest)
    answerRanking([aRow()])
    let refuse = true
    let announces = 0
    server.use(
      http.post("*/api/admin/contests/c1/announce", () => {
        announces += 1
        if (refuse) return refusal(409, "NO_WINNER", "Nobody entered: there is no winner")
        contest = aContest({ status: "announced", result: closedResult })
        return HttpResponse.json(contest)
      }),
    )
    renderAdmin("/admin/contests/c1?tab=results")
    await userEvent.click(await screen.findByRole("button", { name: "Announce winner" }))
    const dialog = await screen.findByRole("alertdialog", {
      name: "Announce the winner of “Owl at Midnight”?",
    })
    await userEvent.click(within(dialog).getByRole("button", { name: "Announce winner" }))
    expect(await within(dialog).findByText("Nobody entered: there is no winner")).toBeTruthy()
    refuse = false
    await userEvent.click(within(dialog).getByRole("button", { name: "Announce winner" }))
    expect(await screen.findByText("Winner announced")).toBeTruthy()
    expect(announces).toBe(2)
    expect(await screen.findByText("The winner has been announced.")).toBeTruthy()
    expect(
      screen.getByRole<HTMLButtonElement>("button", { name: "Announce winner" }).disabled,
    ).toBe(true)
  })

  it("shows raw votes beside the weighted score, and grants a badge to a row's member", async () => {
    signedInAsAdmin()
    answerContest(aContest({ status: "ended", result: closedResult }))
    answerRanking([
      aRow(),
      aRow({
        rank: 2,
        entryId: "e2",
        memberId: "m2",
        artistName: "alan",
        rawVotes: 30,
        weightedScore: 17.5,
      }),
    ])
    const grants: unknown[] = []
    server.use(
      http.post("*/api/admin/badges/grant", async ({ request }) => {
        grants.push(await request.json())
        return HttpResponse.json({
          id: "peoples-choice",
          name: "People's Choice",
          description: "Receive the most community votes in a contest",
          earnedAt: "2026-11-24T01:00:00.000Z",
          type: "win",
          icon: "Star",
          iconColor: "text-pink-500",
        })
      }),
    )
    renderAdmin("/admin/contests/c1?tab=results")
    const table = await screen.findByRole("table", { name: "Ranking" })
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent)
    expect(headers).toContain("Raw votes")
    expect(headers).toContain("Weighted score")
    const alan = within(table).getByRole("link", { name: "alan" }).closest("tr")
    if (!alan) throw new Error("no row")
    expect(within(alan).getByText("30")).toBeTruthy()
    expect(within(alan).getByText("17.5")).toBeTruthy()
    expect(within(alan).getByText("People's Choice")).toBeTruthy()

    await userEvent.click(within(alan).getByRole("button", { name: "Grant badge to alan" }))
    const dialog = await screen.findByRole("dialog", { name: "Grant a badge to alan" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Grant badge" }))
    expect(descriptionOf(within(dialog).getByLabelText("Badge"))).toContain(
      "Choose the badge to grant.",
    )
    expect(within(dialog).getAllByRole("option")).toHaveLength(7)
    await userEvent.selectOptions(within(dialog).getByLabelText("Badge"), "peoples-choice")
    await userEvent.click(within(dialog).getByRole("button", { name: "Grant badge" }))
    expect(await screen.findByText("Badge granted")).toBeTruthy()
    expect(grants).toEqual([{ memberId: "m2", badgeId: "peoples-choice" }])
  })

  it("says when there is nothing to rank", async () => {
    signedInAsAdmin()
    answerContest(aContest({ status: "scheduled" }))
    answerRanking([])
    renderAdmin("/admin/contests/c1?tab=results")
    expect(await screen.findByText("No entries to rank yet")).toBeTruthy()
  })
})

describe("a contest's page in the admin's language (issue 22)", () => {
  it("shows the tabs, details, cancelling, line art, entries and results in Spanish", async () => {
    await activateLanguage("es")
    signedInAsAdmin()
    server.use(
      // The admin's own setting, which the dashboard follows (signedInAsAdmin's id).
      http.get("*/api/users/99999999-9999-4999-8999-999999999999/settings", () =>
        HttpResponse.json({ ...DEFAULT_SETTINGS, language: "es" }),
      ),
    )
    answerContest(aContest({ status: "active", lineArt: null }))
    server.use(
      http.get("*/api/admin/contests/c1/entries", () =>
        HttpResponse.json(page([anAdminEntry({ voteCount: 1234 })])),
      ),
    )
    answerRanking([aRow(), aRow({ rank: 2, entryId: "e2", memberId: "m2", artistName: "ada" })])
    renderAdmin("/admin/contests/c1")

    // Details: the form, and cancelling with its reason checked in Spanish.
    expect(await screen.findByRole("heading", { name: "Owl at Midnight" })).toBeTruthy()
    expect(screen.getByText("Activo")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Todos los concursos" })).toBeTruthy()
    const tabs = screen.getByRole("tablist", { name: "Secciones del concurso" })
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Detalles", "Dibujo para colorear", "Participaciones", "Resultados"])
    expect(screen.getByRole("button", { name: "Guardar cambios" })).toBeTruthy()
    await userEvent.click(screen.getByRole("button", { name: "Cancelar concurso" }))
    const dialog = await screen.findByRole("alertdialog", { name: "¿Cancelar «Owl at Midnight»?" })
    expect(within(dialog).getByRole("button", { name: "Mantener el concurso" })).toBeTruthy()
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar concurso" }))
    expect(descriptionOf(within(dialog).getByLabelText("Motivo"))).toContain(
      "Indique el motivo de la cancelación.",
    )
    await userEvent.click(within(dialog).getByRole("button", { name: "Mantener el concurso" }))

    // Line art: none yet, and a file of the wrong kind named in Spanish.
    await userEvent.click(within(tabs).getByRole("tab", { name: "Dibujo para colorear" }))
    expect(
      await screen.findByText(
        "Este concurso todavía no tiene dibujo para colorear: los miembros no pueden descargar ninguna página.",
      ),
    ).toBeTruthy()
    await userEvent.upload(
      screen.getByLabelText("Página (PNG, JPEG, WebP o AVIF)"),
      new File(["GIF89a"], "owl.gif", { type: "image/gif" }),
      { applyAccept: false },
    )
    expect(descriptionOf(screen.getByLabelText("Página (PNG, JPEG, WebP o AVIF)"))).toContain(
      "owl.gif no es una imagen PNG, JPEG, WebP ni AVIF.",
    )
    expect(screen.getByRole("button", { name: "Subir dibujo para colorear" })).toBeTruthy()

    // Entries: the moderation actions; 1234 as Spanish writes it (no separator in 4 digits; English: 1,234).
    await userEvent.click(within(tabs).getByRole("tab", { name: "Participaciones" }))
    const entries = await screen.findByRole("table", { name: "Participaciones" })
    expect(within(entries).getByRole("columnheader", { name: "Artista" })).toBeTruthy()
    expect(within(entries).getByText("1234")).toBeTruthy()
    expect(within(entries).getByText("Visible")).toBeTruthy()
    expect(
      within(entries).getByRole("button", { name: "Ocultar la participación de grace" }),
    ).toBeTruthy()
    expect(
      within(entries).getByRole("button", { name: "Descalificar la participación de grace" }),
    ).toBeTruthy()

    // Results: why it cannot close yet, and the ranking.
    await userEvent.click(within(tabs).getByRole("tab", { name: "Resultados" }))
    expect(
      await screen.findByText("El concurso se puede cerrar cuando haya terminado."),
    ).toBeTruthy()
    expect(screen.getByRole("button", { name: "Cerrar concurso" }).hasAttribute("disabled")).toBe(
      true,
    )
    expect(screen.getByText("Cierre el concurso antes de anunciar su ganador.")).toBeTruthy()
    const ranking = await screen.findByRole("table", { name: "Clasificación" })
    expect(within(ranking).getByRole("columnheader", { name: "Votos sin ponderar" })).toBeTruthy()
    expect(within(ranking).getByRole("columnheader", { name: "Puntuación ponderada" })).toBeTruthy()
    expect(within(ranking).getByRole("img", { name: "Participación de ada" })).toBeTruthy()
    expect(screen.queryByText("Close contest")).toBeNull()
  })
})
