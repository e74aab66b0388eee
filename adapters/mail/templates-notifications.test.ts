import { describe, expect, test } from "vitest"
import type { WeeklySummaryMail } from "../../domain/shared/mailer.port.ts"
import { renderMail } from "./templates.ts"

const URL = "https://colorday.example/"
// 2026-11-28 04:59 UTC is 23:59 on Friday the 27th in New York.
const ENDS_AT = Date.UTC(2026, 10, 28, 4, 59)

describe("the contest announcement mail", () => {
  const announcement = (lineArt: string | null) =>
    renderMail(
      {
        kind: "contest-announcement",
        to: "bo@x.test",
        name: "Bo",
        contestId: "c-7",
        contestTitle: "Koi <Pond>",
        lineArt,
        endsAt: ENDS_AT,
        timeZone: "America/New_York",
        subscribersOnly: false,
        unsubscribeToken: "tok/en",
      },
      URL,
    )

  test("has the title, the deadline in the member's zone, the thumbnail, the link and the unsubscribe link", () => {
    const mail = announcement("contest/abc.png")
    expect(mail.subject).toBe("Today's contest: Koi <Pond>")
    expect(mail.text).toContain("before Friday, November 27 at 11:59 PM EST")
    expect(mail.link).toBe("https://colorday.example/contests/c-7")
    expect(mail.html).toContain('<img src="https://colorday.example/images/')
    expect(mail.html).toContain("Koi &lt;Pond&gt;")
    expect(mail.html).not.toContain("Koi <Pond>")
    expect(mail.unsubscribeUrl).toBe("https://colorday.example/api/unsubscribe/tok%2Fen")
    expect(mail.text).toContain('"Contest announcements" is on')
  })

  test("leaves the picture out while the contest has no line art", () => {
    expect(announcement(null).html).not.toContain("<img")
  })
})

describe("the weekly summary mail", () => {
  const week: WeeklySummaryMail = {
    kind: "weekly-summary",
    to: "bo@x.test",
    name: "Bo",
    sunday: "2026-11-29",
    timeZone: "Europe/Berlin",
    entries: [
      { entryId: "e-1", contestTitle: "Koi", votes: 3 },
      { entryId: "e-2", contestTitle: "Owl", votes: 1 },
    ],
    placements: [{ contestId: "c-1", contestTitle: "Koi", rank: 2, entrants: 9 }],
    badges: ["First Win"],
    winners: [{ contestId: "c-1", contestTitle: "Koi", winnerName: "ada<3" }],
    nextContest: { contestId: "c-9", title: "Fox", startsAt: Date.UTC(2026, 10, 29, 23, 0) },
    unsubscribeToken: "t",
  }

  test("lists entries, votes, places, badges, winners and the next contest", () => {
    const mail = renderMail(week, URL)
    expect(mail.subject).toBe("Your week on Colorday")
    expect(mail.text).toContain("Your entries: 2, 4 votes received")
    expect(mail.text).toContain('- "Koi": 3 votes')
    expect(mail.text).toContain('- 2nd of 9 in "Koi"')
    expect(mail.text).toContain("- First Win")
    expect(mail.text).toContain('- "Koi": ada<3')
    expect(mail.text).toContain('"Fox" opens Monday, November 30 at 12:00 AM GMT+1')
    expect(mail.html).toContain("ada&lt;3")
    expect(mail.unsubscribeUrl).toBe("https://colorday.example/api/unsubscribe/t")
  })

  test("leaves out the sections with nothing in them", () => {
    const mail = renderMail(
      { ...week, entries: [], placements: [], badges: [], nextContest: null },
      URL,
    )
    expect(mail.text).not.toContain("Your entries")
    expect(mail.text).not.toContain("Your places")
    expect(mail.text).not.toContain("Next up")
    expect(mail.text).toContain("This week's winners")
  })
})

