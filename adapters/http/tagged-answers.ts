import { createHash } from "node:crypto"
import type { Context } from "koa"
import type { Caller, ETagMode, Reply } from "./route.ts"

/**
 * A body's JSON text and tag, kept while the body object lives: a route that answers the same
 * object again (the gallery's visitor pages, kept a second by read-cache.ts) is serialised and
 * hashed once, not once per request.
 */
const serialisedBodies = new WeakMap<object, Map<string, { json: Buffer; digest: string }>>()

export const serialised = (reply: Reply) => {
  const headers = reply.headers === undefined ? "{}" : JSON.stringify(reply.headers)
  const body = reply.body
  const kept = typeof body === "object" && body !== null ? serialisedBodies.get(body) : undefined
  const known = kept?.get(headers)
  if (known) return known
  // Bytes, not a string: sent again, a kept answer is copied to the socket, not encoded again.
  const json = Buffer.from(JSON.stringify(body))
  const digest = createHash("sha256")
    .update(json)
    .update("\n")
    .update(headers)
    .digest("base64url")
    .slice(0, 27)
  const made = { json, digest }
  if (typeof body === "object" && body !== null) {
    serialisedBodies.set(
      body,
      (kept ?? new Map<string, { json: Buffer; digest: string }>()).set(headers, made),
    )
  }
  return made
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
 * serialised once (kept while its object lives) and sent as those bytes, its type set directly.
 */
export const sendTagged = (ctx: Context, reply: Reply) => {
  const { json, digest } = serialised(reply)
  ctx.set("Content-Type", "application/json; charset=utf-8")
  ctx.body = json
  ctx.set("ETag", `W/"${digest}"`)
  if (!ctx.response.get("Cache-Control")) ctx.set("Cache-Control", "no-cache")
  // Koa's `fresh` compares If-None-Match with the ETag (weakly, any of a list, or *); without the
  // header it is false, and not asking spares gathering the response's headers for it.
  if (ctx.get("If-None-Match") && ctx.fresh) ctx.status = 304
}
