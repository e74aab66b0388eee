import { describe, expect, it } from "vitest"
import {
  backoffDelaySeconds,
  DEFAULT_RATE_LIMITS,
  makeRateLimiters,
  type RateLimit,
  type RateLimitVerdict,
} from "./rate-limits.ts"

const SIGN_IN: RateLimit = {
  perAddress: 1000,
  perAccount: 3,
  windowSeconds: 900,
  accountBackoff: { freeAttempts: 3, firstDelaySeconds: 2, maxDelaySeconds: 8 },
}

const world = (signIn: RateLimit = SIGN_IN) => {
  let clock = 1_000_000
  const limits = makeRateLimiters({ ...DEFAULT_RATE_LIMITS, "sign-in": signIn }, () => clock)
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
