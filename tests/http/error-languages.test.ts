import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { client, startTestServer, type TestServer } from "./support/server.ts"
import { addMember, roomyRateLimits } from "./support/world.ts"

/**
 * The API's refusals in the reader's language (issue 22): the apps send their language in
 * Accept-Language; a visitor's footer cookie counts when no language is asked; English keeps the
 * spec's exact words; the code stays the same in every language.
 */
describe("refusals in the reader's language", () => {
  let server: TestServer
  let email: string

  beforeAll(async () => {
    server = await startTestServer({ backend: "sqlite", rateLimits: roomyRateLimits() })
    email = (await addMember(server)).email
  })
  afterAll(async () => {
    await server?.close()
  })

  const wrongPassword = (headers: Record<string, string>) =>
    client(server.url).post("/api/users/login", { email, password: "not the password" }, headers)

  it("English, when English or nothing in particular is asked", async () => {
    const asked: ReadonlyArray<Record<string, string>> = [
      {},
      { "Accept-Language": "en-US,en;q=0.9" },
      { "Accept-Language": "*" },
    ]
    for (const headers of asked) {
      const response = await wrongPassword(headers)
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({
        code: "INVALID_CREDENTIALS",
        message: "Invalid email or password",
      })
    }
  })

  it("Spanish, French or German as Accept-Language asks, with the same code", async () => {
    const asked = {
      "es-MX,es;q=0.9,en;q=0.5": "Correo electrónico o contraseña no válidos",
      "fr-FR,fr;q=0.9": "Adresse e-mail ou mot de passe incorrect",
      de: "E-Mail-Adresse oder Passwort ist ungültig",
    }
    for (const [language, message] of Object.entries(asked)) {
      const response = await wrongPassword({ "Accept-Language": language })
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ code: "INVALID_CREDENTIALS", message })
    }
  })

  it("the visitor's footer cookie when the request asks for none of ours", async () => {
    const response = await wrongPassword({ "Accept-Language": "ja", Cookie: "colorday_lang=de" })
    expect(response.body).toMatchObject({ message: "E-Mail-Adresse oder Passwort ist ungültig" })
  })

  it("a refusal with values words them in: an unknown contest in German", async () => {
    const response = await client(server.url).get("/api/challenges/no-such-contest", {
      "Accept-Language": "de",
    })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ code: "NOT_FOUND" })
    expect(response.body.message).toMatch(/^Kein Wettbewerb mit der ID /)
  })
})
