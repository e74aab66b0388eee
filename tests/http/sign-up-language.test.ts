import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type OutboxMail, OutboxRepository } from "../../adapters/mail/outbox.ts"
import { memberSettings } from "../../domain/accounts/member-settings.use-case.ts"
import type { MemberId } from "../../domain/shared/ids.ts"
import { client, startTestServer, type TestServer } from "./support/server.ts"
import { roomyRateLimits, signUpBody } from "./support/world.ts"

/**
 * Issue 22: the page's language a visitor signs up in (the apps send it as Accept-Language)
 * becomes the new member's language setting, and their verification mail is written in it; the
 * contact form's confirmation is in the language of the page it was sent from.
 */
describe("the visitor's language, kept at sign-up", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      backend: "sqlite",
      rateLimits: {
        ...roomyRateLimits(),
        contact: { perAddress: 1000, perAccount: 1000, windowSeconds: 600 },
      },
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  const mailsTo = (to: string) =>
    server.run(
      Effect.gen(function* () {
        const latest = yield* (yield* OutboxRepository).latest(500)
        return latest.filter((mail: OutboxMail) => mail.to === to.toLowerCase())
      }),
    )

  const signUpIn = async (headers: Record<string, string>) => {
    const input = signUpBody()
    const response = await client(server.url).post("/api/users", input, headers)
    expect(response.status, response.text).toBe(201)
    const id = (response.body as { id: MemberId }).id
    return {
      settings: await server.run(memberSettings(id)),
      mails: await mailsTo(input.email),
    }
  }

  it.each([
    ["es-MX,es;q=0.9", "es", "Verifique su correo electrónico"],
    ["de", "de", "Bestätigen Sie Ihre E-Mail-Adresse"],
    ["fr-CA,fr;q=0.8,en;q=0.5", "fr", "Vérifiez votre adresse e-mail"],
  ] as const)(
    "Accept-Language %s: the setting is %s, the mail too",
    async (asked, code, subject) => {
      const { settings, mails } = await signUpIn({ "Accept-Language": asked })
      expect(settings.language).toBe(code)
      expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([["verify-email", subject]])
    },
  )

  it("the footer's cookie when the browser asks for none of ours", async () => {
    const { settings } = await signUpIn({ "Accept-Language": "ja", Cookie: "colorday_lang=es" })
    expect(settings.language).toBe("es")
  })

  it("English, the spec's mail, when nothing else is asked", async () => {
    const { settings, mails } = await signUpIn({})
    expect(settings.language).toBe("en")
    expect(mails.map((mail) => mail.subject)).toEqual(["Verify your e-mail"])
  })

  it("a contact message is confirmed in the page's language, the support inbox in English", async () => {
    const email = `contact-${Date.now()}@example.test`
    const response = await client(server.url).post(
      "/api/email/contact",
      { name: "Ana", email, subject: "Premios", message: "¿Cuándo se anuncian los ganadores?" },
      { "Accept-Language": "es" },
    )
    expect(response.status, response.text).toBe(200)
    const [confirmation] = await mailsTo(email)
    expect(confirmation?.subject).toBe("Hemos recibido su mensaje")
    expect(confirmation?.text).toContain("Le responderemos en un plazo de 24 horas.")
    const toSupport = await server.run(
      Effect.gen(function* () {
        const latest = yield* (yield* OutboxRepository).latest(500)
        return latest.find((mail) => mail.kind === "contact-received" && mail.replyTo === email)
      }),
    )
    expect(toSupport?.subject).toBe("Contact form: Premios")
  })
})
