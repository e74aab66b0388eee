import { Redis } from "ioredis"
import { RateLimiterRedis } from "rate-limiter-flexible"
import type { RateLimitStore, RateLimitVerdict } from "./rate-limits.ts"
import type { RateLimitName } from "./route.ts"

/**
 * One attempt under `accountBackoff`, decided and recorded in one step inside Redis (a script runs
 * alone), so two instances never both let an early attempt through. The same rule as the memory
 * store's (rate-limits.ts): a state older than the window starts over, keeping when the owner
 * was last told; too early is refused without counting; the `freeAttempts`-th attempt is a burst
 * once per window. Answers {0, waitMs} or {1, attempts, burst}.
 */
const ATTEMPT_SCRIPT = `
local at = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local free = tonumber(ARGV[3])
local first = tonumber(ARGV[4])
local max = tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'attempts', 'last', 'alerted')
local attempts = tonumber(state[1])
local last = tonumber(state[2])
local alerted = tonumber(state[3])
if attempts == nil or last == nil or at - last > windowMs then
  attempts = 0
  last = at
end
local delay = 0
if attempts >= free then
  delay = math.min(max, first * 2 ^ math.min(30, attempts - free))
end
local wait = last + delay * 1000 - at
if attempts > 0 and wait > 0 then
  return {0, math.ceil(wait)}
end
attempts = attempts + 1
local burst = 0
if attempts == free and (alerted == nil or at - alerted > windowMs) then
  burst = 1
  alerted = at
end
redis.call('HSET', KEYS[1], 'attempts', attempts, 'last', at)
if alerted ~= nil then
  redis.call('HSET', KEYS[1], 'alerted', alerted)
end
redis.call('PEXPIRE', KEYS[1], windowMs * 2)
return {1, attempts, burst}
`

/** The names under which Colorday keeps its counters in a shared Redis. */
const PREFIX = "colorday:rate-limit"

/** How long sign-in waits while Redis is down (it fails closed; see `unavailable`). */
export const SIGN_IN_WHILE_DOWN_SECONDS = 30

export interface RedisRateLimitOptions {
  /** Key prefix below `colorday:rate-limit:` (tests keep theirs apart); "" by default. */
  readonly namespace?: string
  /** One line when Redis stops answering, one when it is back (never one per request). */
  readonly log: (line: string) => void
}

/**
 * Counters and backoff states in a shared Redis, so every instance counts the same attempts
 * (rate-limiter-flexible's RateLimiterRedis over ioredis, plus the backoff script). Commands
 * never wait for a connection that is down (no offline queue, one try): a request is answered
 * at once, with the limits open (votes, uploads, mail forms) or, for sign-in, refused for
 * SIGN_IN_WHILE_DOWN_SECONDS, and the log says so once until Redis answers again.
 */
export const redisRateLimitStore = (
  client: Redis,
  options: RedisRateLimitOptions,
): RateLimitStore => {
  const namespace = options.namespace ? `${PREFIX}:${options.namespace}` : PREFIX
  const limiters = new Map<string, RateLimiterRedis>()
  let down = false
  const markDown = (error: unknown) => {
    if (down) return
    down = true
    const reason = error instanceof Error ? error.message : String(error)
    options.log(
      `rate limits: Redis is not answering (${reason}); until it is back, sign-in is refused and the other limits are not applied`,
    )
  }
  const markUp = () => {
    if (!down) return
    down = false
    options.log("rate limits: Redis answers again; limits are shared and applied")
  }
  client.on("error", markDown)
  client.on("ready", markUp)
  const ready = () => {
    if (client.status !== "ready") throw new Error(`the connection is ${client.status}`)
  }
  return {
    limiter: (key, points, duration) => {
      let found = limiters.get(key)
      if (!found) {
        found = new RateLimiterRedis({
          storeClient: client,
          points,
          duration,
          keyPrefix: `${namespace}:${key}`,
          // Not ready: reject at once (handled by `unavailable`) instead of queueing the command.
          rejectIfRedisNotReady: true,
        })
        limiters.set(key, found)
      }
      return found
    },
    attempt: async (stateKey, at, windowMs, backoff) => {
      ready()
      const answer = (await client.eval(
        ATTEMPT_SCRIPT,
        1,
        `${namespace}:backoff:${stateKey}`,
        at,
        windowMs,
        backoff.freeAttempts,
        backoff.firstDelaySeconds,
        backoff.maxDelaySeconds,
      )) as [number, number, number?]
      markUp()
      return answer[0] === 0
        ? { allowed: false, waitMs: answer[1] }
        : { allowed: true, attempts: answer[1], burst: answer[2] === 1 }
    },
    succeeded: async (stateKey) => {
      ready()
      await client.hset(`${namespace}:backoff:${stateKey}`, "attempts", 0)
    },
    unavailable: (name: RateLimitName, error: unknown): RateLimitVerdict => {
      markDown(error)
      return name === "sign-in"
        ? { allowed: false, retryAfterSeconds: SIGN_IN_WHILE_DOWN_SECONDS }
        : { allowed: true, burst: false, attempts: 0, succeeded: async () => {} }
    },
  }
}

/**
 * A Redis connection for the limits, from REDIS_URL (`redis://[:password@]host:6379[/db]`):
 * one try per command and no offline queue (see redisRateLimitStore); it reconnects on its own.
 */
export const connectRedis = (url: string): Redis =>
  new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: true,
    // Back off up to 2 s between tries, for as long as it takes.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  })
