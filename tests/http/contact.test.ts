import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CONTACT_SENT_MESSAGE } from "../../adapters/http/routes/contact.routes.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import { ContactMessageRepository, SupportAddress } from "../../domain/contact/contact.port.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { bodyOf, roomyRateLimits, run, signedInMember, uniqueName } from "./support/world.ts"

/** POST /api/email/contact: stored for the admin inbox and mailed; visitors may write too. */

const form = (overrides: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  email: `${uniqueName("c")}@example.test`,
  subject: "A question about Pro",
  message: "Does the Pro plan carry credits over?",
  ...overrides,
})

describe.each(httpBackends)("contact on %s", (backend) => {
  let server: TestServer

  const inbox = () =>
    run(
      server,
      Effect.gen(function* () {
        return (yield* (yield* ContactMessageRepository).page(null, 100)).items
      }),
    )
  const stored = async (email: string): Promise<ContactMessage | undefined> =>
    (await inbox()).find((message) => message.email === email)

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits({
        contact: { perAddress: 1000, perAccount: 3, windowSeconds: 600 },
      }),
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("tells the site the support address it shows on the contact page: GET /api/config", async () => {
    const support = await run(server, Effect.service(SupportAddress))
    const response = await client(server.url).get("/api/config")
    expect(response.status, response.text).toBe(200)
    expect(response.body).toEqual({ supportEmail: support.email })
    expect(support.email).toContain("@")
  })

  it("takes a visitor's message: 200 {message: 'Message sent!'}, stored for the inbox", async () => {
    const input = form({ subject: "  Hello  ", message: "Line one\n\tLine two" })
    const response = await client(server.url).post("/api/email/contact", input)
    expect(response.status, response.text).toBe(200)
    expect(response.body).toMatchObject({ message: CONTACT_SENT_MESSAGE })
    expect(await stored(input.email)).toMatchObject({
      memberId: null,
      name: "Grace Hopper",
      subject: "Hello",
      message: input.message,
      handledAt: null,
    })
  })

  it("records the signed-in sender from the session", async () => {
    const { member, browser } = await signedInMember(server)
    const input = form()
    expect((await browser.post("/api/email/contact", input)).status).toBe(200)
    expect(await stored(input.email)).toMatchObject({ memberId: member.id })
  })

  it("refuses blank, malformed or too long fields, naming each, and stores nothing", async () => {
    const blank = await client(server.url).post(
      "/api/email/contact",
      form({ name: " ", email: "nope", message: "x".repeat(5001) }),
    )
    expect(blank.status).toBe(400)
    expect(blank.body).toMatchObject({ code: "VALIDATION_FAILED" })
    const fields = bodyOf<{ issues: Array<{ field: string }> }>(blank).issues.map((i) => i.field)
    expect(fields.sort()).toEqual(["email", "message", "name"])

    const { subject: _subject, ...missing } = form()
    const response = await client(server.url).post("/api/email/contact", missing)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringMatching(/subject/),
    })
    const huge = await client(server.url).post(
      "/api/email/contact",
      form({ message: "x".repeat(20_001) }),
    )
    expect(huge.status).toBe(400)
    expect(bodyOf(huge).message).toMatch(/message/)
    const control = await client(server.url).post(
      "/api/email/contact",
      form({ subject: "Hi\r\nBcc: everyone@example.test" }),
    )
    expect(control.status).toBe(400)
    expect(bodyOf(control).message).toMatch(/^subject: /)
    expect(await stored(missing.email)).toBeUndefined()
  })

  it("rate-limits per sender with 429 and Retry-After", async () => {
    const email = `${uniqueName("spam")}@example.test`
    const statuses: Array<number> = []
    let last
    for (let i = 0; i < 4; i++) {
      last = await client(server.url).post("/api/email/contact", form({ email }))
      statuses.push(last.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
    expect(last?.body).toMatchObject({ code: "RATE_LIMITED" })
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0)
  })
})
