import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"
import * as ece from "http_ece"
import webpush from "web-push"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_SETTINGS } from "../../domain/accounts/member-settings.ts"
import { MemberSettingsRepository } from "../../domain/accounts/member-settings.port.ts"
import { grantBadge } from "../../domain/badges/grant-badge.use-case.ts"
import type { BadgeId } from "../../domain/badges/badges.ts"
import { runPushJobs } from "../../domain/notifications/push-jobs.use-case.ts"
import { PushSubscriptionRepository } from "../../domain/notifications/push-subscription.port.ts"
import { httpBackends, startTestServer, type TestServer } from "./support/server.ts"
import { roomyRateLimits, run, signedInMember } from "./support/world.ts"

/**
 * Web Push over HTTP on SQLite and MariaDB (issue 24): a browser's subscription, made here with
 * its own P-256 key pair and auth secret, points at a local push service; what the server sends
 * there is decrypted with http_ece (RFC 8291, aes128gcm) and read, its VAPID signature checked
 * (RFC 8292); a 410 answer removes the subscription. The bell list has the same events.
 */

interface Received {
  readonly path: string
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: Buffer
}

/** A push service on 127.0.0.1: keeps what it is sent, answers `status` (201 unless told). */
const startPushService = async () => {
  const received: Array<Received> = []
  let status = 201
  const server: Server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      response.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer: (next: number) => {
      status = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A browser's side of a subscription: its key pair and auth secret. */
const browserKeys = () => {
  const ecdh = createECDH("prime256v1")
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey("base64url"),
    authText: auth.toString("base64url"),
  }
}

const base64url = (buffer: Buffer) => buffer.toString("base64url")

/** Checks a `vapid t=<JWT>, k=<key>` header: ES256 by `publicKey`, for `audience`. */
const checkVapid = (header: string, publicKey: string, audience: string) => {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header)
  expect(match, header).not.toBeNull()
  const [, token = "", key = ""] = match ?? []
  expect(key).toBe(publicKey)
  const [head = "", claims = "", signature = ""] = token.split(".")
  const point = Buffer.from(publicKey, "base64url")
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: base64url(point.subarray(1, 33)),
    y: base64url(point.subarray(33, 65)),
  }
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  )
  expect(signed).toBe(true)
  const payload = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as { aud: string }
  expect(payload.aud).toBe(audience)
}

