import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { issueUnsubscribeToken } from "../../domain/accounts/unsubscribe.use-case.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { addMember, roomyRateLimits, run } from "./support/world.ts"

/**
 * Issue 22: the pages the server writes itself, which a mail's links open (unsubscribe, "it was
 * not me"), in the reader's language; the spec's English otherwise.
 */
describe("the server's own pages in the reader's language", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend: "sqlite", rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  const html = async (method: "GET" | "POST", path: string, language?: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { Accept: "text/html", ...(language ? { "Accept-Language": language } : {}) },
    })
    return { status: response.status, text: await response.text() }
  }

  const unsubscribeToken = async () => {
    const member = await addMember(server)
    return run(server, issueUnsubscribeToken(member.id, "votingResults", Date.now()))
  }

  it("asks, then confirms, an unsubscribe in Spanish and German, naming the switch as Settings does", async () => {
    const token = await unsubscribeToken()
    const asked = await html("GET", `/api/unsubscribe/${token}`, "es-ES,es;q=0.9")
    expect(asked.status).toBe(200)
    expect(asked.text).toContain('<html lang="es">')
    expect(asked.text).toContain("¿Desactivar «Resultados de las votaciones»? · Colorday")
    expect(asked.text).toContain(">Desactivar Resultados de las votaciones</button>")
    expect(asked.text).toContain(">Su configuración</a>")

    const done = await html("POST", `/api/unsubscribe/${token}`, "de")
    expect(done.text).toContain('<html lang="de">')
    expect(done.text).toContain("„Abstimmungsergebnisse“ ist ausgeschaltet")
    expect(done.text).not.toContain("is off")
  })

  it("keeps the spec's English without a language of ours", async () => {
    const token = await unsubscribeToken()
    const asked = await html("GET", `/api/unsubscribe/${token}`, "ja")
    expect(asked.text).toContain('<html lang="en">')
    expect(asked.text).toContain(">Turn off Voting results</button>")
  })

  it("says a dead link does not work in French, with the forgot-password link kept", async () => {
    const unsubscribe = await html("GET", "/api/unsubscribe/no-such-token", "fr")
    expect(unsubscribe.status).toBe(400)
    expect(unsubscribe.text).toContain("Ce lien de désabonnement ne fonctionne pas")

    const secure = await html("POST", "/api/users/secure-account/no-such-token", "fr")
    expect(secure.status).toBe(400)
    expect(secure.text).toContain("Ce lien ne fonctionne pas")
    expect(secure.text).toContain('<a href="/forgot-password">mot de passe oublié</a>.')
  })

  it("offers to secure the account in German", async () => {
    const page = await html("GET", "/api/users/secure-account/any-token", "de")
    expect(page.text).toContain("Schützen Sie Ihr Colorday-Konto")
    expect(page.text).toContain(">Überall abmelden</button>")
  })
})
