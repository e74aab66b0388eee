import { setTimeout as sleep } from "node:timers/promises"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { OutboxRepository } from "../../adapters/mail/outbox.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import { PASSWORD, seedMember } from "./support/actors.ts"
import { client, httpBackends, startTestServer, type TestServer } from "./support/server.ts"

/**
 * Issue 16, findings 3 and 5: behind TRUST_PROXY the client's address is the one the proxy
 * appended (what a client writes in X-Forwarded-For counts for nothing), and the sign-in limits
 * slow an attacker without locking the account's owner out; the owner hears of a burst by mail.
 */

const FAILED_SIGN_INS_SUBJECT = "Failed sign-ins to your Colorday account"

const signInVia = (server: TestServer, email: string, password: string, forwardedFor: string) =>
  client(server.url).post(
    "/api/users/login",
    { email, password },
    { "X-Forwarded-For": forwardedFor },
  )

describe("behind one proxy (TRUST_PROXY=1)", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      config: { trustProxy: 1 },
      rateLimits: { "sign-in": { perAddress: 5, perAccount: 100, windowSeconds: 600 } },
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("counts the proxy's right-most X-Forwarded-For value, whatever the client wrote before it", async () => {
    const statuses: Array<number> = []
    for (let n = 0; n < 8; n++) {
      // A client rotating its own claim; the proxy appends the address it saw (always the same).
      const response = await signInVia(
        server,
        `nobody${n}@colorday.test`,
        "not-the-password",
        `10.9.${n}.1, 192.0.2.${n}, 203.0.113.50`,
      )
      statuses.push(response.status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
    // Another client behind the same proxy is another address, with its own count.
    const other = await signInVia(server, "nobody@colorday.test", "x", "10.9.0.1, 203.0.113.51")
    expect(other.status).toBe(401)
  })
})

describe("behind two proxies (TRUST_PROXY=2)", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer({
      config: { trustProxy: 2 },
      rateLimits: { "sign-in": { perAddress: 3, perAccount: 100, windowSeconds: 600 } },
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it("takes the client's address as the second value from the right", async () => {
    const statuses: Array<number> = []
    for (let n = 0; n < 5; n++) {
      const response = await signInVia(
        server,
        `nobody${n}@colorday.test`,
        "x",
        `10.8.${n}.1, 198.51.100.7, 10.0.0.${n}`,
      )
      statuses.push(response.status)
    }
    // The outer proxy saw 198.51.100.7 every time; the inner proxy's address varies and is no client.
    expect(statuses).toEqual([401, 401, 401, 429, 429])
  })
})

for (const backend of httpBackends) {
  describe(`a burst of wrong passwords does not lock the owner out (${backend})`, () => {
    let server: TestServer
    let owner: Member

    beforeAll(async () => {
      server = await startTestServer({
        backend,
        config: { trustProxy: 1 },
        rateLimits: {
          "sign-in": {
            perAddress: 1000,
            perAccount: 4,
            windowSeconds: 900,
            accountBackoff: { freeAttempts: 4, firstDelaySeconds: 1, maxDelaySeconds: 2 },
          },
        },
      })
      owner = await seedMember(server, "owner", { admin: true })
    })
    afterAll(async () => {
      await server?.close()
    })

    const failedSignInMails = () =>
      server.run(
        Effect.gen(function* () {
          const mails = yield* (yield* OutboxRepository).latest(100)
          return mails.filter(
            (mail) => mail.to === owner.email && mail.subject === FAILED_SIGN_INS_SUBJECT,
          )
        }),
      )

    /** Waits for what the request set going apart from its answer (the mail), a bounded while. */
    const eventually = async <A>(read: () => Promise<A>, done: (value: A) => boolean) => {
      let value = await read()
      for (let i = 0; i < 50 && !done(value); i++) {
        await sleep(100)
        value = await read()
      }
      return value
    }

    it("refuses the attacker's address hard, lets the owner in from another after a short wait, and mails the owner once", async () => {
      const attacker = "203.0.113.66"
      const burst: Array<number> = []
      for (let i = 0; i < 12; i++) {
        burst.push(
          (await signInVia(server, owner.email, `guess-${i}`, `10.0.0.${i}, ${attacker}`)).status,
        )
      }
      expect(burst.slice(0, 4)).toEqual([401, 401, 401, 401])
      expect(burst.slice(4).every((status) => status === 429)).toBe(true)
      const attackerLater = await signInVia(server, owner.email, PASSWORD, attacker)
      expect(attackerLater.status).toBe(429)
      // The attacker's pair is locked for the window, far longer than the account's delay.
      expect(Number(attackerLater.headers.get("retry-after"))).toBeGreaterThan(2)

      // The owner, elsewhere: at most a short delay (never the window), then in.
      const home = "198.51.100.7"
      let response = await signInVia(server, owner.email, PASSWORD, home)
      for (let i = 0; i < 3 && response.status === 429; i++) {
        const retryAfter = Number(response.headers.get("retry-after"))
        expect(retryAfter).toBeGreaterThanOrEqual(1)
        expect(retryAfter).toBeLessThanOrEqual(2)
        await sleep(retryAfter * 1000)
        response = await signInVia(server, owner.email, PASSWORD, home)
      }
      expect(response.status, response.text).toBe(200)
      expect(response.body.user.id).toBe(owner.id)

      const mails = await eventually(failedSignInMails, (found) => found.length > 0)
      expect(mails).toHaveLength(1)
      expect(mails[0]?.text).toContain("a wrong password 4 times in a row")

      // A second burst in the same window: the owner is not mailed again.
      const again: Array<number> = []
      for (let i = 0; i < 4; i++) {
        again.push(
          (await signInVia(server, owner.email, `guess-${i}`, `198.51.100.${20 + i}`)).status,
        )
      }
      expect(again).toEqual([401, 401, 401, 401])
      await sleep(300)
      expect(await failedSignInMails()).toHaveLength(1)
    })

    it("mails nobody when the e-mail is no account", async () => {
      for (let i = 0; i < 5; i++) {
        await signInVia(server, "ghost@colorday.test", "x", `192.0.2.${i}`)
      }
      await sleep(300)
      const mails = await server.run(
        Effect.gen(function* () {
          return (yield* (yield* OutboxRepository).latest(100)).filter(
            (mail) => mail.to === "ghost@colorday.test",
          )
        }),
      )
      expect(mails).toEqual([])
    })
  })
}
