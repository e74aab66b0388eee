import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible"
import type { RateLimitName } from "./route.ts"

/**
 * Rate limits per address and, where the request names an account (an e-mail, a member), per
 * account: sign-in guessing and mail bombing are the attacks. Counters live in this process
 * (rate-limiter-flexible's memory store) or, for several instances behind a load balancer, in a
 * shared Redis (`REDIS_URL`; rate-limit-redis.ts), the same rules over either store.
 *
 * Sign-in is different: a hard limit per account would let anyone lock the owner out by guessing
 * wrong on purpose. So it is hard per (account, address) pair, and per account a growing delay
 * (`accountBackoff`) that slows guessing from many addresses without shutting anyone out for long.
 */
export interface RateLimit {
  /** Requests allowed per window, per address. */
  readonly perAddress: number
  /**
   * Requests allowed per window, per account (when the request names one); with
   * `accountBackoff`, per account and address together.
   */
  readonly perAccount: number
  readonly windowSeconds: number
  /**
   * Per account, whatever the address: after `freeAttempts` attempts without a success, each
   * further attempt waits a delay that doubles from `firstDelaySeconds` up to `maxDelaySeconds`
   * (answered 429 with Retry-After). A success starts over; so does a window without attempts.
   */
  readonly accountBackoff?: {
    readonly freeAttempts: number
    readonly firstDelaySeconds: number
    readonly maxDelaySeconds: number
  }
}

export const DEFAULT_RATE_LIMITS: { readonly [N in RateLimitName]: RateLimit } = {
  "sign-in": {
    perAddress: 30,
    perAccount: 10,
    windowSeconds: 15 * 60,
    accountBackoff: { freeAttempts: 10, firstDelaySeconds: 1, maxDelaySeconds: 30 },
  },
  // Two-factor codes (sign-in's second step, confirming and turning it off): the password's
  // limits, counted apart, so a right password (which resets its own count) never resets these.
  "two-factor": {
    perAddress: 30,
    perAccount: 10,
    windowSeconds: 15 * 60,
    accountBackoff: { freeAttempts: 10, firstDelaySeconds: 1, maxDelaySeconds: 30 },
  },
  "sign-up": { perAddress: 10, perAccount: 5, windowSeconds: 60 * 60 },
  forgot: { perAddress: 10, perAccount: 5, windowSeconds: 60 * 60 },
  resend: { perAddress: 10, perAccount: 5, windowSeconds: 60 * 60 },
  contact: { perAddress: 10, perAccount: 10, windowSeconds: 60 * 60 },
  vote: { perAddress: 600, perAccount: 300, windowSeconds: 60 },
  // Every upload is image work: a member enters a few photos a day, changes an avatar now and
  // then; an admin sets a contest's line art. Counted before the file is read (uploads.ts).
  upload: { perAddress: 60, perAccount: 20, windowSeconds: 10 * 60 },
}

export type RateLimitVerdict =
  | {
      readonly allowed: true
      /**
       * This attempt made the account's attempts a burst (its `freeAttempts`-th without a
       * success), for the first time in the window: the owner is to be told. False without
       * `accountBackoff`.
       */
      readonly burst: boolean
      /** Attempts on the account since its last success, this one included (0: not counted). */
      readonly attempts: number
      /** The attempt proved the account's password: its delay and this address's count reset. */
      readonly succeeded: () => Promise<void>
    }
  | { readonly allowed: false; readonly retryAfterSeconds: number }

export type RateLimiters = (
  name: RateLimitName,
  address: string,
  account: string | null,
) => Promise<RateLimitVerdict>

/** One attempt on an account under `accountBackoff`, as its state decides it. */
export type BackoffAttempt =
  | { readonly allowed: false; readonly waitMs: number }
  | { readonly allowed: true; readonly attempts: number; readonly burst: boolean }

/**
 * Where counters and per-account backoff states live. `attempt` decides and records one attempt
 * at once (atomically in a shared store, so two instances never both let an early one through).
 */
export interface RateLimitStore {
  readonly limiter: (key: string, points: number, durationSeconds: number) => RateLimiterAbstract
  readonly attempt: (
    stateKey: string,
    at: number,
    windowMs: number,
    backoff: NonNullable<RateLimit["accountBackoff"]>,
  ) => Promise<BackoffAttempt>
  /** The account's password was proved: its attempts start over. */
  readonly succeeded: (stateKey: string) => Promise<void>
  /**
   * The store failed (not a refusal): what to answer. A shared store that is down fails open
   * for every limit but sign-in, which fails closed (guessing must never get faster because
   * Redis is down); the memory store never fails.
   */
  readonly unavailable: (name: RateLimitName, error: unknown) => RateLimitVerdict
}

