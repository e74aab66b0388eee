import { randomUUID } from "node:crypto"
import type { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  connectRedis,
  redisRateLimitStore,
  SIGN_IN_WHILE_DOWN_SECONDS,
} from "./rate-limit-redis.ts"
import {
  backoffDelaySeconds,
  DEFAULT_RATE_LIMITS,
  makeRateLimiters,
  memoryRateLimitStore,
  type RateLimit,
  type RateLimitStore,
  type RateLimitVerdict,
} from "./rate-limits.ts"

/** The Redis this machine kind runs (CI provides it too); REDIS_URL for another. */
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
let redis: Redis
beforeAll(async () => {
  redis = connectRedis(REDIS_URL)
  await redis.connect()
})
afterAll(async () => {
  await redis.quit()
})

/** Each test's counters apart from every other's (and from a server's). */
const redisStore = (namespace = randomUUID()) =>
  redisRateLimitStore(redis, { namespace: `test:${namespace}`, log: () => {} })

const STORES: ReadonlyArray<readonly [string, () => RateLimitStore]> = [
  ["in this process", memoryRateLimitStore],
  ["in Redis", () => redisStore()],
]

const SIGN_IN: RateLimit = {
  perAddress: 1000,
  perAccount: 3,
  windowSeconds: 900,
  accountBackoff: { freeAttempts: 3, firstDelaySeconds: 2, maxDelaySeconds: 8 },
}

const allowed = (verdict: RateLimitVerdict) => verdict.allowed
const retryAfter = (verdict: RateLimitVerdict) =>
  verdict.allowed ? null : verdict.retryAfterSeconds

describe.each(STORES)("limits with counters %s", (_where, makeStore) => {
  const world = (signIn: RateLimit = SIGN_IN) => {
    let clock = 1_000_000
    const limits = makeRateLimiters(
      { ...DEFAULT_RATE_LIMITS, "sign-in": signIn },
      () => clock,
      makeStore(),
    )
    return {
      attempt: (address: string, account = "ada@x.test") => limits("sign-in", address, account),
      advance: (seconds: number) => {
        clock += seconds * 1000
      },
    }
  }

  const allowed = (verdict: RateLimitVerdict) => verdict.allowed
  const retryAfter = (verdict: RateLimitVerdict) =>
    verdict.allowed ? null : verdict.retryAfterSeconds

  describe("sign-in limits", () => {
    it("by default, a growing delay per account capped at 30 s, never the 15-minute lock", () => {
      const backoff = DEFAULT_RATE_LIMITS["sign-in"].accountBackoff
      expect(backoff).toBeDefined()
      if (!backoff) return
      expect(backoffDelaySeconds(backoff, backoff.freeAttempts - 1)).toBe(0)
      expect(backoffDelaySeconds(backoff, backoff.freeAttempts)).toBe(1)
      expect(backoffDelaySeconds(backoff, backoff.freeAttempts + 2)).toBe(4)
      expect(backoffDelaySeconds(backoff, backoff.freeAttempts + 1000)).toBe(30)
    })

    it("limits one address on one account hard, for the window", async () => {
      const { attempt, advance } = world()
      for (let i = 0; i < 3; i++) {
        expect(allowed(await attempt("10.0.0.1"))).toBe(true)
        advance(60)
      }
      const locked = await attempt("10.0.0.1")
      expect(allowed(locked)).toBe(false)
      // The pair's window, not the account's short delay.
      expect(retryAfter(locked)).toBeGreaterThan(8)
    })

    it("slows guesses on one account from many addresses with a doubling delay, capped", async () => {
      const { attempt, advance } = world()
      let address = 0
      const next = () => attempt(`10.0.1.${address++}`)
      for (let i = 0; i < 3; i++) expect(allowed(await next())).toBe(true)
      // The 3rd attempt made a burst; the 4th waits 2 s, then 4, then 8, then 8 again.
      const delays: Array<number | null> = []
      for (let i = 0; i < 4; i++) {
        const early = await next()
        delays.push(retryAfter(early))
        advance(retryAfter(early) ?? 0)
        expect(allowed(await next())).toBe(true)
      }
      expect(delays).toEqual([2, 4, 8, 8])
    })

    it("lets the owner in from another address once the short delay has passed", async () => {
      const { attempt, advance } = world()
      for (let i = 0; i < 3; i++) await attempt("203.0.113.66")
      expect(allowed(await attempt("203.0.113.66"))).toBe(false)
      const owner = await attempt("198.51.100.7")
      expect(retryAfter(owner)).toBe(2)
      advance(2)
      const later = await attempt("198.51.100.7")
      expect(allowed(later)).toBe(true)
      // A success starts the account over: no delay for the next attempt.
      if (later.allowed) await later.succeeded()
      expect(allowed(await attempt("198.51.100.7"))).toBe(true)
      // The attacker's address stays locked out of this account.
      expect(allowed(await attempt("203.0.113.66"))).toBe(false)
    })

    it("flags a burst once per window, not on every attempt after it", async () => {
      const { attempt, advance } = world()
      const bursts: Array<boolean> = []
      for (let i = 0; i < 8; i++) {
        const verdict = await attempt(`10.0.2.${i}`)
        if (verdict.allowed) bursts.push(verdict.burst)
        else advance(verdict.retryAfterSeconds)
      }
      expect(bursts.filter(Boolean)).toHaveLength(1)
      expect(bursts[2]).toBe(true)
      // After a success and a new burst within the same window: still no second flag.
      const ok = await attempt("10.0.3.1")
      if (ok.allowed) await ok.succeeded()
      const again: Array<boolean> = []
      for (let i = 0; i < 3; i++) {
        const verdict = await attempt(`10.0.4.${i}`)
        if (verdict.allowed) again.push(verdict.burst)
      }
      expect(again).toEqual([false, false, false])
      // A window later, a new burst is news again.
      advance(901)
      const later: Array<boolean> = []
      for (let i = 0; i < 3; i++) {
        const verdict = await attempt(`10.0.5.${i}`)
        if (verdict.allowed) later.push(verdict.burst)
      }
      expect(later).toEqual([false, false, true])
    })

    it("keeps a hard per-account limit where no backoff is configured", async () => {
      const { attempt } = world({ perAddress: 100, perAccount: 2, windowSeconds: 60 })
      expect(allowed(await attempt("10.0.0.1"))).toBe(true)
      expect(allowed(await attempt("10.0.0.2"))).toBe(true)
      expect(allowed(await attempt("10.0.0.3"))).toBe(false)
    })
  })
})

