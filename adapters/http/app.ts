import { createHash, timingSafeEqual } from "node:crypto"
import { bodyParser } from "@koa/bodyparser"
import cors from "@koa/cors"
import Router from "@koa/router"
import { Cause, type Effect, Exit, type ManagedRuntime, Option } from "effect"
import Koa, { type Context } from "koa"
import helmet from "koa-helmet"
import { normaliseEmail } from "../../domain/accounts/account-rules.ts"
import type { Member } from "../../domain/accounts/member.entity.ts"
import type { Language } from "../../domain/accounts/member-settings.ts"
import { refusalMessageIn, requestLanguage } from "./error-messages.ts"
import { domainErrorResponse, type ErrorBody, HttpRefusal, isDomainError } from "./http-errors.ts"
import {
  type FirstScreenCall,
  firstScreenCalls,
  firstScreenTags,
  type InPageAnswer,
} from "./first-screen.ts"
import { makeHeadTags, type SharePreviews } from "./page-meta.ts"
import { type RateLimiters, type RateLimitVerdict, makeRateLimiters } from "./rate-limits.ts"
import type { AnyRoute, Caller, RateLimitName, RawRequest, Reply } from "./route.ts"
import { decode, exactPathDispatch, keptQueries, type RegisteredRoute } from "./route-dispatch.ts"
import { compressAnswers } from "./compression.ts"
import { revalidates, sendTagged, varyByCookie } from "./tagged-answers.ts"
import { hopsOf } from "./trust-proxy.ts"
import { multipartUploads, type UploadLimits } from "./uploads.ts"
import { DEFAULT_WEB_APPS, type PageRequest, serveWebApps, type WebApp } from "./web-app.ts"

export const SESSION_COOKIE = "colorday_session"
/** The long-lived browser id sign-in sets (login notifications: is this browser new?). */
export const DEVICE_COOKIE = "colorday_device"
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 3_600_000

/** Rate limits whose account is the e-mail in the body (see the router below). */
const ACCOUNT_NAMED_BY_EMAIL: ReadonlySet<RateLimitName> = new Set([
  "sign-in",
  "two-factor",
  "sign-up",
  "forgot",
  "resend",
])
export const JSON_BODY_LIMIT = "1mb"
/** Requests that change nothing: no same-origin check, no body. */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"])
/** The methods whose JSON body is parsed; DELETE too: deleting the account takes the password. */
const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PUT", "PATCH", "DELETE"])

export interface HttpConfig {
  /** Origins (besides the server's own) allowed to call the API from a browser: CORS and CSRF. */
  readonly allowedOrigins: ReadonlyArray<string>
  /**
   * The number of proxies in front of this server (TRUST_PROXY; true is one): X-Forwarded-* are
   * trusted (cookies become Secure on https) and the client's address is the value that many
   * places from the right of X-Forwarded-For, so a client's own X-Forwarded-For counts for nothing.
   */
  readonly trustProxy: boolean | number
  readonly rateLimiters?: RateLimiters
  /** The upload queue's size and its 503's Retry-After (uploads.ts). */
  readonly uploads?: UploadLimits
  /** Where defects are logged, with their stack (stderr by default). */
  readonly log?: (line: string) => void
  /** The built web apps and their prefixes (default: the site, apps/web/dist, at /). */
  readonly webApps?: ReadonlyArray<WebApp>
  /** PUBLIC_URL when configured: the origin of absolute URLs in pages (else the request's). */
  readonly publicUrl?: string | undefined
  /**
   * The visual editor's token: a request carrying it in X-Colorday-Editor-Token may call the
   * "editor" routes (/canvases) without an admin session. Unset: an admin session only.
   */
  readonly editorToken?: string | undefined
  /**
   * Origins a page of ours may show in an iframe: the canvases' dev servers, which the editor at
   * /editor frames (CSP frame-src). Default: none but our own.
   */
  readonly frameOrigins?: ReadonlyArray<string> | undefined
  /**
   * REQUIRE_ADMIN_2FA: an admin without two-factor sign-in on is refused the admin routes (403
   * TWO_FACTOR_REQUIRED_FOR_ADMINS) until they turn it on in their Settings. Default: off.
   */
  readonly requireAdminTwoFactor?: boolean | undefined
}

