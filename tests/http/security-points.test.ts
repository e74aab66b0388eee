import { request as httpRequest } from "node:http"
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { Member } from "../../domain/accounts/member.entity.ts"
import {
  type Client,
  PASSWORD,
  seedContestInProgress,
  seedEntry,
  seedMember,
  signIn,
} from "./support/actors.ts"
import { client, startTestServer, type TestServer } from "./support/server.ts"

/**
 * Issue 16, finding 8: our own origin comes from PUBLIC_URL, not the Host header; the offline
 * checkout's Pay and Cancel get the same-origin check; a camelCase userId is checked like
 * user_id; passwords are judged on their trimmed length and against the most common ones; a 415
 * has its own code; a client that hangs up mid-download leaves no stack trace in the log.
 */

const PUBLIC = "https://colorday.example"
const FOREIGN = "http://evil.example"

/** One request through node:http, which (unlike fetch) sends the Host header it is given. */
const rawRequest = (
  baseUrl: string,
  options: {
    readonly method: string
    readonly path: string
    readonly headers?: Record<string, string>
    readonly body?: string
  },
) =>
  new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const target = new URL(options.path, baseUrl)
      const request = httpRequest(
        target,
        { method: options.method, headers: options.headers ?? {} },
        (response) => {
          const chunks: Array<Buffer> = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          )
        },
      )
      request.on("error", reject)
      request.end(options.body)
    },
  )

describe("our origin is PUBLIC_URL's, whatever the Host header says", () => {
  let server: TestServer
  let member: Member
  let browser: Client

  beforeAll(async () => {
    server = await startTestServer({
      config: { publicUrl: PUBLIC },
      payments: { publicUrl: PUBLIC },
    })
    member = await seedMember(server, "origin")
    browser = await signIn(server, member.email)
  })
  afterAll(async () => {
    await server?.close()
  })

  it("refuses a state-changing request whose Origin only matches a forged Host", async () => {
    const forged = await rawRequest(server.url, {
      method: "POST",
      path: "/api/users/logout",
      headers: { Host: "evil.example", Origin: FOREIGN },
    })
    expect(forged.status).toBe(403)
    expect(JSON.parse(forged.text)).toMatchObject({ code: "CROSS_ORIGIN" })
    const own = await rawRequest(server.url, {
      method: "POST",
      path: "/api/users/logout",
      headers: { Host: "evil.example", Origin: PUBLIC },
    })
    expect(own.status).toBe(204)
  })

  it("builds checkout return URLs on PUBLIC_URL, not on the Host header", async () => {
    const opened = await rawRequest(server.url, {
      method: "POST",
      path: "/api/stripe/checkout-session",
      headers: {
        Host: "evil.example",
        Cookie: browser.cookie ?? "",
        "Content-Type": "application/json",
      },
      body: "{}",
    })
    expect(opened.status, opened.text).toBe(200)
    const { sessionId } = JSON.parse(opened.text) as { sessionId: string }
    const paid = await rawRequest(server.url, {
      method: "POST",
      path: `/checkout/offline/${sessionId}/pay`,
      headers: { Origin: PUBLIC },
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.location).toBe(`${PUBLIC}/payment-success?session_id=${sessionId}`)
  })
})

describe("the offline checkout's Pay and Cancel take the same-origin check", () => {
  let server: TestServer
  let browser: Client

  beforeAll(async () => {
    server = await startTestServer({ payments: { publicUrl: "http://localhost:3000" } })
    browser = await signIn(server, (await seedMember(server, "offline")).email)
  })
  afterAll(async () => {
    await server?.close()
  })

  const openCheckout = async () => {
    const opened = await browser.post("/api/stripe/checkout-session", {})
    expect(opened.status, opened.text).toBe(200)
    return opened.body.sessionId as string
  }

  it("refuses Cancel and Pay from a foreign page, and the checkout stays open", async () => {
    const sessionId = await openCheckout()
    const post = (action: string, origin: string) =>
      rawRequest(server.url, {
        method: "POST",
        path: `/checkout/offline/${sessionId}/${action}`,
        headers: { Origin: origin },
      })
    const cancel = await post("cancel", FOREIGN)
    expect(cancel.status).toBe(403)
    expect(JSON.parse(cancel.text)).toMatchObject({ code: "CROSS_ORIGIN" })
    expect((await post("pay", FOREIGN)).status).toBe(403)
    // From the checkout's own page: still open, so paying works.
    const own = await post("pay", server.url)
    expect(own.status).toBe(303)
    expect(String(own.headers.location)).toContain(`/payment-success?session_id=${sessionId}`)
  })
})

describe("a camelCase userId that is not yours is refused like user_id", () => {
  let server: TestServer
  let me: Member
  let other: Member
  let browser: Client
  let entryId: string

  beforeAll(async () => {
    server = await startTestServer()
    me = await seedMember(server, "camel")
    other = await seedMember(server, "someone")
    browser = await signIn(server, me.email)
    const contest = await seedContestInProgress(server)
    entryId = (await seedEntry(server, other, contest)).id
  })
  afterAll(async () => {
    await server?.close()
  })

  it("answers 403 on every route that takes the member's id, in either spelling", async () => {
    const asked = (name: string) => ({
      stats: () => browser.get(`/api/users/user-stats/user?${name}=${other.id}`),
      billing: () => browser.get(`/api/billing/history?${name}=${other.id}`),
      hasVoted: () => browser.get(`/api/submissions/${entryId}/vote?${name}=${other.id}`),
      vote: () => browser.post(`/api/submissions/${entryId}/vote`, { [name]: other.id }),
      enter: () =>
        browser.post("/api/submissions", {
          [name]: other.id,
          challenge_id: entryId,
          file_path: "entry/none.jpg",
        }),
      extraEntry: () => browser.post("/api/stripe/checkout-session", { [name]: other.id }),
      plan: () =>
        browser.post("/api/stripe/subscription-session", { [name]: other.id, planTier: "pro" }),
      verify: () =>
        browser.get(`/api/stripe/verify-session?sessionId=cs_offline_x&${name}=${other.id}`),
    })
    for (const name of ["user_id", "userId"]) {
      for (const [route, call] of Object.entries(asked(name))) {
        const response = await call()
        expect(response.status, `${name} on ${route}: ${response.text}`).toBe(403)
        expect(response.body.code, `${name} on ${route}`).toBe("FORBIDDEN")
      }
    }
    // Your own id, in either spelling, is fine.
    const own = await browser.get(`/api/users/user-stats/user?userId=${me.id}&user_id=${me.id}`)
    expect(own.status).toBe(200)
  })
})

describe("passwords and bodies", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  const signUp = (password: string) =>
    client(server.url).post("/api/users", {
      email: `pw${Math.random().toString(36).slice(2)}@colorday.test`,
      password,
      firstName: "Pat",
      lastName: "Word",
      username: `pw${Math.random().toString(36).slice(2, 12)}`,
      dateOfBirth: "1990-04-12",
    })

  it("refuses eight spaces, and a short password padded with spaces, as too short", async () => {
    for (const password of ["        ", "   abc12   "]) {
      const refused = await signUp(password)
      expect(refused.status, JSON.stringify(password)).toBe(400)
      expect(refused.body.issues).toEqual([
        { field: "password", message: "Password must be at least 8 characters long" },
      ])
    }
  })

  it("refuses the most common passwords with a message naming the field", async () => {
    for (const password of ["password", "Baseball", "12345678"]) {
      const refused = await signUp(password)
      expect(refused.status, password).toBe(400)
      expect(refused.body.issues?.[0]?.field).toBe("password")
      expect(refused.body.issues?.[0]?.message).toMatch(/one of the most common/)
    }
    const member = await seedMember(server, "common")
    const browser = await signIn(server, member.email)
    const change = await browser.put(`/api/users/${member.id}/password`, {
      currentPassword: PASSWORD,
      newPassword: "qwertyuiop",
    })
    expect(change.status).toBe(400)
    expect(change.body.issues?.[0]?.field).toBe("newPassword")
    expect((await signUp("kestrel windowsill")).status).toBe(201)
  })

  it("answers a body it cannot read (an unknown Content-Encoding) with 415 and its own code", async () => {
    const response = await client(server.url).request("POST", "/api/users/login", "{}", {
      "Content-Type": "application/json",
      "Content-Encoding": "x-klingon",
    })
    expect(response.status).toBe(415)
    expect(response.body.code).toBe("UNSUPPORTED_MEDIA_TYPE")
    expect(response.body.message).toMatch(/Content-Encoding/)
  })
})

