import { screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { describe, expect, it } from "vitest"
import { BADGES } from "../../../../../domain/badges/badges.ts"
import { formatCents, PLANS } from "../../../../../domain/plans/plans.ts"
import { renderRoute, signedInAs } from "../../test/render.tsx"
import { activateLanguage } from "../../../../ui/src/i18n.tsx"

/** The winning rule, in the contract's one set of words (issue 14). */
const RULE =
  "The entry with the highest score wins. Score = votes weighted by each voter's plan (1× to 3×); ties go to the earlier entry."

const open = async (path: string, title: string) => {
  signedInAs(null)
  renderRoute(path)
  expect(
    await screen.findByRole("heading", { level: 1, name: title }, { timeout: 10_000 }),
  ).toBeTruthy()
}

describe("/faq", () => {
  it("has exactly 10 questions, one open at a time, and the open one can be closed", async () => {
    await open("/faq", "Frequently Asked Questions")
    const questions = screen
      .getAllByRole("button")
      .filter((button) => button.hasAttribute("aria-expanded") && button.closest("main"))
    expect(questions).toHaveLength(10)
    expect(questions.every((q) => q.getAttribute("aria-expanded") === "false")).toBe(true)

    const files = screen.getByRole("button", { name: "What kind of photo can I upload?" })
    const voting = screen.getByRole("button", { name: "How does voting work?" })
    await userEvent.click(files)
    expect(files.getAttribute("aria-expanded")).toBe("true")
    expect(screen.getByText(/JPEG, PNG, WebP or AVIF image of up to 10 MB/)).toBeTruthy()

    await userEvent.click(voting)
    expect(voting.getAttribute("aria-expanded")).toBe("true")
    expect(files.getAttribute("aria-expanded")).toBe("false")
    expect(questions.filter((q) => q.getAttribute("aria-expanded") === "true")).toHaveLength(1)

    await userEvent.click(voting)
    expect(voting.getAttribute("aria-expanded")).toBe("false")
  })

  it("states the accepted files truthfully (no PDF), and reads plans and badges from their tables", async () => {
    await open("/faq", "Frequently Asked Questions")
    await userEvent.click(screen.getByRole("button", { name: "What kind of photo can I upload?" }))
    const files = screen.getByRole("region", { name: "What kind of photo can I upload?" })
    expect(files.textContent).toContain("HEIC")
    expect(files.textContent).not.toContain("PDF")
    expect(files.textContent).toContain("GPS")

    await userEvent.click(screen.getByRole("button", { name: "How many entries can I submit?" }))
    const entries = screen.getByRole("region", { name: "How many entries can I submit?" })
    expect(within(entries).getByText(`${PLANS.free.name}: 2 entries a month`)).toBeTruthy()
    expect(within(entries).getByText(`${PLANS.champ.name}: unlimited entries`)).toBeTruthy()

    await userEvent.click(screen.getByRole("button", { name: "What are badges?" }))
    const badges = screen.getByRole("region", { name: "What are badges?" })
    expect(within(badges).getAllByRole("listitem")).toHaveLength(Object.keys(BADGES).length)
    expect(badges.textContent).toContain(BADGES["hat-trick"].description)
  })
})

describe("the winning rule", () => {
  it("is stated in the contract's words on the FAQ, with a link to the results", async () => {
    await open("/faq", "Frequently Asked Questions")
    const question = "How are winners chosen, and when are they announced?"
    await userEvent.click(screen.getByRole("button", { name: question }))
    const winners = screen.getByRole("region", { name: question })
    expect(winners.textContent).toContain(RULE)
    expect(winners.textContent).toContain("Votes (the raw count) and Score (the weighted votes)")
    expect(within(winners).getByRole("link", { name: "results page" }).getAttribute("href")).toBe(
      "/contests",
    )
  })

  it("reads the same on About", async () => {
    await open("/about", "About Colorday")
    expect(screen.getByRole("main").textContent).toContain(RULE)
  })

  it("reads the same in the Terms", async () => {
    await open("/terms", "Terms of Service")
    expect(screen.getByRole("main").textContent).toContain(RULE)
  })
})

describe("/about", () => {
  it("says who it is for and lists the paid plans from the plan table", async () => {
    await open("/about", "About Colorday")
    expect(screen.getByRole("heading", { name: "For adults, 18 and over" })).toBeTruthy()
    expect(screen.getByText(/Winners are announced 24–48 hours after the deadline/)).toBeTruthy()
    const main = screen.getByRole("main")
    expect(within(main).getByText(/art education for underserved communities/)).toBeTruthy()
    expect(
      screen.getByText(new RegExp(`^${PLANS.pro.name} \\(\\${formatCents(PLANS.pro.priceCents)}`)),
    ).toBeTruthy()
  })
})

describe("/terms and /privacy", () => {
  it("the terms state the age limit, the notice of price changes and every plan's price", async () => {
    await open("/terms", "Terms of Service")
    const text = screen.getByRole("main").textContent ?? ""
    expect(text).toContain("at least 18 years old")
    expect(text).toContain("at least 30 days before a new price applies")
    for (const plan of Object.values(PLANS)) {
      if (plan.priceCents > 0) expect(text).toContain(formatCents(plan.priceCents))
    }
  })

  it("the privacy policy covers the cookie, Stripe, stripped photo metadata and the data controls", async () => {
    await open("/privacy", "Privacy Policy")
    const text = screen.getByRole("main").textContent ?? ""
    expect(text).toContain("colorday_session")
    expect(text).toContain("Stripe")
    expect(text).toContain("GPS location")
    expect(text).toContain("Download my data")
    expect(text).toContain("Delete account")
  })
})

describe("in Spanish", () => {
  it("the terms read in Spanish, say that the English version prevails, and keep the plan figures", async () => {
    await activateLanguage("es")
    await open("/terms", "Condiciones del servicio")
    const text = screen.getByRole("main").textContent ?? ""
    expect(text).toContain("prevalece la versión en inglés")
    expect(text).toContain("Debe tener al menos 18 años")
    expect(text).toContain("al menos 30 días antes")
    expect(screen.getByRole("heading", { name: "3. Concursos" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Política de privacidad" })).toBeTruthy()
    for (const plan of Object.values(PLANS)) {
      if (plan.priceCents > 0) expect(text).toContain(formatCents(plan.priceCents))
    }
    expect(text).not.toContain("Terms of Service")
  })

  it("the FAQ asks its questions in Spanish, with the entries per plan as a plural", async () => {
    await activateLanguage("es")
    await open("/faq", "Preguntas frecuentes")
    await userEvent.click(
      screen.getByRole("button", { name: "¿Cuántas participaciones puedo enviar?" }),
    )
    const entries = screen.getByRole("region", { name: "¿Cuántas participaciones puedo enviar?" })
    expect(within(entries).getByText(`${PLANS.free.name}: 2 participaciones al mes`)).toBeTruthy()
    expect(
      within(entries).getByText(`${PLANS.champ.name}: participaciones ilimitadas`),
    ).toBeTruthy()
  })
})

describe("in German", () => {
  it("the privacy policy reads in German, says that the English version prevails, and keeps the cookie's name", async () => {
    await activateLanguage("de")
    await open("/privacy", "Datenschutzerklärung")
    const main = screen.getByRole("main")
    const text = main.textContent ?? ""
    expect(text).toContain("ist die englische Fassung maßgeblich")
    expect(within(main).getByText("colorday_session", { selector: "code" })).toBeTruthy()
    expect(text).toContain("läuft 30 Tage nach Ihrem letzten Besuch ab")
    expect(text).toContain("der 24 Stunden gültig ist")
    expect(text).toContain("der 1 Stunde gültig ist")
    expect(text).toContain("Meine Daten herunterladen:")
    expect(screen.getByRole("heading", { name: "Wer was sehen kann" })).toBeTruthy()
    expect(within(main).getAllByRole("link", { name: "Kontaktformular" })).toHaveLength(2)
    expect(
      within(main).getByRole("link", { name: "Nutzungsbedingungen" }).getAttribute("href"),
    ).toBe("/terms")
    expect(text).not.toContain("Privacy Policy")
    expect(text).not.toContain("What we store")
  })
})