export const EDITOR_TOKEN_HEADER = "X-Colorday-Editor-Token"

/** Whether `given` is the configured editor token, compared in constant time. */
const isEditorToken = (expected: string | undefined, given: string) =>
  expected !== undefined &&
  expected !== "" &&
  timingSafeEqual(
    createHash("sha256").update(expected).digest(),
    createHash("sha256").update(given).digest(),
  )

export interface SessionLookup<R> {
  /** The member and session id behind a cookie token, if it is a live session. */
  readonly resolve: (
    token: string,
  ) => Effect.Effect<
    Option.Option<{ readonly member: Member; readonly sessionId: string }>,
    never,
    R
  >
  /** Whether the member has two-factor sign-in on (read for REQUIRE_ADMIN_2FA). */
  readonly hasTwoFactor?: (memberId: string) => Effect.Effect<boolean, never, R>
  /** The member's language setting (the pages' language, issue 22); none when unreadable. */
  readonly language?: (memberId: string) => Effect.Effect<Language | undefined, never, R>
}

const sendError = (ctx: Context, status: number, body: ErrorBody) => {
  ctx.status = status
  ctx.body = body
}

/** The errors of a client that went away before the answer was sent. */
const HANG_UPS = new Set(["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE", "ECONNABORTED"])

const isHangUp = (error: unknown, ctx: Context | undefined) =>
  HANG_UPS.has(String((error as { code?: unknown } | null)?.code)) ||
  ctx?.req.destroyed === true ||
  ctx?.res.destroyed === true

/**
 * A request's raw parts, as its handler reads them: the origin, the device cookie and the language
 * only when asked (most handlers never look). A class, not an object literal with getters: a
 * literal's getters are new closures on every request, so V8 gave each such object a hidden class
 * (map) of its own, and those maps, kept in the old generation until a mark-compact, held every
 * request's context alive through the scavenges: ~5.6 KB of each routed request was promoted to
 * the old generation (20 % of what it allocates; 0 % with the class), which is what filled the
 * old generation during an upload burst (issue 20).
 */