describe("limits shared by two instances through Redis", () => {
  const two = () => {
    const namespace = randomUUID()
    let clock = 1_000_000
    const limits = { ...DEFAULT_RATE_LIMITS, "sign-in": SIGN_IN }
    return [
      makeRateLimiters(limits, () => clock, redisStore(namespace)),
      makeRateLimiters(limits, () => clock, redisStore(namespace)),
      (seconds: number) => {
        clock += seconds * 1000
      },
    ] as const
  }

  it("counts one address's attempts on one account across both", async () => {
    const [a, b, advance] = two()
    for (const instance of [a, b, a]) {
      expect(allowed(await instance("sign-in", "10.9.0.1", "ada@x.test"))).toBe(true)
      advance(60)
    }
    expect(allowed(await b("sign-in", "10.9.0.1", "ada@x.test"))).toBe(false)
  })

  it("lets exactly the free attempts through when both get a burst at once", async () => {
    const [a, b] = two()
    const verdicts = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 === 0 ? a : b)("sign-in", `10.9.1.${i}`, "grace@x.test"),
      ),
    )
    // freeAttempts is 3: the 4th must wait 2 s, whichever instance and address it comes from.
    expect(verdicts.filter(allowed)).toHaveLength(3)
    expect(verdicts.filter((verdict) => !verdict.allowed).map(retryAfter)).toEqual(
      Array.from({ length: 21 }, () => 2),
    )
  })

  it("counts votes from one address across both", async () => {
    const namespace = randomUUID()
    const limits = {
      ...DEFAULT_RATE_LIMITS,
      vote: { perAddress: 5, perAccount: 100, windowSeconds: 60 },
    }
    const a = makeRateLimiters(limits, Date.now, redisStore(namespace))
    const b = makeRateLimiters(limits, Date.now, redisStore(namespace))
    const verdicts = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b)("vote", "10.9.2.1", null)),
    )
    expect(verdicts.filter(allowed)).toHaveLength(5)
  })
})

describe("limits while Redis is down", () => {
  it("refuses sign-in, lets the rest through, and says so once until it is back", async () => {
    // Nothing listens on port 1: every command fails at once (no offline queue).
    const down = connectRedis("redis://127.0.0.1:1")
    const lines: Array<string> = []
    const store = redisRateLimitStore(down, { log: (line) => lines.push(line) })
    await down.connect().catch(() => {})
    try {
      const limits = makeRateLimiters(DEFAULT_RATE_LIMITS, Date.now, store)
      for (let i = 0; i < 3; i++) {
        const signIn = await limits("sign-in", "10.9.3.1", "ada@x.test")
        expect(signIn).toEqual({ allowed: false, retryAfterSeconds: SIGN_IN_WHILE_DOWN_SECONDS })
        expect(allowed(await limits("vote", "10.9.3.1", "member-1"))).toBe(true)
        expect(allowed(await limits("contact", "10.9.3.1", null))).toBe(true)
      }
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(
        /^rate limits: Redis is not answering \(.+\); until it is back, sign-in is refused and the other limits are not applied$/,
      )
    } finally {
      down.disconnect()
    }
  })
})
