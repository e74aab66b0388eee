import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FakeStripe, startFakeStripe } from "./support/fake-stripe.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { bodyOf, roomyRateLimits, signedInMember } from "./support/world.ts"

/**
 * Issue 22: checkout in the reader's language. The offline checkout's pages (the embedded default)
 * follow the request's Accept-Language, English unchanged; Stripe Checkout is opened with the
 * page's language as its `locale` and the line item named in it.
 */

interface Checkout {
  readonly sessionId: string
  readonly url: string
}

const inLanguage = (language: string) => ({ "Accept-Language": language })

const pageIn = async (url: string, language?: string) => {
  const response = await fetch(url, { headers: language ? inLanguage(language) : {} })
  expect(response.status).toBe(200)
  return response.text()
}

const payOffline = (url: string) =>
  fetch(`${url}/pay`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "",
  })

describe.each(httpBackends)("the offline checkout's language on %s", (backend) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({ backend, rateLimits: roomyRateLimits() })
  })
  afterAll(async () => {
    await server?.close()
  })

  const openCheckout = async (path: string, body: object = {}) => {
    const { browser } = await signedInMember(server)
    const opened = await browser.post(path, { returnUrl: `${server.url}/payment-success`, ...body })
    expect(opened.status, opened.text).toBe(200)
    return bodyOf<Checkout>(opened)
  }

  it("is English without Accept-Language, in the spec's words", async () => {
    const checkout = await openCheckout("/api/stripe/checkout-session")
    const html = await pageIn(checkout.url)
    expect(html).toContain('<html lang="en">')
    expect(html).toContain("<title>Checkout — Colorday (test mode)</title>")
    expect(html).toContain("TEST MODE — offline checkout: no real card is charged")
    expect(html).toContain("<h1>Complete your order</h1>")
    expect(html).toContain("<td>One extra entry</td><td>$2.99</td>")
    expect(html).toContain('type="submit">Pay $2.99</button>')
    expect(html).toContain('type="submit">Cancel</button>')
  })

  it("is Spanish for a Spanish reader, the price formatted for Spanish", async () => {
    const checkout = await openCheckout("/api/stripe/subscription-session", { planTier: "pro" })
    const html = await pageIn(checkout.url, "es-ES,es;q=0.9")
    expect(html).toContain('<html lang="es">')
    expect(html).toContain("MODO DE PRUEBA — pago sin conexión")
    expect(html).toContain("<h1>Complete su pedido</h1>")
    expect(html).toContain("Color Pro — plan mensual")
    expect(html).toContain("Total al mes")
    expect(html).toMatch(/Pagar 9,99\s*US\$/)
    expect(html).not.toContain("Complete your order")
    expect(html).not.toContain("TEST MODE")
  })

  it("is German for a German reader, paid page and receipt included", async () => {
    const checkout = await openCheckout("/api/stripe/checkout-session")
    const open = await pageIn(checkout.url, "de")
    expect(open).toContain('<html lang="de">')
    expect(open).toContain("<h1>Schließen Sie Ihre Bestellung ab</h1>")
    expect(open).toContain("Ein zusätzlicher Beitrag")
    expect(open).toMatch(/2,99\s*\$ bezahlen/)
    expect(open).toContain('type="submit">Abbrechen</button>')

    expect((await payOffline(checkout.url)).status).toBe(303)
    const paid = await pageIn(checkout.url, "de")
    expect(paid).toContain("<h1>Diese Bestellung ist bezahlt</h1>")
    expect(paid).not.toContain("This order is paid")

    const receipt = await pageIn(`${checkout.url}/receipt`, "de")
    expect(receipt).toContain("<h1>Beleg</h1>")
    expect(receipt).toContain("Testmodus (keine Karte belastet)")
    expect(receipt).not.toContain("Test mode (no card charged)")
    // The same receipt for an English reader keeps its English words.
    const english = await pageIn(`${checkout.url}/receipt`)
    expect(english).toContain("<h1>Receipt</h1>")
    expect(english).toContain("<td>Payment method</td><td>Test mode (no card charged)</td>")
  })
})

describe.each(httpBackends)("Stripe Checkout's language on %s", (backend) => {
  const SECRET_KEY = "sk_test_checkout_language"
  let server: TestServer
  let stripe: FakeStripe

  beforeAll(async () => {
    stripe = await startFakeStripe({ secretKey: SECRET_KEY })
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits(),
      payments: {
        stripe: { secretKey: SECRET_KEY, webhookSecret: "whsec_language", apiHost: stripe.url },
      },
    })
  })
  afterAll(async () => {
    await server?.close()
    await stripe?.close()
  })

  const lastSessionPost = () =>
    stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").at(-1)

  it("opens the session in the page's language, English by default", async () => {
    const { browser } = await signedInMember(server)
    const german = await browser.post(
      "/api/stripe/subscription-session",
      { planTier: "lite" },
      inLanguage("de-DE,de;q=0.9,en;q=0.5"),
    )
    expect(german.status, german.text).toBe(200)
    expect(lastSessionPost()?.params).toMatchObject({
      locale: "de",
      line_items: { 0: { price_data: { product_data: { name: "Color Lite — Monatsplan" } } } },
    })

    const english = await browser.post("/api/stripe/checkout-session", {
      returnUrl: `${server.url}/payment-success`,
    })
    expect(english.status, english.text).toBe(200)
    expect(lastSessionPost()?.params).toMatchObject({
      locale: "en",
      line_items: { 0: { price_data: { product_data: { name: "One extra entry" } } } },
    })
  })
})