interface Backoff {
  /** Attempts since the last success (or since the state was new). */
  attempts: number
  lastAttemptAt: number
  /** When the owner was last told of a burst. */
  alertedAt: number | null
}

/** The delay before the next attempt on an account that has had `attempts` since a success. */
export const backoffDelaySeconds = (
  backoff: NonNullable<RateLimit["accountBackoff"]>,
  attempts: number,
): number => {
  if (attempts < backoff.freeAttempts) return 0
  const doublings = Math.min(30, attempts - backoff.freeAttempts)
  return Math.min(backoff.maxDelaySeconds, backoff.firstDelaySeconds * 2 ** doublings)
}

/** Counters and backoff states in this process: the embedded default, one instance. */
export const memoryRateLimitStore = (): RateLimitStore => {
  const limiters = new Map<string, RateLimiterMemory>()
  const backoffs = new Map<string, Backoff>()
  /** Forgets accounts quiet for a window, so the map stays as small as the attacks. */
  const sweep = (windowMs: number, at: number) => {
    if (backoffs.size < 10_000) return
    for (const [key, state] of backoffs) {
      if (at - state.lastAttemptAt > windowMs) backoffs.delete(key)
    }
  }
  return {
    limiter: (key, points, duration) => {
      let found = limiters.get(key)
      if (!found) {
        found = new RateLimiterMemory({ points, duration, keyPrefix: key })
        limiters.set(key, found)
      }
      return found
    },
    attempt: (stateKey, at, windowMs, backoff) => {
      sweep(windowMs, at)
      let state = backoffs.get(stateKey)
      if (state === undefined || at - state.lastAttemptAt > windowMs) {
        state = { attempts: 0, lastAttemptAt: at, alertedAt: state?.alertedAt ?? null }
        backoffs.set(stateKey, state)
      }
      const waitMs = state.lastAttemptAt + backoffDelaySeconds(backoff, state.attempts) * 1000 - at
      // Too early: refused without counting, so hammering does not push the delay further out.
      if (state.attempts > 0 && waitMs > 0) return Promise.resolve({ allowed: false, waitMs })
      state.attempts += 1
      state.lastAttemptAt = at
      const burst =
        state.attempts === backoff.freeAttempts &&
        (state.alertedAt === null || at - state.alertedAt > windowMs)
      if (burst) state.alertedAt = at
      return Promise.resolve({ allowed: true, attempts: state.attempts, burst })
    },
    succeeded: (stateKey) => {
      const state = backoffs.get(stateKey)
      if (state) state.attempts = 0
      return Promise.resolve()
    },
    unavailable: (_name, error) => {
      throw error
    },
  }
}

export const makeRateLimiters = (
  limits: { readonly [N in RateLimitName]: RateLimit } = DEFAULT_RATE_LIMITS,
  now: () => number = Date.now,
  store: RateLimitStore = memoryRateLimitStore(),
): RateLimiters => {
  const refused = (retryAfterSeconds: number): RateLimitVerdict => ({
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
  })
  return async (name, address, account) => {
    const limit = limits[name]
    const accountKey = account?.toLowerCase() ?? null
    const pairKey = accountKey === null ? null : JSON.stringify([accountKey, address])
    try {
      await store.limiter(`${name}:address`, limit.perAddress, limit.windowSeconds).consume(address)
      if (accountKey === null)
        return { allowed: true, burst: false, attempts: 0, succeeded: async () => {} }
      if (limit.accountBackoff === undefined) {
        await store
          .limiter(`${name}:account`, limit.perAccount, limit.windowSeconds)
          .consume(accountKey)
        return { allowed: true, burst: false, attempts: 0, succeeded: async () => {} }
      }
      const pairs = store.limiter(`${name}:pair`, limit.perAccount, limit.windowSeconds)
      await pairs.consume(pairKey as string)
      const stateKey = `${name}:${accountKey}`
      const decided = await store.attempt(
        stateKey,
        now(),
        limit.windowSeconds * 1000,
        limit.accountBackoff,
      )
      if (!decided.allowed) return refused(decided.waitMs / 1000)
      return {
        allowed: true,
        burst: decided.burst,
        attempts: decided.attempts,
        succeeded: async () => {
          await store.succeeded(stateKey)
          await pairs.delete(pairKey as string)
        },
      }
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return refused(refusal.msBeforeNext / 1000)
      return store.unavailable(name, refusal)
    }
  }
}
