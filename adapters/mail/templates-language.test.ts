import { describe, expect, it } from "vitest"
import type { InLanguage, Mail } from "../../domain/shared/mailer.port.ts"
import { renderMail } from "./templates.ts"

const URL = "https://colorday.example/"
const verify = { kind: "verify-email", to: "ada@x.test", name: "Ada", token: "tok-1" } as const

// Issue 22: the verification mail in the member's language (the mail carries it), English when
// it carries none, with the same link.
describe("the verification mail's language", () => {
  it("stays the spec's English without a language, and with English", () => {
    for (const mail of [renderMail(verify, URL), renderMail({ ...verify, language: "en" }, URL)]) {
      expect(mail.subject).toBe("Verify your e-mail")
      expect(mail.text).toBe(
        "Hi Ada,\n\nWelcome to Colorday! Please confirm your e-mail address to start entering contests. The link works for 24 hours.\n\nhttps://colorday.example/verify-email/tok-1\n\nIf you did not sign up for Colorday, you can ignore this e-mail.\n\n— The Colorday team\n",
      )
      expect(mail.html).toContain('<html lang="en">')
      expect(mail.html).toContain(">Verify my e-mail</a>")
    }
  })

  it.each([
    ["es", "Verifique su correo electrónico", "Hola, Ada:", "24 horas", "— El equipo de Colorday"],
    ["fr", "Vérifiez votre adresse e-mail", "Bonjour Ada,", "24 heures", "— L’équipe Colorday"],
    ["de", "Bestätigen Sie Ihre E-Mail-Adresse", "Hallo Ada,", "24 Stunden", "— Ihr Colorday-Team"],
  ] as const)("is written in %s", (language, subject, greeting, hours, signature) => {
    const mail = renderMail({ ...verify, language }, URL)
    expect(mail.subject).toBe(subject)
    expect(mail.text.startsWith(greeting)).toBe(true)
    expect(mail.text).toContain(hours)
    expect(mail.text).toContain(signature)
    expect(mail.text).not.toContain("Welcome to Colorday")
    expect(mail.link).toBe("https://colorday.example/verify-email/tok-1")
    expect(mail.html).toContain(`<html lang="${language}">`)
    expect(mail.html).not.toContain("Or paste this address")
  })
})

// Issue 22: every mail a member gets from this file, in each language (the notification mails,
// contest-announcement and weekly-summary, have their own tests). Names, titles and texts a person
// typed are kept short and language-neutral, so any English sentence left is the template's own.
const member = { to: "ada@x.test", name: "Ada" } as const
const EVERY_MAIL: ReadonlyArray<Mail> = [
  { kind: "reset-password", ...member, token: "tok-2" },
  {
    kind: "contact-received",
    to: "support@x.test",
    fromName: "Eve",
    fromEmail: "eve@x.test",
    subject: "Sos",
    message: "…",
  },
  { kind: "contact-confirmation", ...member, subject: "Sos" },
  {
    kind: "contact-reply",
    ...member,
    replyTo: "support@x.test",
    subject: "Re: Sos",
    body: "…",
    original: "…",
  },
  {
    kind: "winner-announcement",
    ...member,
    contestTitle: "Koi",
    rawVotes: 7,
    weightedScore: 12.345,
    prize: { kind: "credits", text: "Koi", amount: 3 },
  },
  ...[1, 2, 3, 22].map((rank): Mail => ({
    kind: "contest-results",
    ...member,
    contestId: "c1",
    contestTitle: "Koi",
    rank,
    rawVotes: 3,
    score: 4.5,
    winnerName: "Bo",
    entrants: 30,
    unsubscribeToken: "u1",
  })),
  ...[
    [1, 1, 1],
    [3, 3, 2],
    [2, 0, 0],
  ].map(([entries = 0, creditsReturned = 0, refundableExtraEntries = 0]): Mail => ({
    kind: "contest-cancelled",
    ...member,
    contestTitle: "Koi",
    reason: "…",
    entries,
    creditsReturned,
    refundableExtraEntries,
  })),
  {
    kind: "drawing-won",
    ...member,
    month: "2026-10",
    planName: "Color Pro",
    prizeCents: 5050,
    entrants: 12,
  },
  ...(["open", "accepted", "declined", "fulfilled"] as const).map((status): Mail => ({
    kind: "line-art-request",
    ...member,
    status,
    brief: "…",
    reason: status === "declined" ? "…" : null,
    contestId: status === "fulfilled" ? "c9" : null,
    contestTitle: status === "fulfilled" ? "Koi" : null,
  })),
  {
    kind: "feedback-given",
    ...member,
    judgeName: "Jo",
    contestTitle: "Koi",
    entryId: "e1",
    unsubscribeToken: "u2",
  },
  {
    kind: "new-sign-in",
    ...member,
    at: Date.UTC(2026, 9, 4, 12, 30),
    browser: { browser: "Firefox", system: "Linux", header: "Mozilla/5.0 (X11; Linux x86_64)" },
    location: null,
    secureToken: "s1",
    unsubscribeToken: "u3",
  },
  { kind: "address-in-use", ...member, attempt: "sign-up" },
  { kind: "address-in-use", ...member, attempt: "email-change" },
  { kind: "confirm-email-change", ...member, token: "tok-3" },
  { kind: "email-change-requested", ...member, newEmail: "new@x.test" },
  { kind: "failed-sign-ins", ...member, attempts: 5 },
]

