import type { Layer, Router } from "@koa/router"
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
  readonly layer: Layer
  readonly handle: (ctx: Context) => Promise<void>
}

/** The literal start of a route's path, before its first parameter, in lower case. */
const literalStart = (path: string) => {
  const at = path.search(/[:*(]/)
  return (at === -1 ? path : path.slice(0, at)).toLowerCase()
}

/**
 * Each request to a route goes to its handler without the router's walk (@koa/router tests every
 * route's pattern in turn, 132 of them, and composes the matches anew for each request):
 * - a parameterless route's exact path, by a map lookup, where the router would pick that same
 *   route first;
 * - any other path, by the first route registered for its method whose pattern matches: the one
 *   the router would run (its handlers never call the next), with the same params. A route whose
 *   literal start (its path before the first parameter) the path does not begin with is skipped
 *   without its pattern being tried (patterns are case-insensitive: both sides in lower case).
 * What no route takes goes on to the router as before (405 with Allow, or 404).
 */
export const routeDispatch = (
  router: Router,
  registered: ReadonlyArray<RegisteredRoute>,
): Middleware => {
  const exactRoutes = new Map<string, (ctx: Context) => Promise<void>>()
  const byMethod = new Map<string, Array<RegisteredRoute & { readonly start: string }>>()
  for (const route of registered) {
    const { spec, layer, handle } = route
    for (const method of layer.methods) {
      const routes = byMethod.get(method) ?? []
      routes.push({ ...route, start: literalStart(spec.path) })
      byMethod.set(method, routes)
    }
    if (/[:*(]/.test(spec.path)) continue
    for (const method of layer.methods) {
      if (router.match(spec.path, method).pathAndMethod[0] === layer) {
        exactRoutes.set(`${method} ${spec.path}`, handle)
      }
    }
  }
  return (ctx, next) => {
    const exact = exactRoutes.get(`${ctx.method} ${ctx.path}`)
    if (exact) {
      ctx.params = {}
      return exact(ctx)
    }
    const path = ctx.path
    const lower = path.toLowerCase()
    for (const { layer, handle, start } of byMethod.get(ctx.method) ?? []) {
      if (!lower.startsWith(start) || !layer.match(path)) continue
      ctx.params = layer.params(path, layer.captures(path))
      return handle(ctx)
    }
    return next()
  }
}
