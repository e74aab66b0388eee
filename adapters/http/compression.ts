import type { Context, Middleware } from "koa"
import compress from "koa-compress"
import Negotiator from "negotiator"
import { Stream } from "node:stream"
import { promisify } from "node:util"
import zlib from "node:zlib"

/**
 * Text answers over 1 KB (API JSON, the pages' HTML) leave compressed: zstd, brotli (quality 4,
 * fast enough per request) or gzip, whichever the browser takes best. The build's files come
 * precompressed at the highest levels (web-app.ts), which this leaves alone.
 */
const THRESHOLD = 1024

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }

/** koa-compress's own order among the encodings a browser takes equally well. */
const PREFERENCE = ["zstd", "br", "gzip", "deflate", "identity"]

/** The encoders of a whole answer at once, with the options the middleware streams with. */
const ENCODERS: Record<string, (bytes: Buffer) => Promise<Buffer>> = {
  zstd: (bytes) => promisify(zlib.zstdCompress)(bytes, {}),
  br: (bytes) => promisify(zlib.brotliCompress)(bytes, BROTLI),
  gzip: (bytes) => promisify(zlib.gzip)(bytes, {}),
  deflate: (bytes) => promisify(zlib.deflate)(bytes, {}),
}

/**
 * The middleware that compresses answers: JSON and HTML made in memory (an API answer, a rendered
 * page) whole, in the thread pool, once made (a zstd stream per answer cost about three times the
 * CPU of compressing the same 25 KB gallery page at once); anything else (a file, a stream)
 * through koa-compress's streams. An answer that already says its encoding (a kept one,
 * tagged-answers.ts; a build file's precompressed copy) is left as it is.
 */
export const compressAnswers = (): Middleware => {
  const streaming = compress({ threshold: THRESHOLD, br: BROTLI })
  return async (ctx, next) => {
    await streaming(ctx, async () => {
      await next()
      await compressWhole(ctx)
    })
  }
}

/** Statuses whose answer has no body, or a part of one (Content-Range counts raw bytes). */
const UNTOUCHED_STATUSES = new Set([204, 205, 206, 304])

const compressWhole = async (ctx: Context) => {
  const body: unknown = ctx.body
  if (
    body === null ||
    body === undefined ||
    body instanceof Stream ||
    ctx.compress === false ||
    UNTOUCHED_STATUSES.has(ctx.status) ||
    ctx.response.get("Content-Encoding") ||
    !ctx.response.is("json", "html")
  ) {
    return
  }
  const bytes = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === "string" ? body : JSON.stringify(body))
  const encoding = answerEncoding(ctx, bytes.length)
  if (encoding === null) return
  ctx.body = await encodeAnswer(bytes, encoding)
  ctx.set("Content-Encoding", encoding)
}

/**
 * The encoding the middleware would choose for this request's answer of `size` bytes, or null
 * when it would send it as it is (the same negotiation: koa-compress's Negotiator, its order
 * among equals, "*" as gzip, no header as identity).
 */
export const answerEncoding = (ctx: Context, size: number): string | null => {
  if (size < THRESHOLD || ctx.method === "HEAD") return null
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(ctx.response.get("Cache-Control")))) {
    return null
  }
  const accept = ctx.get("Accept-Encoding")
  if (!accept) return null
  let encoding = negotiated.get(accept)
  if (encoding === undefined) {
    encoding = negotiate(accept)
    // Browsers send a handful of headers; a client sending a new one each time only refills this.
    if (negotiated.size >= NEGOTIATED_KEPT) negotiated.clear()
    negotiated.set(accept, encoding)
  }
  return encoding
}

/** Accept-Encoding headers already negotiated, and what they chose (the same every time). */
const negotiated = new Map<string, string | null>()
const NEGOTIATED_KEPT = 64

const negotiate = (accept: string): string | null => {
  const negotiator = new Negotiator({
    headers: { "accept-encoding": accept === "*" ? "gzip" : accept },
  }) as Negotiator & {
    // negotiator 1.x takes the server's order among equals (its types still describe 0.6).
    encoding(
      available: ReadonlyArray<string>,
      options: { preferred: ReadonlyArray<string> },
    ): string
  }
  const encoding = negotiator.encoding(PREFERENCE, { preferred: PREFERENCE })
  return encoding in ENCODERS ? encoding : null
}

/**
 * Compresses a whole answer in the thread pool (not on the event loop), as the middleware would
 * for `encoding`: for an answer sent again and again, kept compressed beside it (tagged-answers.ts).
 */
export const encodeAnswer = (bytes: Buffer, encoding: string): Promise<Buffer> => {
  const encode = ENCODERS[encoding]
  if (!encode) return Promise.reject(new Error(`No encoder for ${encoding}`))
  return encode(bytes)
}
