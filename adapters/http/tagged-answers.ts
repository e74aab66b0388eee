import { createHash } from "node:crypto"
import type { Context } from "koa"
import { answerEncoding, encodeAnswer } from "./compression.ts"
import type { Caller, ETagMode, Reply } from "./route.ts"

/** A body's JSON bytes and tag, and its compressed copies once it is sent again. */
interface Serialised {
  readonly json: Buffer
  readonly digest: string
  /** How many times it was asked for: compressed copies are kept from the second. */
  asked: number
  /** The compressed copies by encoding (made in the thread pool; shared while they are made). */
  readonly encoded: Map<string, Promise<Buffer>>
}

/**
 * A body's JSON text and tag, kept while the body object lives: a route that answers the same
 * object again (the gallery's visitor pages, kept a second by read-cache.ts) is serialised and
 * hashed once, not once per request.
 */
const serialisedBodies = new WeakMap<object, Map<string, Serialised>>()

export const serialised = (reply: Reply): Serialised => {
  const headers = reply.headers === undefined ? "{}" : JSON.stringify(reply.headers)
  const body = reply.body
  const kept = typeof body === "object" && body !== null ? serialisedBodies.get(body) : undefined
  const known = kept?.get(headers)
  if (known) {
    known.asked++
    return known
  }
  // Bytes, not a string: sent again, a kept answer is copied to the socket, not encoded again.
  const json = Buffer.from(JSON.stringify(body))
  const digest = createHash("sha256")
    .update(json)
    .update("\n")
    .update(headers)
    .digest("base64url")
    .slice(0, 27)
  const made: Serialised = { json, digest, asked: 1, encoded: new Map() }
  if (typeof body === "object" && body !== null) {
    serialisedBodies.set(body, (kept ?? new Map<string, Serialised>()).set(headers, made))
  }
  return made
}

/**
 * The answer compressed for this request, when the same answer was asked for before: made once
 * and kept beside it, so a page every visitor reads (a gallery page, a board) is not compressed
 * once per request (a stream per answer cost more CPU than the rest of the request). The first
 * time, and for an answer that is not kept, the compression middleware streams it as before.
 */
const keptEncoding = async (ctx: Context, answer: Serialised) => {
  if (answer.asked < 2) return undefined
  const encoding = answerEncoding(ctx, answer.json.length)
  if (encoding === null) return undefined
  let encoded = answer.encoded.get(encoding)
  if (!encoded) {
    encoded = encodeAnswer(answer.json, encoding)
    answer.encoded.set(encoding, encoded)
    // A failure (none is known) leaves the next request to the middleware again.
    encoded.catch(() => answer.encoded.delete(encoding))
  }
  try {
    return { encoding, bytes: await encoded }
  } catch {
    return undefined
  }
}

/**
 * Vary: Cookie on an answer that depends on who asks. Only this adds Cookie (CORS adds Origin
 * before, compression Accept-Encoding after), so it is appended without the `vary` module's parse.
 */
export const varyByCookie = (ctx: Context) => {
  const vary = ctx.response.get("Vary")
  ctx.set("Vary", vary ? `${String(vary)}, Cookie` : "Cookie")
}

/**
 * Whether a route's answer carries an ETag (see RouteSpec.etag): a read's whole answer, except
 * the gallery's to a signed-in member (its items say hasVoted; Vary: Cookie tells caches so).
 */
export const revalidates = (ctx: Context, mode: ETagMode, caller: Caller, reply: Reply) =>
  !(mode === "visitor" && caller.member !== null) &&
  (ctx.method === "GET" || ctx.method === "HEAD") &&
  reply.status === 200 &&
  reply.body !== undefined &&
  reply.session === undefined

/**
 * A tagged answer (see `revalidates`): a weak tag of the JSON body and the reply's own headers (a
 * paged list's X-Next-Cursor), and 304 when the browser already holds that answer. The body is
 * serialised once (kept while its object lives) and sent as those bytes, its type set directly;
 * compressed once too, from the second time it is asked for (keptEncoding).
 */
export const sendTagged = async (ctx: Context, reply: Reply) => {
  const answer = serialised(reply)
  ctx.set("Content-Type", "application/json; charset=utf-8")
  ctx.body = answer.json
  ctx.set("ETag", `W/"${answer.digest}"`)
  if (!ctx.response.get("Cache-Control")) ctx.set("Cache-Control", "no-cache")
  // Koa's `fresh` compares If-None-Match with the ETag (weakly, any of a list, or *); without the
  // header it is false, and not asking spares gathering the response's headers for it.
  if (ctx.get("If-None-Match") && ctx.fresh) {
    ctx.status = 304
    return
  }
  const compressed = await keptEncoding(ctx, answer)
  if (compressed) {
    // The middleware leaves an answer that already says its encoding as it is.
    ctx.body = compressed.bytes
    ctx.set("Content-Encoding", compressed.encoding)
  }
}
