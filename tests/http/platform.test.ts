import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { createServer as createNetServer } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { Context, Effect, Layer, ManagedRuntime, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeHttpApp } from "../../adapters/http/app.ts"
import { allRoutes } from "../../adapters/http/routes/index.ts"
import { route } from "../../adapters/http/route.ts"
import { createConnection } from "mysql2/promise"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { PASSWORD, seedMember } from "./support/actors.ts"
import { client, MYSQL_URL, startTestServer, type TestServer } from "./support/server.ts"

/**
 * What every route gets from the platform rather than from its own code: 404 / 405 / 400 / 413,
 * defects as a 500 with a request id and no stack, security headers, CORS and the same-origin
 * check, the OpenAPI document, rate limits, and `colorday serve` as a process. These do not depend
 * on the database, so they run on SQLite only.
 */

const root = resolve(import.meta.dirname, "../..")
const node = join(root, "node_modules/.bin/node")
const ALLOWED = "https://app.colorday.example"
const FOREIGN = "https://evil.example"

/** A stack frame as V8 prints it: must never reach a client. */
const STACK_FRAME = /\bat .*(\(|\/).*:\d+:\d+/

describe("the platform (SQLite)", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      config: { allowedOrigins: [ALLOWED] },
      rateLimits: { "sign-in": { perAddress: 3, perAccount: 3, windowSeconds: 60 } },
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  describe("routing", () => {
    it("answers an unknown /api route with 404 NOT_FOUND", async () => {
      for (const path of ["/api/no-such-route", "/api", "/api/challenges/x/y/z"]) {
        const response = await client(server.url).get(path)
        expect(response.status, path).toBe(404)
        expect(response.body).toMatchObject({ code: "NOT_FOUND" })
      }
    })

    it("answers a known path with the wrong method with 405 and Allow", async () => {
      const response = await client(server.url).delete("/api/health")
      expect(response.status).toBe(405)
      expect(response.body).toMatchObject({ code: "METHOD_NOT_ALLOWED" })
      expect(response.headers.get("allow")).toMatch(/GET/)
    })

    it("gives every response a request id", async () => {
      const response = await client(server.url).get("/api/health")
      expect(response.status).toBe(200)
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    })
  })

  describe("request bodies", () => {
    it("refuses JSON that does not parse with 400 BAD_REQUEST", async () => {
      const response = await client(server.url).request(
        "PUT",
        "/api/challenges/some-contest",
        '{"download": [',
      )
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/JSON/),
      })
      expect(response.text).not.toMatch(STACK_FRAME)
    })

    it("refuses a JSON body over 1 MB with 413", async () => {
      const huge = JSON.stringify({ download: [], padding: "x".repeat(1_100_000) })
      const response = await client(server.url).request("PUT", "/api/challenges/some-contest", huge)
      expect(response.status).toBe(413)
      expect(response.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE" })
    })

    it("accepts a JSON body just under 1 MB as far as the body limit goes", async () => {
      const big = JSON.stringify({ padding: "x".repeat(900_000) })
      const response = await client(server.url).request("PUT", "/api/challenges/some-contest", big)
      // Not a 413: the route then answers by its own rules (the contest does not exist).
      expect(response.status).toBe(404)
    })
  })

  describe("headers", () => {
    it("sets the security headers on API responses", async () => {
      const response = await client(server.url).get("/api/health")
      const csp = response.headers.get("content-security-policy") ?? ""
      expect(csp).toMatch(/default-src 'self'/)
      expect(csp).toMatch(/frame-ancestors 'self'/)
      expect(csp).toMatch(/object-src 'none'/)
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
      expect(response.headers.get("x-powered-by")).toBeNull()
    })

    it("sets the security headers on refusals too", async () => {
      const response = await client(server.url).get("/api/no-such-route")
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      expect(response.headers.get("content-security-policy")).toMatch(/frame-ancestors/)
    })
  })

  describe("CORS", () => {
    it("allows a configured origin, with credentials", async () => {
      const response = await client(server.url, ALLOWED).get("/api/health")
      expect(response.headers.get("access-control-allow-origin")).toBe(ALLOWED)
      expect(response.headers.get("access-control-allow-credentials")).toBe("true")
    })

    it("does not allow any other origin", async () => {
      const response = await client(server.url, FOREIGN).get("/api/health")
      expect(response.status).toBe(200)
      expect(response.headers.get("access-control-allow-origin")).toBeNull()
    })

    it("answers a preflight for a configured origin only", async () => {
      const preflight = (origin: string) =>
        fetch(`${server.url}/api/users/login`, {
          method: "OPTIONS",
          headers: {
            Origin: origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
          },
        })
      const allowed = await preflight(ALLOWED)
      expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED)
      expect(allowed.headers.get("access-control-allow-methods")).toMatch(/POST/)
      const foreign = await preflight(FOREIGN)
      expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
    })
  })

  describe("cross-site request forgery", () => {
    const path = "/api/challenges/some-contest/analytics/views"

    it("refuses a state-changing request from a foreign origin with 403", async () => {
      for (const origin of [FOREIGN, "null", `${server.url}.evil.example`]) {
        const response = await client(server.url, origin).post(path)
        expect(response.status, origin).toBe(403)
        expect(response.body).toMatchObject({ code: "CROSS_ORIGIN" })
      }
      const put = await client(server.url, FOREIGN).put("/api/challenges/some-contest", {})
      expect(put.status).toBe(403)
    })

    it("lets the server's own origin, a configured origin and non-browser clients through", async () => {
      for (const origin of [server.url, ALLOWED, undefined]) {
        const response = await client(server.url, origin).post(path)
        // Past the check: the route answers by its own rules (no such contest).
        expect(response.status, String(origin)).toBe(404)
      }
    })

    it("does not check safe methods", async () => {
      const response = await client(server.url, FOREIGN).get("/api/health")
      expect(response.status).toBe(200)
    })
  })

  describe("the OpenAPI document", () => {
    interface Operation {
      readonly summary?: string
      readonly parameters?: ReadonlyArray<{ name: string; in: string; required?: boolean }>
      readonly requestBody?: { content?: Record<string, { schema?: unknown }> }
      readonly responses?: Record<string, { description?: string }>
      readonly "x-access"?: string
    }
    interface Document {
      readonly openapi: string
      readonly info: { title: string; version: string }
      readonly paths: Record<string, Record<string, Operation>>
    }
    let document: Document

    beforeAll(async () => {
      const response = await client(server.url).get("/api/openapi.json")
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toMatch(/application\/json/)
      document = response.body as Document
    })

    it("is an OpenAPI 3.1 document", () => {
      expect(document.openapi).toMatch(/^3\.1\.\d+$/)
      expect(document.info.title).toEqual(expect.any(String))
      expect(document.info.version).toEqual(expect.any(String))
      expect(Object.keys(document.paths).length).toBeGreaterThan(0)
    })

    it("lists every route of the registry with its method, access and path parameters", () => {
      const missing: Array<string> = []
      for (const spec of allRoutes) {
        if (spec.path === "/api/openapi.json") continue
        const path = spec.path.replace(/:([A-Za-z_]+)/g, "{$1}")
        const operation = document.paths[path]?.[spec.method.toLowerCase()]
        if (!operation) {
          missing.push(`${spec.method} ${spec.path}`)
          continue
        }
        expect(operation.summary, `${spec.method} ${spec.path}`).toBe(spec.summary)
        expect(operation["x-access"]).toBe(spec.access)
        // Its success: 200, or 201 for a route that creates (its okStatus).
        expect(Object.keys(operation.responses ?? {})).toContain(String(spec.okStatus ?? 200))
        const declared = [...path.matchAll(/\{([A-Za-z_]+)\}/g)].map((match) => match[1])
        const inPath = (operation.parameters ?? []).filter((parameter) => parameter.in === "path")
        expect(inPath.map((parameter) => parameter.name).sort()).toEqual(declared.sort())
        expect(inPath.every((parameter) => parameter.required === true)).toBe(true)
        if (spec.body) {
          expect(operation.requestBody?.content?.["application/json"]?.schema).toBeDefined()
        }
        if (spec.access !== "public")
          expect(Object.keys(operation.responses ?? {})).toContain("401")
        if (spec.rateLimit) expect(Object.keys(operation.responses ?? {})).toContain("429")
      }
      expect(missing, "routes the document does not list").toEqual([])
    })

    it("lists no operation that is not a route", () => {
      const routes = new Set(
        allRoutes.map(
          (spec) => `${spec.method.toLowerCase()} ${spec.path.replace(/:([A-Za-z_]+)/g, "{$1}")}`,
        ),
      )
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method} ${path}`),
      )
      expect(operations.filter((operation) => !routes.has(operation))).toEqual([])
    })

    it("has no dangling $ref", () => {
      const refs: Array<string> = []
      const walk = (value: unknown) => {
        if (Array.isArray(value)) value.forEach(walk)
        else if (value && typeof value === "object") {
          for (const [key, inner] of Object.entries(value)) {
            if (key === "$ref" && typeof inner === "string") refs.push(inner)
            else walk(inner)
          }
        }
      }
      walk(document)
      const resolves = (ref: string) => {
        if (!ref.startsWith("#/")) return false
        let at: unknown = document
        for (const part of ref.slice(2).split("/")) {
          const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~")
          if (!at || typeof at !== "object" || !(key in at)) return false
          at = (at as Record<string, unknown>)[key]
        }
        return true
      }
      expect(refs.filter((ref) => !resolves(ref))).toEqual([])
    })
  })

  describe("rate limits", () => {
    it("answers the attempt after the limit with 429 and Retry-After", async () => {
      const attempt = () =>
        client(server.url).post("/api/users/login", {
          email: "nobody@colorday.test",
          password: "not-the-password",
        })
      for (let i = 0; i < 3; i++) {
        const response = await attempt()
        expect(response.status, `attempt ${i + 1}`).toBe(401)
      }
      const limited = await attempt()
      expect(limited.status).toBe(429)
      expect(limited.body).toMatchObject({ code: "RATE_LIMITED" })
      const retryAfter = Number(limited.headers.get("retry-after"))
      expect(Number.isInteger(retryAfter)).toBe(true)
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(60)
    })
  })
})

describe("sessions and limits behind a proxy (TRUST_PROXY)", () => {
  let server: TestServer
  let member: Member

  beforeAll(async () => {
    server = await startTestServer({
      config: { trustProxy: true },
      rateLimits: { "sign-in": { perAddress: 100, perAccount: 2, windowSeconds: 60 } },
    })
    member = await seedMember(server, "proxied")
  })
  afterAll(async () => {
    await server?.close()
  })

  const signIn = (email: string, password: string, headers: Record<string, string>) =>
    client(server.url).post("/api/users/login", { email, password }, headers)

  it("sets an httpOnly, SameSite=Lax session cookie, Secure when the proxy says https", async () => {
    const https = await signIn(member.email, PASSWORD, {
      "X-Forwarded-Proto": "https",
      "X-Forwarded-For": "203.0.113.1",
    })
    expect(https.status, https.text).toBe(200)
    const secure = https.headers.get("set-cookie") ?? ""
    expect(secure).toMatch(/^colorday_session=[^;]{32,};/)
    expect(secure).toMatch(/;\s*httponly/i)
    expect(secure).toMatch(/;\s*samesite=lax/i)
    expect(secure).toMatch(/;\s*path=\//i)
    expect(secure).toMatch(/;\s*secure/i)

    const plain = await signIn(member.email, PASSWORD, { "X-Forwarded-For": "203.0.113.2" })
    expect(plain.status).toBe(200)
    expect(plain.headers.get("set-cookie") ?? "").not.toMatch(/;\s*secure/i)
    // A new session each time: the cookie's token is never reused.
    expect(plain.headers.get("set-cookie")?.split(";")[0]).not.toBe(secure.split(";")[0])
  })

  it("limits sign-in per account even when every attempt comes from a new address", async () => {
    const target = await seedMember(server, "targeted")
    const attempt = (n: number) =>
      signIn(target.email, "not-the-password", { "X-Forwarded-For": `198.51.100.${n}` })
    expect((await attempt(1)).status).toBe(401)
    expect((await attempt(2)).status).toBe(401)
    const limited = await attempt(3)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    // The same account written another way (case, spaces) is the same account to the limit.
    for (const variant of [
      target.email.toUpperCase(),
      ` ${target.email}`,
      `${target.email}\u00a0`,
    ]) {
      const spelled = await signIn(variant, "not-the-password", {
        "X-Forwarded-For": "198.51.100.9",
      })
      expect(spelled.status, JSON.stringify(variant)).toBe(429)
    }
    // Being signed in (as someone else) does not move the count off the account under attack.
    const victim = await seedMember(server, "victim")
    const attacker = client(server.url)
    const attackerAccount = await seedMember(server, "attacker")
    const own = await attacker.post(
      "/api/users/login",
      { email: attackerAccount.email, password: PASSWORD },
      {
        "X-Forwarded-For": "198.51.100.20",
      },
    )
    expect(own.status).toBe(200)
    const guesses = []
    for (let n = 21; n <= 23; n++) {
      guesses.push(
        (
          await attacker.post(
            "/api/users/login",
            { email: victim.email, password: "not-the-password" },
            { "X-Forwarded-For": `198.51.100.${n}` },
          )
        ).status,
      )
    }
    expect(guesses).toEqual([401, 401, 429])
    // Another account from the same addresses is not affected.
    const bystander = await seedMember(server, "bystander")
    const other = await signIn(bystander.email, PASSWORD, { "X-Forwarded-For": "198.51.100.3" })
    expect(other.status).toBe(200)
  })
})

describe("defects", () => {
  /** A port whose driver fails, as a dropped database connection would. */
  class BrokenPort extends Context.Service<BrokenPort, { readonly read: Effect.Effect<string> }>()(
    "test/BrokenPort",
  ) {}

  const SECRET = "ECONNREFUSED 10.0.0.7:3306 password=hunter2"
  let listening: Server
  let url: string
  let runtime: ManagedRuntime.ManagedRuntime<BrokenPort, never>
  const logged: Array<string> = []

  beforeAll(async () => {
    runtime = ManagedRuntime.make(
      Layer.succeed(BrokenPort)({ read: Effect.die(new Error(SECRET)) }),
    )
    const app = makeHttpApp({
      runtime,
      routes: [
        route({
          method: "GET",
          path: "/api/test/broken-port",
          tag: "test",
          summary: "reads a broken port",
          access: "public",
          handler: () =>
            Effect.gen(function* () {
              const port = yield* BrokenPort
              return { status: 200, body: yield* port.read }
            }),
        }),
        route({
          method: "GET",
          path: "/api/test/unexpected-failure",
          tag: "test",
          summary: "fails with an error that is not a domain refusal",
          access: "public",
          handler: () => Effect.fail(new Error(SECRET)),
        }),
        route({
          method: "GET",
          path: "/api/test/throws",
          tag: "test",
          summary: "throws while building its effect",
          access: "public",
          handler: () => {
            throw new Error(SECRET)
          },
        }),
      ],
      sessions: { resolve: () => Effect.succeed(Option.none()) },
      config: { allowedOrigins: [], trustProxy: false, log: (line) => logged.push(line) },
    })
    const callback = app.callback()
    listening = createServer((request, response) => void callback(request, response))
    await new Promise<void>((done) => listening.listen(0, "127.0.0.1", done))
    const address = listening.address() as { port: number }
    url = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await new Promise<void>((done) => listening?.close(() => done()))
    await runtime?.dispose()
  })

  it.each(["/api/test/broken-port", "/api/test/unexpected-failure", "/api/test/throws"])(
    "%s is a 500 with a request id, logged with its stack, never sent",
    async (path) => {
      logged.length = 0
      const response = await client(url).get(path)
      expect(response.status).toBe(500)
      const requestId = response.headers.get("x-request-id")
      expect(response.body).toEqual({
        code: "INTERNAL",
        message: expect.any(String),
        requestId,
      })
      expect(response.text).not.toContain("ECONNREFUSED")
      expect(response.text).not.toContain("hunter2")
      expect(response.text).not.toMatch(STACK_FRAME)
      expect(logged.join("\n")).toContain(requestId)
      expect(logged.join("\n")).toContain("ECONNREFUSED")
    },
  )
})

describe("colorday serve, as a process (SQLite)", () => {
  interface Running {
    readonly child: ChildProcess
    url: string
    stdout: string
    stderr: string
    readonly exited: Promise<number | null>
  }

  const dataDir = mkdtempSync(join(tmpdir(), "colorday-serve-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
    const { DATABASE_URL: _url, PORT: _port, HOST: _host, ...rest } = process.env
    return { ...rest, DATA_DIR: dataDir, ...extra }
  }

  /** Starts `colorday serve`; resolves once it printed its address, rejects if it exits first. */
  const serve = (extra: NodeJS.ProcessEnv, args: ReadonlyArray<string> = []) =>
    new Promise<Running>((started, failed) => {
      const child = spawn(node, ["cli/main.ts", "serve", ...args], { cwd: root, env: env(extra) })
      const running: Running = {
        child,
        url: "",
        stdout: "",
        stderr: "",
        exited: new Promise((done) => child.once("exit", (code) => done(code))),
      }
      child.stdout.on("data", (chunk: Buffer) => {
        running.stdout += chunk.toString()
        const match = /Colorday is listening on (http:\/\/\S+)\n/.exec(running.stdout)
        if (match?.[1] && running.url === "") {
          running.url = match[1]
          started(running)
        }
      })
      child.stderr.on("data", (chunk: Buffer) => {
        running.stderr += chunk.toString()
      })
      void running.exited.then((code) =>
        failed(new Error(`serve exited with ${code}: ${running.stdout}${running.stderr}`)),
      )
    })

  it("migrates, seeds the demo world on first start, answers, and stops cleanly on SIGTERM", async () => {
    const first = await serve({ PORT: "0", HOST: "127.0.0.1" })
    try {
      expect(first.url).toMatch(/^http:\/\/localhost:\d+$/)
      expect(first.url).not.toMatch(/:0$/)
      expect(first.stderr).toMatch(/seeded the demo world/)
      const health = await fetch(`${first.url}/api/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ ok: true })
      const current = await fetch(`${first.url}/api/challenges/current-active`)
      expect(current.status).toBe(200)
      expect(await current.json()).toMatchObject({ status: "active", title: expect.any(String) })
    } finally {
      first.child.kill("SIGTERM")
    }
    expect(await first.exited).toBe(0)
    expect(first.stdout.trimEnd().split("\n")).toEqual([`Colorday is listening on ${first.url}`])

    // A second start on the same data keeps it: no second seeding.
    const second = await serve({ HOST: "127.0.0.1" }, ["--port", "0"])
    try {
      expect(second.stderr).not.toMatch(/seeded/)
      const members = await fetch(`${second.url}/api/challenges?limit=100`)
      expect(members.status).toBe(200)
      expect(((await members.json()) as ReadonlyArray<unknown>).length).toBe(16)
    } finally {
      second.child.kill("SIGINT")
    }
    expect(await second.exited).toBe(0)
  })

  it("refuses an address in use with one line and exit 2", async () => {
    const blocker = createNetServer()
    await new Promise<void>((done) => blocker.listen(0, "127.0.0.1", done))
    const port = (blocker.address() as { port: number }).port
    try {
      const child = spawn(node, ["cli/main.ts", "serve", "--no-demo"], {
        cwd: root,
        env: env({ PORT: String(port), HOST: "127.0.0.1" }),
      })
      let stderr = ""
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
      const code = await new Promise<number | null>((done) => child.once("exit", done))
      expect(code).toBe(2)
      expect(stderr.trimEnd().split("\n")).toHaveLength(1)
      expect(stderr).toMatch(/in use/)
    } finally {
      blocker.close()
    }
  })

  it.skipIf(!MYSQL_URL)(
    "refuses to serve a MySQL database with pending migrations (one line, exit 2)",
    async () => {
      const name = `colorday_serve_${Date.now().toString(36)}`
      const admin = await createConnection(MYSQL_URL as string)
      await admin.query(`CREATE DATABASE \`${name}\``)
      try {
        const databaseUrl = new URL(MYSQL_URL as string)
        databaseUrl.pathname = `/${name}`
        const child = spawn(node, ["cli/main.ts", "serve"], {
          cwd: root,
          env: env({ DATABASE_URL: databaseUrl.toString(), PORT: "0", HOST: "127.0.0.1" }),
        })
        let output = ""
        child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
        child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
        const code = await new Promise<number | null>((done) => child.once("exit", done))
        expect(code, output).toBe(2)
        expect(output.trimEnd().split("\n")).toHaveLength(1)
        expect(output).toMatch(/pending migration.*colorday db migrate/)
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS \`${name}\``)
        await admin.end()
      }
    },
  )
})