class KoaRawRequest implements RawRequest {
  readonly #ctx: Context
  /** PUBLIC_URL's origin when configured, else null: the request's own. */
  readonly #publicOrigin: string | null
  readonly rateLimitBurst: number
  constructor(ctx: Context, publicOrigin: string | null, rateLimitBurst: number) {
    this.#ctx = ctx
    this.#publicOrigin = publicOrigin
    this.rateLimitBurst = rateLimitBurst
  }
  get body(): string | undefined {
    return this.#ctx.request.rawBody
  }
  readonly header = (name: string): string => this.#ctx.get(name)
  get origin(): string {
    return this.#publicOrigin ?? `${this.#ctx.protocol}://${this.#ctx.host}`
  }
  get deviceToken(): string | null {
    return this.#ctx.cookies.get(DEVICE_COOKIE) ?? null
  }
  get language(): Language {
    return requestLanguage(this.#ctx)
  }
}

/**
 * Routes are matched on these prefixes only (the site's API and the editor's /canvases API);
 * everything else is the static apps' business.
 */
const isApi = (path: string) =>
  path === "/api" || path.startsWith("/api/") || path.startsWith("/canvases/")

/**
 * The Koa application: security headers, CORS for configured origins, a 1 MB JSON body limit,
 * the session from its cookie, a same-origin check on state-changing requests, the routes, and
 * one place where failures become responses (domain refusals by table, defects as a 500 with a
 * request id and nothing else).
 */
export const makeHttpApp = <R>(options: {
  readonly runtime: ManagedRuntime.ManagedRuntime<R, unknown>
  readonly routes: ReadonlyArray<AnyRoute>
  readonly sessions: SessionLookup<R>
  readonly config: HttpConfig
  /** Looks up what a shared link previews; without it every page gets the site's tags. */
  readonly previews?: SharePreviews<R>
}) => {
  const { runtime, routes, sessions, config, previews } = options
  const log = config.log ?? ((line: string) => process.stderr.write(`${line}\n`))
  const rateLimiters = config.rateLimiters ?? makeRateLimiters()
  const hops = hopsOf(config.trustProxy)
  // Koa keeps the right-most maxIpsCount values of the header and takes the first of those.
  const app = new Koa({ proxy: hops > 0, proxyIpHeader: "X-Forwarded-For", maxIpsCount: hops })
  // Errors after the answer has started (a stream that fails while being sent). A client that
  // hangs up mid-download is no fault of ours: nothing to log. Anything else: one line, with
  // its stack, through our log rather than Koa's console.error.
  app.on("error", (error: unknown, ctx?: Context) => {
    if (isHangUp(error, ctx)) return
    log(
      `[${String(ctx?.state.requestId ?? "-")}] ${ctx?.method ?? ""} ${ctx?.path ?? ""} failed while answering: ${(error as Error)?.stack ?? String(error)}`,
    )
  })
  const allowed = new Set(config.allowedOrigins)
  // Our own origin: PUBLIC_URL's when configured, never what a request's Host header claims.
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : null
  const ownOrigin = (ctx: Context) => publicOrigin ?? `${ctx.protocol}://${ctx.host}`
  /** The API, and the offline checkout's Pay and Cancel (forms of our own page that change state). */
  const isGuarded = (path: string) => isApi(path) || path.startsWith("/checkout/")

  // Request id, and the last line of defence: nothing escapes as a stack trace.
  app.use(async (ctx, next) => {
    const requestId = crypto.randomUUID()
    ctx.state.requestId = requestId
    ctx.set("X-Request-Id", requestId)
    try {
      await next()
    } catch (error) {
      if (error instanceof HttpRefusal) {
        sendError(ctx, error.status, {
          code: error.code,
          message: refusalMessageIn(error.code, error.message, requestLanguage(ctx)),
        })
        return
      }
      const status = (error as { status?: number; expose?: boolean }).status
      if (typeof status === "number" && status >= 400 && status < 500) {
        // Koa and its body parser raise these for bad requests (413, 415, malformed JSON…).
        const code =
          status === 413
            ? "PAYLOAD_TOO_LARGE"
            : status === 415
              ? "UNSUPPORTED_MEDIA_TYPE"
              : "BAD_REQUEST"
        const message =
          status === 413
            ? `The request body is over ${JSON_BODY_LIMIT}`
            : status === 415
              ? `${(error as { message?: string }).message ?? "Unsupported body"}: send JSON in UTF-8 (Content-Type: application/json), without a Content-Encoding other than gzip or deflate`
              : (error as { message?: string }).message?.includes("JSON")
                ? "The body is not valid JSON"
                : ((error as { message?: string }).message ?? "Bad request")
        sendError(ctx, status, { code, message })
        return
      }
      log(
        `[${requestId}] ${ctx.method} ${ctx.path} failed: ${(error as Error)?.stack ?? String(error)}`,
      )
      sendError(ctx, 500, {
        code: "INTERNAL",
        message: "Something went wrong on our side. Please try again.",
        requestId,
      })
    }
  })

  // Text answers over 1 KB leave compressed (compression.ts).
  app.use(compressAnswers())

  app.use(
    helmet({
      contentSecurityPolicy: {
        // The built apps: module scripts from our origin only (Vite emits no inline script);
        // style attributes that React and Radix set inline; images of ours, data: and blob:
        // (a photo's preview before upload); requests to our own API.
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          frameSrc: ["'self'", ...(config.frameOrigins ?? [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // Only behind a TLS proxy: on plain http (a LAN address) it would break every request.
          upgradeInsecureRequests: hops > 0 ? [] : null,
        },
      },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  )

  app.use(
    cors({
      origin: (ctx) => {
        const origin = ctx.get("Origin")
        return allowed.has(origin) ? origin : ""
      },
      credentials: true,
    }),
  )

  // Cross-site request forgery: a state-changing request from a browser must come from our origin.
  app.use((ctx, next) => {
    if (!SAFE_METHODS.has(ctx.method) && isGuarded(ctx.path)) {
      const origin = ctx.get("Origin")
      // Not ctx.origin: in Koa 3 that is the request's Origin header, not the server's origin.
      if (origin && origin !== ownOrigin(ctx) && !allowed.has(origin)) {
        throw new HttpRefusal(403, "CROSS_ORIGIN", "Cross-origin requests are not allowed")
      }
    }
    return next()
  })

  const parseBody = bodyParser({
    enableTypes: ["json"],
    jsonLimit: JSON_BODY_LIMIT,
    parsedMethods: [...BODY_METHODS],
    // Multipart uploads are parsed by their own routes, with their own limit.
    onError: (error) => {
      throw Object.assign(error, { status: (error as { status?: number }).status ?? 400 })
    },
  })
  // Only the methods with a body reach the parser (a read goes straight on).
  app.use((ctx, next) => (BODY_METHODS.has(ctx.method) ? parseBody(ctx, next) : next()))

  // The session behind the cookie, if any: identity comes from here and nowhere else.
  app.use(async (ctx, next) => {
    const token = ctx.cookies.get(SESSION_COOKIE) ?? null
    ctx.state.caller = {
      member: null,
      sessionId: null,
      sessionToken: token,
      ip: ctx.ip,
      requestId: ctx.state.requestId as string,
    } satisfies Caller
    if (token && isApi(ctx.path)) {
      const found = await runtime.runPromise(sessions.resolve(token))
      if (Option.isSome(found)) {
        const visitor = ctx.state.caller as Caller
        ctx.state.caller = {
          ...visitor,
          member: found.value.member,
          sessionId: found.value.sessionId,
        } satisfies Caller
      }
    }
    await next()
  })

  // Multipart uploads (entry photos, line art), parsed for the routes that take them.
  app.use(multipartUploads(runtime, rateLimiters, config.uploads))

  const router = new Router()
  const registered: Array<RegisteredRoute> = []
  for (const spec of routes) {
    const decodeQuery = keptQueries(spec.query)
    const handle = async (ctx: Context) => {
      const caller = ctx.state.caller as Caller
      const editor =
        spec.access === "editor" && isEditorToken(config.editorToken, ctx.get(EDITOR_TOKEN_HEADER))
      if (spec.access !== "public" && caller.member === null && !editor) {
        throw new HttpRefusal(401, "AUTHENTICATION_REQUIRED", "Please sign in first")
      }
      if (
        (spec.access === "admin" || (spec.access === "editor" && !editor)) &&
        !caller.member?.isAdmin
      ) {
        throw new HttpRefusal(403, "FORBIDDEN", "This is for admins only")
      }
      if (
        config.requireAdminTwoFactor &&
        (spec.access === "admin" || (spec.access === "editor" && !editor)) &&
        caller.member !== null &&
        !(
          sessions.hasTwoFactor &&
          (await runtime.runPromise(sessions.hasTwoFactor(caller.member.id)))
        )
      ) {
        throw new HttpRefusal(
          403,
          "TWO_FACTOR_REQUIRED_FOR_ADMINS",
          "Admins must use two-factor sign-in: turn it on in your profile's Settings first",
        )
      }
      const params = decode("params", spec.params, ctx.params)
      const query = decodeQuery(ctx)
      const body = decode("body", spec.body, ctx.request.body ?? {})
      let verdict: RateLimitVerdict | undefined
      if (spec.rateLimit) {
        const named = (body as { email?: unknown } | undefined)?.email
        // As the domain reads it: " A@b.c " is a@b.c, so spacing and case share one counter.
        const email = typeof named === "string" ? normaliseEmail(named) : null
        // Sign-in, sign-up, forgot and resend protect the account the body names, whoever asks
        // (a signed-in attacker must not move the count to their own account); contact and vote
        // count the signed-in member, else the e-mail given.
        const account = ACCOUNT_NAMED_BY_EMAIL.has(spec.rateLimit)
          ? (email ?? caller.member?.id ?? null)
          : (caller.member?.id ?? email)
        verdict = await rateLimiters(spec.rateLimit, caller.ip, account)
        if (!verdict.allowed) {
          ctx.set("Retry-After", String(verdict.retryAfterSeconds))
          throw new HttpRefusal(
            429,
            "RATE_LIMITED",
            "Too many requests. Please wait and try again.",
          )
        }
      }
      const handler = spec.handler as (input: unknown) => Effect.Effect<Reply, unknown, R>
      const raw = new KoaRawRequest(
        ctx,
        publicOrigin,
        verdict?.allowed === true && verdict.burst ? verdict.attempts : 0,
      )
      const exit = await runtime.runPromiseExit(handler({ params, query, body, caller, raw }))
      if (Exit.isSuccess(exit)) {
        const reply = exit.value
        // A guarded request that succeeded (the right password): its account starts over.
        if (verdict?.allowed && reply.status < 400) await verdict.succeeded()
        ctx.status = reply.status
        if (spec.etag === "visitor") varyByCookie(ctx)
        if (spec.etag && revalidates(ctx, spec.etag, caller, reply)) {
          for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value)
          await sendTagged(ctx, reply)
        } else {
          if (reply.body !== undefined) ctx.body = reply.body
          for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value)
        }
        if (reply.session !== undefined) {
          ctx.cookies.set(SESSION_COOKIE, reply.session?.token ?? null, {
            httpOnly: true,
            sameSite: "lax",
            secure: ctx.secure,
            path: "/",
            ...(reply.session ? { maxAge: reply.session.maxAgeMs } : { maxAge: 0 }),
          })
        }
        // After the session's: a client that keeps one cookie keeps the session.
        if (reply.device !== undefined) {
          ctx.cookies.set(DEVICE_COOKIE, reply.device, {
            httpOnly: true,
            sameSite: "lax",
            secure: ctx.secure,
            path: "/",
            maxAge: DEVICE_COOKIE_MAX_AGE_MS,
          })
        }
        return
      }
      const failure = exit.cause.reasons.find(Cause.isFailReason)
      if (failure && isDomainError(failure.error)) {
        const { status, body: errorBody } = domainErrorResponse(failure.error, requestLanguage(ctx))
        sendError(ctx, status, errorBody)
        return
      }
      if (failure && failure.error instanceof HttpRefusal) throw failure.error
      const die = exit.cause.reasons.find(Cause.isDieReason)
      if (die && die.defect instanceof HttpRefusal) throw die.defect
      throw new Error(Cause.pretty(exit.cause))
    }
    registered.push({ spec, layer: router.register(spec.path, [spec.method], handle), handle })
  }
  // Parameterless routes' exact paths skip the router's pattern walk (route-dispatch.ts).
  app.use(exactPathDispatch(router, registered))
  app.use(router.routes())
  // Nothing matched: a known path asked with another method is 405 with Allow, else 404.
  // (router.allowedMethods() runs after this middleware, so it never saw these requests.)
  app.use(async (ctx, next) => {
    if (!isApi(ctx.path)) {
      await next()
      return
    }
    const methods = [
      ...new Set(router.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods)),
    ]
    if (methods.length === 0) {
      throw new HttpRefusal(404, "NOT_FOUND", `No API route ${ctx.method} ${ctx.path}`)
    }
    ctx.set("Allow", methods.join(", "))
    if (ctx.method === "OPTIONS") {
      ctx.status = 204
      return
    }
    throw new HttpRefusal(405, "METHOD_NOT_ALLOWED", "This path does not take that method")
  })
  /**
   * A public or member GET route answered in-process for a page (first-screen.ts): the same
   * handler, caller and error bodies as over HTTP; undefined when it cannot be (a defect, or no
   * such route), and the page's script then asks the API itself.
   */
  const answerInPage = async (
    { path, query }: FirstScreenCall,
    caller: Caller,
    origin: string,
  ): Promise<InPageAnswer | undefined> => {
    // The route the router would pick for this path, and its path parameters (an entry's id).
    const layer = router.match(path, "GET").pathAndMethod[0]
    const spec = registered.find((candidate) => candidate.layer === layer)?.spec
    if (!layer || !spec || (spec.access !== "public" && spec.access !== "member")) return undefined
    if (spec.access === "member" && caller.member === null) {
      return {
        status: 401,
        body: { code: "AUTHENTICATION_REQUIRED", message: "Please sign in first" },
      }
    }
    let input: { params: unknown; query: unknown }
    try {
      input = {
        params: decode("params", spec.params, layer.params(path, layer.captures(path))),
        query: decode("query", spec.query, query),
      }
    } catch (error) {
      // A malformed id in the page's address: the API's own 400, which the page shows as it would.
      if (!(error instanceof HttpRefusal)) throw error
      return { status: error.status, body: { code: error.code, message: error.message } }
    }
    const handler = spec.handler as (input: unknown) => Effect.Effect<Reply, unknown, R>
    const raw: RawRequest = { body: undefined, header: () => "", origin }
    const exit = await runtime.runPromiseExit(handler({ ...input, body: undefined, caller, raw }))
    if (Exit.isSuccess(exit)) {
      const reply = exit.value
      return { status: reply.status, body: reply.body ?? null }
    }
    const failure = exit.cause.reasons.find(Cause.isFailReason)
    if (failure && isDomainError(failure.error)) {
      const { status, body } = domainErrorResponse(failure.error)
      return { status, body }
    }
    return undefined
  }

  /** The site's first-screen answers for a page, from its session cookie. */
  const firstScreen = async (page: PageRequest, sessionToken: string | null): Promise<string> => {
    if (page.app !== "/") return ""
    try {
      const found = sessionToken ? await runtime.runPromise(sessions.resolve(sessionToken)) : null
      const caller: Caller = {
        member: found && Option.isSome(found) ? found.value.member : null,
        sessionId: found && Option.isSome(found) ? found.value.sessionId : null,
        sessionToken,
        ip: "",
        requestId: "first-screen",
      }
      const answers: Record<string, InPageAnswer> = {}
      for (const call of firstScreenCalls(page.path, page.query)) {
        const answer = await answerInPage(call, caller, publicOrigin ?? page.origin)
        if (answer) answers[call.key] = answer
      }
      return firstScreenTags(answers)
    } catch (error) {
      log(
        `first screen: answering ${page.path} in the page failed (the page asks the API itself): ${(error as Error)?.stack ?? String(error)}`,
      )
      return ""
    }
  }

  // Everything else a browser asks for: the built web apps' files and pages.
  app.use(
    serveWebApps({
      apps: config.webApps ?? DEFAULT_WEB_APPS,
      visitorTags: firstScreen,
      sessionCookie: SESSION_COOKIE,
      memberLanguage: async (token) => {
        const found = await runtime.runPromise(sessions.resolve(token))
        if (Option.isNone(found) || !sessions.language) return undefined
        return runtime.runPromise(sessions.language(found.value.member.id))
      },
      headTags: makeHeadTags({
        publicUrl: config.publicUrl,
        find: previews && {
          entry: (entryId) => runtime.runPromise(previews.entry(entryId)),
          contest: (contestId) => runtime.runPromise(previews.contest(contestId)),
          artist: (username) => runtime.runPromise(previews.artist(username)),
        },
        log,
      }),
    }),
  )
  return app
}
