/**
 * The one way the site talks to its API: same-origin requests carrying the session cookie, JSON
 * in and out, and every refusal turned into an ApiError with the server's stable code and message
 * ({code, message}, see the README's API section).
 */

import type { paths } from "../../../api-client/schema.ts"
import { currentLanguage, translate } from "../../../ui/src/i18n.tsx"
import { takeInPageAnswer } from "./first-screen.ts"

export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly body: unknown
  constructor(status: number, code: string, message: string, body: unknown) {
    super(message)
    this.name = "ApiError"
    this.status = status
    this.code = code
    this.body = body
  }
}

export type Query = Record<string, string | number | undefined | null>

/** An absolute URL on this site (fetch in tests has no page to resolve a relative one against). */
export const siteUrl = (path: string, query?: Query): string => {
  const url = new URL(path, window.location.origin)
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "")
      url.searchParams.set(name, String(value))
  }
  return url.toString()
}

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (text === "") return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

export const errorOf = (status: number, body: unknown, fallback: string): ApiError => {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const code = typeof record.code === "string" ? record.code : `HTTP_${status}`
  const message =
    typeof record.message === "string"
      ? record.message
      : typeof record.error === "string"
        ? record.error
        : fallback
  return new ApiError(status, code, message, body)
}

export interface RequestOptions {
  readonly query?: Query
  readonly body?: unknown
  readonly signal?: AbortSignal
}

export const request = async <T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: RequestOptions = {},
): Promise<T> => {
  // The first screen's calls were answered into the page by the server (first-screen.ts).
  const inPage = takeInPageAnswer(method, path, options.query)
  if (inPage !== undefined) {
    if (inPage.status >= 200 && inPage.status < 300) return inPage.body as T
    throw errorOf(inPage.status, inPage.body, translate("web.api.requestFailed"))
  }
  let response: Response
  try {
    response = await fetch(siteUrl(path, options.query), {
      method,
      credentials: "same-origin",
      headers: {
        Accept: "application/json",
        // The server words its refusals in the language the page is in (issue 22).
        "Accept-Language": currentLanguage(),
        ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause
    throw new ApiError(0, "NETWORK", translate("web.api.unreachable"), null)
  }
  const body = await readBody(response)
  if (!response.ok) throw errorOf(response.status, body, translate("web.api.requestFailed"))
  return body as T
}

/**
 * A multipart POST with the real progress of the upload (fetch cannot report it), 0–100.
 */
export const upload = <T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open("POST", siteUrl(path))
    xhr.withCredentials = true
    // The upload's refusals in the page's language too, as request() asks for them.
    const headers = { Accept: "application/json", "Accept-Language": currentLanguage() }
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)))
      }
    })
    xhr.addEventListener("load", () => {
      let body: unknown
      try {
        body = xhr.responseText === "" ? null : (JSON.parse(xhr.responseText) as unknown)
      } catch {
        body = xhr.responseText
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100)
        resolve(body as T)
      } else {
        // The fallback's English text rides with the submission dialog (web-submit.json), not
        // the site's entry: it loads when a refusal needs it.
        void import("../screens/home/submit-catalog.ts")
          .catch(() => undefined)
          .then(() => reject(errorOf(xhr.status, body, translate("web.submit.submitFailed"))))
      }
    })
    xhr.addEventListener("error", () =>
      reject(new ApiError(0, "NETWORK", translate("web.api.uploadFailed"), null)),
    )
    xhr.send(form)
  })

// Calls typed by the server's OpenAPI document (apps/api-client/schema.ts, npm run api-types).

type Verb = "GET" | "POST" | "PUT" | "DELETE"

/** The documented paths that answer `method`. */
export type PathOf<M extends Verb> = {
  [P in keyof paths]: paths[P][Lowercase<M>] extends { readonly responses: unknown } ? P : never
}[keyof paths]

type Responses<M extends Verb, P extends PathOf<M>> = paths[P][Lowercase<M>] extends {
  readonly responses: infer R
}
  ? R
  : never

/** The JSON a documented route answers on success (200, or 201 for one that creates). */
export type Answer<M extends Verb, P extends PathOf<M>> =
  Responses<M, P> extends { readonly 200: { content: { "application/json": infer B } } }
    ? B
    : Responses<M, P> extends { readonly 201: { content: { "application/json": infer B } } }
      ? B
      : null

/** `/api/users/{id}` with its parameters filled in, each encoded as a path segment. */
export const fillPath = (template: string, params: Readonly<Record<string, string>> = {}) =>
  template.replace(/\{([A-Za-z_]+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${template}: no value for {${name}}`)
    return encodeURIComponent(value)
  })

/**
 * `request` by the documented path: the path must be one the server declares for `method`, and
 * the answer is typed as its response Schema says, so a renamed field fails the typecheck.
 */
export const call = <M extends Verb, P extends PathOf<M>>(
  method: M,
  path: P,
  options: RequestOptions & { readonly params?: Readonly<Record<string, string>> } = {},
): Promise<Answer<M, P>> => request<Answer<M, P>>(method, fillPath(path, options.params), options)

/** `upload` by the documented path, typed the same way. */
export const uploadTo = <P extends PathOf<"POST">>(
  path: P,
  params: Readonly<Record<string, string>>,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<Answer<"POST", P>> => upload<Answer<"POST", P>>(fillPath(path, params), form, onProgress)
