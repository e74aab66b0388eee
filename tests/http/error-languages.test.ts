import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { client, startTestServer, type TestServer } from "./support/server.ts"
import { addMember, roomyRateLimits, signUpBody } from "./support/world.ts"

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

  // The field messages of a validation refusal, which the forms show under their fields.
  const badSignUp = (headers: Record<string, string>) =>
    client(server.url).post(
      "/api/users",
      signUpBody({ email: "not-an-email", password: "short", dateOfBirth: "2015-06-01" }),
      headers,
    )

  it("words a sign-up's field messages in Spanish or German, fields and code unchanged", async () => {
    const spanish = await badSignUp({ "Accept-Language": "es" })
    expect(spanish.status).toBe(400)
    expect(spanish.body).toMatchObject({
      code: "VALIDATION_FAILED",
      issues: [
        { field: "email", message: "Introduzca una dirección de correo electrónico válida" },
        { field: "password", message: "La contraseña debe tener al menos 8 caracteres" },
        { field: "dateOfBirth", message: "Debe tener 18 años o más para unirse a Colorday" },
      ],
    })
    expect(spanish.body.message).toBe(
      "email: Introduzca una dirección de correo electrónico válida; password: La contraseña debe tener al menos 8 caracteres; dateOfBirth: Debe tener 18 años o más para unirse a Colorday",
    )
    const german = await badSignUp({ "Accept-Language": "de" })
    expect(german.body.issues).toContainEqual({
      field: "password",
      message: "Das Passwort muss mindestens 8 Zeichen lang sein",
    })
  })

  it("keeps the spec's English field messages in English", async () => {
    const english = await badSignUp({})
    expect(english.body.issues).toEqual([
      { field: "email", message: "Please enter a valid email address" },
      { field: "password", message: "Password must be at least 8 characters long" },
      { field: "dateOfBirth", message: "You must be 18 or older to join Colorday" },
    ])
  })

  it("a request that needs a session, in German", async () => {
    const response = await client(server.url).get("/api/notifications", { "Accept-Language": "de" })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: "AUTHENTICATION_REQUIRED" })
    expect(response.body.message).not.toBe("Please sign in first")
    const english = await client(server.url).get("/api/notifications")
    expect(english.body).toMatchObject({ message: "Please sign in first" })
  })
})
