import type { Effect, Schema } from "effect"
import type { Member } from "../../domain/accounts/member.entity.ts"
import type { Language } from "../../domain/site/languages.ts"

/**
 * One API route, declared once: the router mounts it, the OpenAPI document describes it, and the
 * authorization matrix test reads its `access`. Inputs are decoded with Schema before the handler
 * sees them, so a handler only ever gets well-typed values.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/**
 * Who may call it: anyone, a signed-in member, or an admin. "editor" (the visual editor's
 * /canvases routes, which rewrite source files) takes an admin session, or this server's editor
 * token in the X-Colorday-Editor-Token header (`HttpConfig.editorToken`, when one is configured).
 */
export type Access = "public" | "member" | "admin" | "editor"

/** Named rate limits (see rate-limits.ts): per address, and per account where the body names one. */
export type RateLimitName =
  "sign-in" | "sign-up" | "forgot" | "resend" | "contact" | "vote" | "upload" | "two-factor"

export interface Caller {
  readonly member: Member | null
  /** The session's id (the digest of its cookie token), when signed in. */
  readonly sessionId: string | null
  /** The raw session token from the cookie, when present. */
  readonly sessionToken: string | null
  readonly ip: string
  readonly requestId: string
}

/** The request as received, for the few routes that need more than decoded inputs (a webhook). */
export interface RawRequest {
  /** The body's text exactly as sent (what a signature covers); undefined when none was read. */
  readonly body: string | undefined
  /** A request header's value, "" when absent. */
  readonly header: (name: string) => string
  /** This server's own origin: PUBLIC_URL's when configured, else as the browser reached it. */
  readonly origin: string
  /** The browser's long-lived device cookie (login notifications), when it sent one. */
  readonly deviceToken?: string | null
  /**
   * When this request made a burst of attempts on the account its rate limit guards (sign-in's
   * `accountBackoff`), the first in the window: how many attempts (else 0). The owner is to be
   * told if this one fails too.
   */
  readonly rateLimitBurst?: number
  /**
   * The reader's language (error-messages.ts requestLanguage: Accept-Language, which the apps set to
   * the page's language, else the footer's cookie), for what a request writes in it (issue 22).
   */
  readonly language?: Language
}

export interface Reply {
  readonly status: number
  readonly body?: unknown
  /** Session cookie to set (a token) or clear (null). */
  readonly session?: { readonly token: string; readonly maxAgeMs: number } | null
  /** The browser's device cookie to set (a year long), at sign-in. */
  readonly device?: string
  readonly headers?: Readonly<Record<string, string>>
}

export const ok = (body: unknown): Reply => ({ status: 200, body })
export const created = (body: unknown): Reply => ({ status: 201, body })
export const noContent = (): Reply => ({ status: 204 })
/** A list in the spec's shape (a bare array); the next page's cursor travels in X-Next-Cursor. */
export const paged = (items: ReadonlyArray<unknown>, nextCursor: string | null): Reply => ({
  status: 200,
  body: items,
  headers: nextCursor ? { "X-Next-Cursor": nextCursor } : {},
})

type AnySchema = Schema.Top & { readonly DecodingServices: never }

export type OkMediaType = "application/json" | "application/x-ndjson"

/** Which answers of a GET route may be revalidated with an ETag (see RouteSpec.etag). */
export type ETagMode = "public" | "visitor"

export interface RouteSpec<
  P extends AnySchema | undefined = AnySchema | undefined,
  Q extends AnySchema | undefined = AnySchema | undefined,
  B extends AnySchema | undefined = AnySchema | undefined,
  R = never,
> {
  readonly method: Method
  /** A @koa/router path, e.g. /api/submissions/:id/vote */
  readonly path: string
  readonly summary: string
  readonly tag: string
  readonly access: Access
  readonly params?: P
  readonly query?: Q
  readonly body?: B
  readonly rateLimit?: RateLimitName
  /** The statuses this route answers with besides 200/400/500, for the OpenAPI document. */
  readonly responses?: Readonly<Record<number, string>>
  /**
   * The Schema of its success answer's JSON body (a paged route's: the array of its items), which
   * the OpenAPI document and so the apps' generated client types describe.
   */
  readonly okBody?: Schema.Top
  /** The status of that answer: 200 unless it creates (201). */
  readonly okStatus?: 200 | 201
  /** Its media type: JSON, or NDJSON (a stream of lines, each an okBody). */
  readonly okMediaType?: OkMediaType
  /**
   * Whether a 200 answer to GET carries a weak ETag of its body (and headers) and answers 304 to a
   * matching If-None-Match, with Cache-Control: no-cache (keep it, but ask again each time).
   * "public": the answer is the same for every caller. "visitor": it differs for a signed-in
   * member (hasVoted…), so only visitors without a session get the ETag, and every answer says
   * Vary: Cookie. Never set it on an answer that depends on the session any other way.
   */
  readonly etag?: ETagMode
  readonly handler: (input: {
    readonly params: P extends AnySchema ? P["Type"] : Record<string, never>
    readonly query: Q extends AnySchema ? Q["Type"] : Record<string, never>
    readonly body: B extends AnySchema ? B["Type"] : undefined
    readonly caller: Caller
    readonly raw: RawRequest
  }) => Effect.Effect<Reply, unknown, R>
}

/** Declares a route with its input types inferred from its schemas. */
export const route = <
  P extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  B extends AnySchema | undefined = undefined,
  R = never,
>(
  spec: RouteSpec<P, Q, B, R>,
): RouteSpec<P, Q, B, R> => spec

/** Any route, as the registry, the router and the OpenAPI generator see it. */
export interface AnyRoute {
  readonly method: Method
  readonly path: string
  readonly summary: string
  readonly tag: string
  readonly access: Access
  readonly params?: Schema.Top | undefined
  readonly query?: Schema.Top | undefined
  readonly body?: Schema.Top | undefined
  readonly rateLimit?: RateLimitName | undefined
  readonly responses?: Readonly<Record<number, string>> | undefined
  readonly okBody?: Schema.Top | undefined
  readonly okStatus?: 200 | 201 | undefined
  readonly okMediaType?: OkMediaType | undefined
  readonly etag?: ETagMode | undefined
  /** Called only with inputs its own schemas decoded (hence `never` here). */
  readonly handler: (input: never) => Effect.Effect<Reply, unknown, unknown>
}