describe("the notification mails in the member's language (issue 22)", () => {
  const announcementIn = (language: "es" | "fr" | "de") =>
    renderMail(
      {
        kind: "contest-announcement",
        to: "bo@x.test",
        name: "Bo",
        contestId: "c-7",
        contestTitle: "Koi",
        lineArt: "contest/abc.png",
        endsAt: ENDS_AT,
        timeZone: "Europe/Berlin",
        subscribersOnly: true,
        unsubscribeToken: "t",
        language,
      },
      URL,
    )
  const summaryIn = (language: "es" | "fr" | "de") =>
    renderMail(
      {
        kind: "weekly-summary",
        to: "bo@x.test",
        name: "Bo",
        sunday: "2026-11-29",
        timeZone: "Europe/Berlin",
        entries: [{ entryId: "e-1", contestTitle: "Koi", votes: 1 }],
        placements: [
          { contestId: "c-1", contestTitle: "Koi", rank: 1, entrants: 9 },
          { contestId: "c-2", contestTitle: "Owl", rank: 2, entrants: 5 },
        ],
        badges: [],
        winners: [],
        nextContest: { contestId: "c-9", title: "Fox", startsAt: Date.UTC(2026, 10, 29, 23, 0) },
        unsubscribeToken: "t",
        language,
      },
      URL,
    )

  test("Spanish: the announcement and the summary, with the deadline as Spanish writes it", () => {
    const mail = announcementIn("es")
    expect(mail.subject).toBe("El concurso de hoy: Koi")
    expect(mail.text).toContain("Buenos días, Bo:")
    expect(mail.text).toContain("antes del sábado, 28 de noviembre, 5:59 CET")
    expect(mail.text).toContain("Este es para suscriptores (cualquier plan de pago).")
    expect(mail.text).toContain("«Anuncios de concursos»")
    expect(mail.html).toContain('<html lang="es">')
    expect(mail.html).toContain("Ver el concurso de hoy")
    const summary = summaryIn("es")
    expect(summary.subject).toBe("Su semana en Colorday")
    expect(summary.text).toContain("Sus participaciones: 1, 1 voto recibido")
    expect(summary.text).toContain("- 1.º de 9 en «Koi» (ganó usted)")
    expect(summary.text).toContain("- 2.º de 5 en «Owl»")
    expect(summary.text).toContain("«Fox» abre el lunes, 30 de noviembre, 0:00 CET")
  })

  test("French and German", () => {
    const fr = announcementIn("fr")
    expect(fr.subject).toBe("Le concours du jour : Koi")
    expect(fr.text).toContain("avant le samedi 28 novembre à 05:59 UTC+1")
    expect(summaryIn("fr").text).toContain("- 1er sur 9 dans « Koi » (vous avez gagné)")
    expect(summaryIn("fr").text).toContain("- 2e sur 5 dans « Owl »")
    const de = announcementIn("de")
    expect(de.subject).toBe("Der Wettbewerb von heute: Koi")
    expect(de.text).toContain("bis Samstag, 28. November um 05:59 MEZ hoch")
    expect(de.text).toContain("Zum Wettbewerb: https://colorday.example/contests/c-7")
    const summary = summaryIn("de")
    expect(summary.subject).toBe("Ihre Woche bei Colorday")
    expect(summary.text).toContain("Ihre Beiträge: 1, 1 Stimme erhalten")
    expect(summary.text).toContain("- 2. von 5 in „Owl“")
    expect(summary.text).not.toMatch(/Your|votes|opens/)
  })
})

describe("the new sign-in mail", () => {
  const signIn = (location: string | null) =>
    renderMail(
      {
        kind: "new-sign-in",
        to: "bo@x.test",
        name: "Bo",
        at: Date.UTC(2026, 10, 27),
        browser: { browser: "Firefox", system: "Linux", header: "Mozilla/5.0 (X11; Linux x86_64)" },
        location,
        secureToken: "s",
        unsubscribeToken: "u",
      },
      URL,
    )

  test("names the address's coarse location, or says it is unknown", () => {
    expect(signIn("Berlin, Germany").text).toContain("Where: Berlin, Germany")
    expect(signIn(null).text).toContain("Where: unknown")
  })
})
