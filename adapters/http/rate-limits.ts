import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible"
import type { RateLimitName } from "./route.ts"

/**
 * Rate limits per address and, where the request names an account (an e-mail, a member), per
 * account: sign-in guessing and mail bombing are the attacks. Counters live in this process
 * (rate-limiter-flexible's memory store); instances behind a load balancer would move them to a
 * shared store such as Redis, which the library supports with the same API.
 */
export interface RateLimit {
  /** Requests allowed per window, per address. */
  readonly perAddress: number
  /** Requests allowed per window, per account (when the request names one). */
  readonly perAccount: number
  readonly windowSeconds: number
}

export const DEFAULT_RATE_LIMITS: { readonly [N in RateLimitName]: RateLimit } = {
  "sign-in": { perAddress: 30, perAccount: 10, windowSeconds: 15 * 60 },
  "sign-up": { perAddress: 10, perAccount: 5, windowSeconds: 60 * 60 },
  forgot: { perAddress: 10, perAccount: 5, windowSeconds: 60 * 60 },
  resend: { perAddress: 10, perAccount: 5, windowSeconds: 60 * 60 },
  contact: { perAddress: 10, perAccount: 10, windowSeconds: 60 * 60 },
  vote: { perAddress: 600, perAccount: 300, windowSeconds: 60 },
}

export type RateLimiters = (
  name: RateLimitName,
  address: string,
  account: string | null,
) => Promise<
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }
>

export const makeRateLimiters = (
  limits: { readonly [N in RateLimitName]: RateLimit } = DEFAULT_RATE_LIMITS,
): RateLimiters => {
  const limiters = new Map<string, RateLimiterMemory>()
  const limiter = (key: string, points: number, duration: number) => {
    let found = limiters.get(key)
    if (!found) {
      found = new RateLimiterMemory({ points, duration, keyPrefix: key })
      limiters.set(key, found)
    }
    return found
  }
  return async (name, address, account) => {
    const limit = limits[name]
    try {
      await limiter(`${name}:address`, limit.perAddress, limit.windowSeconds).consume(address)
      if (account !== null) {
        await limiter(`${name}:account`, limit.perAccount, limit.windowSeconds).consume(
          account.toLowerCase(),
        )
      }
      return { allowed: true }
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
        }
      }
      throw refusal
    }
  }
}
