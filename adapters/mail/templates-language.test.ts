import { describe, expect, it } from "vitest"
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