describe("a client hanging up mid-download", () => {
  let server: TestServer
  let site: string
  const logged: Array<string> = []
  let consoleErrors: ReturnType<typeof vi.spyOn>

  beforeAll(async () => {
    site = await mkdtemp(join(tmpdir(), "colorday-site-"))
    await mkdir(join(site, "assets"))
    await writeFile(join(site, "index.html"), "<!doctype html><title>site</title>")
    // Large enough that the response is still being written when the client goes.
    await writeFile(join(site, "assets", "poster.png"), Buffer.alloc(16 * 1024 * 1024, 7))
    server = await startTestServer({
      config: { webApps: [{ prefix: "/", dir: site }], log: (line) => logged.push(line) },
    })
  })
  afterEach(() => {
    consoleErrors?.mockRestore()
  })
  afterAll(async () => {
    await server?.close()
    await rm(site, { recursive: true, force: true })
  })

  it("logs no ERR_STREAM_PREMATURE_CLOSE stack trace", async () => {
    consoleErrors = vi.spyOn(console, "error").mockImplementation(() => {})
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const request = httpRequest(new URL("/assets/poster.png", server.url), (response) => {
          response.once("data", () => {
            request.destroy()
            resolve()
          })
        })
        request.on("error", () => resolve())
        request.end()
      })
    }
    // The server notices the hang-up a moment later.
    await sleep(500)
    const printed = [
      ...logged,
      ...consoleErrors.mock.calls.map((call: Array<unknown>) => call.map(String).join(" ")),
    ]
    expect(printed.filter((line) => /PREMATURE_CLOSE|\bat .*:\d+:\d+/.test(line))).toEqual([])
    // The server still answers.
    expect((await client(server.url).get("/api/health")).status).toBe(200)
  })
})
