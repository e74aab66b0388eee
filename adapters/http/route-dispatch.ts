import type Router from "@koa/router"
import { Result, Schema, SchemaIssue } from "effect"
import type { Context, Middleware } from "koa"
import { HttpRefusal } from "./http-errors.ts"
import type { AnyRoute } from "./route.ts"

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

/** Decodes one input part; a failure names the first field that is wrong and what is wrong. */
export const decode = (part: string, schema: Schema.Top | undefined, input: unknown): unknown => {
  if (!schema) return part === "body" ? undefined : {}
  const result = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input, {
    errors: "all",
  })
  if (Result.isSuccess(result)) return result.success
  const issues = formatIssue(result.failure.issue).issues
  const message = issues
    .slice(0, 5)
    .map((issue) => {
      const path = (issue.path ?? []).map((key) => String(typeof key === "object" ? key.key : key))
      return `${[part === "body" ? "" : part, ...path].filter(Boolean).join(".") || part}: ${issue.message}`
    })
    .join("; ")
  throw new HttpRefusal(400, "BAD_REQUEST", message)
}

/** How many query strings' decoded queries a route keeps (see keptQueries). */
const KEPT_QUERIES = 64

/**
 * A route's query decoder that keeps the decoded query of its latest query strings: the visitors'
 * reads (the gallery's first page) ask with the same few, so each is parsed and decoded once.
 * A kept query is frozen, as every request that sends its string is handed the same object.
 */
export const keptQueries = (schema: Schema.Top | undefined) => {
  const kept = new Map<string, unknown>()
  return (ctx: Context): unknown => {
    if (!schema) return {}
    const text = ctx.querystring
    const known = kept.get(text)
    if (known !== undefined) return known
    const query = Object.freeze(decode("query", schema, ctx.query))
    if (kept.size >= KEPT_QUERIES) {
      const oldest = kept.keys().next()
      if (!oldest.done) kept.delete(oldest.value)
    }
    kept.set(text, query)
    return query
  }
}

/** A route registered with the router, its router layer, and the handler behind it. */
export interface RegisteredRoute {
  readonly spec: AnyRoute
  readonly layer: unknown
  readonly handle: (ctx: Context) => Promise<void>
}

/**
 * A request for a parameterless route's exact path (the public reads: the current contest, the
 * gallery, health) goes to its handler without matching every route's pattern in turn; only where
 * the router would pick that same route first (the rest, and any other spelling of a path, go
 * through the router as before).
 */
export const exactPathDispatch = (
  router: Router,
  registered: ReadonlyArray<RegisteredRoute>,
): Middleware => {
  const exactRoutes = new Map<string, (ctx: Context) => Promise<void>>()
  for (const { spec, layer, handle } of registered) {
    if (/[:*(]/.test(spec.path)) continue
    for (const method of spec.method === "GET" ? ["GET", "HEAD"] : [spec.method]) {
      if (router.match(spec.path, method).pathAndMethod[0] === layer) {
        exactRoutes.set(`${method} ${spec.path}`, handle)
      }
    }
  }
  return (ctx, next) => {
    const handle = exactRoutes.get(`${ctx.method} ${ctx.path}`)
    return handle ? handle(ctx) : next()
  }
}