/** The sentences of a text with three words or more (links, dates and typed values are not). */
const sentencesOf = (text: string): ReadonlyArray<string> =>
  text
    .split(/\n+|(?<=[.!?:;])\s+/)
    .map((part) => part.trim())
    .filter((part) => part.split(/\s+/).filter((word) => /^[A-Za-z]{2,}/.test(word)).length >= 3)

describe("every mail in every language", () => {
  it("covers every kind of mail this file writes", () => {
    expect(new Set(EVERY_MAIL.map((mail) => mail.kind)).size).toBe(15)
  })

  it.each(["es", "fr", "de"] as const)("leaves no English sentence in %s", (language) => {
    for (const mail of EVERY_MAIL) {
      const english = renderMail(mail, URL)
      const translated = renderMail({ ...mail, language }, URL)
      const left = sentencesOf(english.text).filter((sentence) =>
        translated.text.includes(sentence),
      )
      expect({ kind: mail.kind, left }).toEqual({ kind: mail.kind, left: [] })
      if (mail.kind !== "contact-reply") expect(translated.subject).not.toBe(english.subject)
      expect(translated.html).toContain(`<html lang="${language}">`)
      // The same links, the same unsubscribe address: only the words change.
      expect(translated.link).toBe(english.link)
      expect(translated.unsubscribeUrl).toBe(english.unsubscribeUrl)
      expect(translated.to).toBe(english.to)
    }
  })

  it("writes numbers, money, ranks and months as the language does", () => {
    const render = (mail: Mail, language: "es" | "fr" | "de") =>
      renderMail({ ...mail, language }, URL).text
    const drawing = EVERY_MAIL.find((mail) => mail.kind === "drawing-won")
    const results = EVERY_MAIL.find((mail) => mail.kind === "contest-results" && mail.rank === 2)
    const winner = EVERY_MAIL.find((mail) => mail.kind === "winner-announcement")
    if (!drawing || !results || !winner) throw new Error("missing sample")
    expect(render(drawing, "de")).toContain(
      "50,50\u00a0$ in der Color Pro-Verlosung im Oktober 2026",
    )
    expect(render(drawing, "es")).toContain("octubre de 2026")
    expect(render(results, "fr")).toContain("classée 2e sur 30")
    expect(render(results, "es")).toContain("puesto 2.º de 30")
    expect(render(results, "de")).toContain("den 2. Platz von 30")
    expect(render(winner, "de")).toContain("gewichtete Punktzahl 12,35")
    expect(render(winner, "es")).toContain("Su premio: 3 créditos (Koi).")
    const cash = { ...winner, prize: { kind: "cash", text: "Koi", amount: 2500 } } as const
    expect(render(cash, "fr")).toContain("Votre prix\u00a0: 25\u00a0$US (Koi).")
  })

  it("keeps the one-click unsubscribe link inside the translated sentence", () => {
    const results = EVERY_MAIL.find((mail) => mail.kind === "contest-results")
    if (!results) throw new Error("missing sample")
    const html = renderMail({ ...results, language: "es" }, URL).html
    expect(html).toContain(
      '«Resultados de las votaciones» está activado en su configuración. <a href="https://colorday.example/api/unsubscribe/u1">Desactívelo</a> con un solo clic.',
    )
  })

  it("gives a new sign-in's time in the member's zone and language, UTC as before in English", () => {
    const signIn = EVERY_MAIL.find((mail) => mail.kind === "new-sign-in")
    if (!signIn) throw new Error("missing sample")
    expect(renderMail(signIn, URL).text).toContain("When: 2026-10-04 12:30 UTC")
    const berlin = renderMail({ ...signIn, timeZone: "Europe/Berlin", language: "de" }, URL)
    expect(berlin.text).toContain("Wann: 4. Oktober 2026 um 14:30 (Europe/Berlin)")
    const newYork = renderMail({ ...signIn, timeZone: "America/New_York" }, URL)
    // The space before AM is narrow or plain depending on the ICU version.
    expect(newYork.text).toMatch(/When: October 4, 2026 at 8:30\sAM \(America\/New_York\)/)
  })
})

// Issue 22: the browser in a new-sign-in mail: its name and system stay names, the sentence around
// them is the member's language; a header naming no browser is shown as it came.
describe("the new-sign-in mail's browser", () => {
  const signIn = EVERY_MAIL.find((mail) => mail.kind === "new-sign-in")
  if (signIn?.kind !== "new-sign-in") throw new Error("missing sample")
  const textOf = (mail: Mail & InLanguage) => renderMail(mail, URL).text

  it.each([
    [undefined, "Browser: Firefox on Linux"],
    ["es", "Navegador: Firefox en Linux"],
    ["fr", "Navigateur\u00a0: Firefox sous Linux"],
    ["de", "Browser: Firefox unter Linux"],
  ] as const)("is worded in %s", (language, line) => {
    expect(textOf({ ...signIn, ...(language ? { language } : {}) })).toContain(line)
  })

  it("names a browser without a known system, a header as it came, and no header at all", () => {
    const bare = { browser: "Safari", system: null, header: "Safari" }
    expect(textOf({ ...signIn, language: "de", browser: bare })).toContain("Browser: Safari\n")
    const curl = { browser: null, system: null, header: "curl/8.5.0" }
    expect(textOf({ ...signIn, language: "fr", browser: curl })).toContain("curl/8.5.0")
    const none = { browser: null, system: null, header: "" }
    expect(textOf({ ...signIn, browser: none })).toContain("Browser: an unknown browser")
    expect(textOf({ ...signIn, language: "de", browser: none })).toContain(
      "Browser: ein unbekannter Browser",
    )
    expect(textOf({ ...signIn, language: "es", browser: none })).toContain(
      "un navegador desconocido",
    )
  })
})