describe.each(httpBackends)("Web Push on %s", (backend) => {
  let server: TestServer
  let push: Awaited<ReturnType<typeof startPushService>>
  const vapid = webpush.generateVAPIDKeys()

  beforeAll(async () => {
    push = await startPushService()
    server = await startTestServer({
      backend,
      rateLimits: roomyRateLimits(),
      push: { vapid, subject: "mailto:ops@colorday.test", allowHttpEndpoints: true },
    })
  })
  afterAll(async () => {
    await server?.close()
    await push?.close()
  })

  const grant = (memberId: string, badgeId: BadgeId) =>
    run(server, grantBadge(null, { memberId, badgeId }))
  const tick = () => run(server, runPushJobs(`test-${backend}`))
  const devicesOf = (memberId: string) =>
    run(
      server,
      Effect.gen(function* () {
        return (yield* (yield* PushSubscriptionRepository).of(memberId)).map((s) => s.endpoint)
      }),
    )

  it("answers the VAPID public key", async () => {
    const response = await fetch(`${server.url}/api/push/vapid-public-key`)
    expect(await response.json()).toEqual({ publicKey: vapid.publicKey })
  })

  it("sends an achievement encrypted for the browser, signed with VAPID; once; the bell lists it", async () => {
    const { member, browser } = await signedInMember(server)
    const keys = browserKeys()
    const endpoint = `${push.url}/send/${member.id}`
    const subscribed = await browser.post("/api/push/subscriptions", {
      endpoint,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    })
    expect(subscribed.status, subscribed.text).toBe(204)

    await grant(member.id, "first-win")
    await tick()
    await tick()
    const sent = push.received.filter((request) => request.path === `/send/${member.id}`)
    expect(sent).toHaveLength(1)
    const [request] = sent
    expect(request?.headers["content-encoding"]).toBe("aes128gcm")
    expect(Number(request?.headers.ttl)).toBeGreaterThan(0)
    checkVapid(String(request?.headers.authorization), vapid.publicKey, push.url)
    const plain = ece.decrypt(request?.body ?? Buffer.alloc(0), {
      version: "aes128gcm",
      privateKey: keys.ecdh,
      authSecret: keys.auth,
    })
    expect(JSON.parse(plain.toString("utf8"))).toMatchObject({
      kind: "achievement",
      title: "Badge unlocked: First Win",
      body: "Your first contest victory",
      url: "/profile",
    })

    const bell = await browser.get("/api/notifications")
    expect(bell.status).toBe(200)
    expect(bell.body).toMatchObject({
      unread: 1,
      items: [{ kind: "achievement", title: "Badge unlocked: First Win", read: false }],
    })
    expect((await browser.post("/api/notifications/read")).status).toBe(204)
    expect((await browser.get("/api/notifications")).body).toMatchObject({
      unread: 0,
      items: [{ read: true }],
    })
  })

  it("sends nothing with the switch off, and the bell has nothing", async () => {
    const { member, browser } = await signedInMember(server)
    const keys = browserKeys()
    await browser.post("/api/push/subscriptions", {
      endpoint: `${push.url}/off/${member.id}`,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    })
    await run(
      server,
      Effect.gen(function* () {
        const push = { ...DEFAULT_SETTINGS.push, achievementUnlocked: false }
        yield* (yield* MemberSettingsRepository).save(member.id, { ...DEFAULT_SETTINGS, push }, 0)
      }),
    )
    await grant(member.id, "first-win")
    await tick()
    expect(push.received.filter((request) => request.path === `/off/${member.id}`)).toEqual([])
    expect((await browser.get("/api/notifications")).body).toEqual({ items: [], unread: 0 })
  })

  it("removes a subscription the push service answers 410 for; DELETE forgets one", async () => {
    const { member, browser } = await signedInMember(server)
    const gone = browserKeys()
    const kept = browserKeys()
    for (const [name, keys] of [
      ["gone", gone],
      ["kept", kept],
    ] as const) {
      await browser.post("/api/push/subscriptions", {
        endpoint: `${push.url}/${name}/${member.id}`,
        keys: { p256dh: keys.p256dh, auth: keys.authText },
      })
    }
    expect(await devicesOf(member.id)).toHaveLength(2)
    push.answer(410)
    try {
      await grant(member.id, "first-win")
      await tick()
    } finally {
      push.answer(201)
    }
    expect(await devicesOf(member.id)).toEqual([])
    // Subscribed again, then turned off on the browser.
    await browser.post("/api/push/subscriptions", {
      endpoint: `${push.url}/kept/${member.id}`,
      keys: { p256dh: kept.p256dh, auth: kept.authText },
    })
    expect(await devicesOf(member.id)).toHaveLength(1)
    const deleted = await browser.request("DELETE", "/api/push/subscriptions", {
      endpoint: `${push.url}/kept/${member.id}`,
    })
    expect(deleted.status).toBe(204)
    expect(await devicesOf(member.id)).toEqual([])
  })

  it("keeps a subscription the push service refuses with 400: only 404 and 410 remove one", async () => {
    const { member, browser } = await signedInMember(server)
    const keys = browserKeys()
    await browser.post("/api/push/subscriptions", {
      endpoint: `${push.url}/refusing/${member.id}`,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    })
    push.answer(400)
    try {
      await grant(member.id, "first-win")
      await tick()
    } finally {
      push.answer(201)
    }
    const sent = () =>
      push.received.filter((request) => request.path === `/refusing/${member.id}`).length
    expect(sent()).toBe(1)
    expect(await devicesOf(member.id)).toHaveLength(1)
  })

  it("refuses a visitor, and a subscription that is not well-formed", async () => {
    const visitor = await fetch(`${server.url}/api/push/subscriptions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: `${push.url}/x`, keys: { p256dh: "a", auth: "b" } }),
    })
    expect(visitor.status).toBe(401)
    expect((await fetch(`${server.url}/api/notifications`)).status).toBe(401)
    const { browser } = await signedInMember(server)
    const bad = await browser.post("/api/push/subscriptions", {
      endpoint: `${push.url}/x`,
      keys: { p256dh: "not-a-key", auth: "AAAA" },
    })
    expect(bad.status).toBe(400)
  })
})
