import { configure, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { http, HttpResponse } from "msw"
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { activateLanguage } from "../../../ui/src/i18n.tsx"
import { renderRoute, signedInAs } from "../test/render.tsx"
import { server } from "../test/server.ts"
import { aPastContest, someResults } from "../screens/contests/result-fixtures.ts"
import { anEntryPage } from "../screens/entry/entry-page-fixtures.ts"
import { entries } from "../entries/entry-fixtures.ts"

beforeAll(() => {
  // The first render loads the lazy route: give a busy machine more than the default second.
  configure({ asyncUtilTimeout: 5000 })
})

/** The description tag index.html carries, which each page rewrites. */
let description: HTMLMetaElement
beforeEach(() => {
  description = document.createElement("meta")
  description.name = "description"
  description.content = "the build's own"
  document.head.append(description)
  document.title = "the build's own"
})
afterEach(() => description.remove())

describe("page titles on navigation", () => {
  it("titles each page from its route as the visitor moves between them", async () => {
    signedInAs(null)
    const { router } = renderRoute("/about")
    await screen.findByRole("heading", { name: "About Colorday" })
    expect(document.title).toBe("About · Colorday")
    expect(description.content).toMatch(/^What Colorday is/)

    await router.navigate("/faq")
    await screen.findByRole("heading", { name: "Frequently Asked Questions" })
    expect(document.title).toBe("FAQ · Colorday")
    expect(description.content).toMatch(/^Answers to common questions/)

    await router.navigate("/no-such-page")
    await screen.findByRole("heading", { name: "Page not found" })
    expect(document.title).toBe("Page not found · Colorday")
  })

  it("titles a contest's page with its contest once it is loaded", async () => {
    signedInAs(null)
    const contest = aPastContest({ title: "Koi & Lilies", description: "Fish in a pond." })
    server.use(
      http.get("*/api/challenges/:id/results", () => HttpResponse.json(someResults({ contest }))),
    )
    const { router } = renderRoute("/terms")
    await waitFor(() => expect(document.title).toBe("Terms of Service · Colorday"))

    await router.navigate(`/contests/${contest.id}`)
    await waitFor(() => expect(document.title).toBe("Koi & Lilies · Colorday"))
    expect(description.content).toBe("Fish in a pond.")
  })

  it("keeps the title the server gave a contest's page on the first load", async () => {
    signedInAs(null)
    document.title = "Koi & Lilies · Colorday"
    server.use(
      http.get("*/api/challenges/:id/results", () =>
        HttpResponse.json({ code: "NOT_FOUND", message: "No such contest" }, { status: 404 }),
      ),
    )
    renderRoute("/contests/some-contest")
    await screen.findByRole("heading", { name: "Contest not found" })
    expect(document.title).toBe("Koi & Lilies · Colorday")
  })

  it("titles an entry opened over the gallery, and the gallery again once it is closed", async () => {
    signedInAs(null)
    const grid = entries(2)
    server.use(
      http.get("*/api/gallery", () => HttpResponse.json({ items: grid, nextCursor: null })),
      http.get("*/api/entries/:id", ({ params }) => {
        const entry = grid.find((each) => each.id === params.id)
        return entry
          ? HttpResponse.json(anEntryPage(entry, { contest: aPastContest({ title: "Owls" }) }))
          : HttpResponse.json({ code: "NOT_FOUND", message: "Entry not found" }, { status: 404 })
      }),
    )
    const { router } = renderRoute("/gallery")
    await waitFor(() => expect(document.title).toBe("Gallery · Colorday"))
    await userEvent.click(await screen.findByRole("link", { name: "Open artist2's entry" }))
    await screen.findByRole("dialog")
    await waitFor(() => expect(document.title).toBe("artist2 — Owls · Colorday"))

    await router.navigate(-1)
    await waitFor(() => expect(document.title).toBe("Gallery · Colorday"))
  })
})

describe("page titles in the page's language (issue 22)", () => {
  afterEach(async () => {
    await activateLanguage("en")
  })

  it("titles a page in Spanish, and again in German when the language is switched on it", async () => {
    signedInAs(null)
    await activateLanguage("es")
    renderRoute("/about")
    await waitFor(() => expect(document.title).toBe("Acerca de · Colorday"))
    expect(description.content).toMatch(/^Qué es Colorday/)

    await activateLanguage("de")
    await waitFor(() => expect(document.title).toBe("Über uns · Colorday"))
    expect(description.content).toMatch(/^Was Colorday ist/)
  })

  it("describes a contest without a description of its own in the page's language", async () => {
    signedInAs(null)
    await activateLanguage("fr")
    const contest = aPastContest({ title: "Koi", description: "" })
    server.use(
      http.get("*/api/challenges/:id/results", () => HttpResponse.json(someResults({ contest }))),
    )
    const { router } = renderRoute("/terms")
    await waitFor(() => expect(document.title).toBe("Conditions d’utilisation · Colorday"))
    await router.navigate(`/contests/${contest.id}`)
    await waitFor(() => expect(document.title).toBe("Koi · Colorday"))
    expect(description.content).toBe(
      "Le concours Koi sur Colorday\u00a0: son dessin à colorier, ses participations et leur classement.",
    )
  })
})
