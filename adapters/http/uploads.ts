import { randomUUID } from "node:crypto"
import { createWriteStream } from "node:fs"
import { readFile, rm } from "node:fs/promises"
import type { IncomingMessage } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import multer, { type StorageEngine } from "@koa/multer"
import { Cause, Effect, Exit, type ManagedRuntime, Schema } from "effect"
import type { Context, Middleware, Next } from "koa"
import { checkEntryEligibility } from "../../domain/submissions/entry-eligibility.ts"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { MAX_IMAGE_BYTES } from "../images/inspect-image.ts"
import { IMAGE_THREADS } from "../images/process-image.ts"
import { releaseBytes } from "../images/release-bytes.ts"
import type { DomainError } from "../../domain/shared/domain-error.ts"
import { refusalMessageIn, requestLanguage } from "./error-messages.ts"
import { domainErrorResponse, type ErrorBody, HttpRefusal, isDomainError } from "./http-errors.ts"
import type { RateLimiters } from "./rate-limits.ts"
import type { Caller } from "./route.ts"
import { Id } from "./schemas.ts"
import { UPLOAD_FILE_PREFIX } from "./upload-leftovers.ts"

/**
 * Multipart uploads (DESIGN.md, "Uploads": to our own API, checked by content). The routes stay
 * JSON-shaped Schema routes; this middleware, mounted after the session and before the router,
 * turns a multipart request to an upload endpoint into the body its route takes:
 *
 * - POST /api/submissions (a member): the photo (file field `image`, or `file` as the spec's
 *   client names it) and the JSON shape's fields (challenge_id, age_group, contest_type, …). The
 *   photo is checked and stored here, and the route gets its key as `file_path`, exactly as if
 *   the client had sent the JSON shape with an already stored image. If the route then refuses
 *   (no credit 402, contest closed 403, bad field 400, …) or fails, the stored renditions are
 *   deleted: a refused entry leaves no file behind.
 * - POST /api/admin/contests/:id/line-art (an admin): the page (`image`) and/or its print PDF
 *   (`pdf`), handed to the route as bytes (images.routes.ts).
 * - POST /api/users/:id/avatar (the member whose id it is): the picture (`image`), handed to the
 *   route as bytes (avatars.routes.ts); another member's id is not parsed (the route says 403).
 *
 * Nothing is parsed for a caller the route would refuse (the router answers 401/403 unread), and
 * a file over 10 MB stops the parse: 413 with a clear message.
 *
 * An upload costs image work, so it is refused before its file is read wherever it can be:
 * - per member and per address, the "upload" rate limit (429 with Retry-After), before anything;
 * - an entry photo: when the photo's part begins, the text fields sent before it (challenge_id)
 *   are checked by the domain's own rule (checkEntryEligibility: 404 no such contest, 403
 *   CONTEST_CLOSED, 402 OUT_OF_SUBMISSIONS), so a refused photo is never held or processed.
 *   Clients send the fields first (the web app's FormData does); a client that sends the photo
 *   first is checked once the body is read, still before any image work;
 * - a place in the upload queue, taken when the file's part begins and kept until the answer:
 *   at most `UploadLimits.queue` uploads are held and processed at once, and one more is
 *   answered 503 UPLOADS_BUSY with Retry-After. So a burst costs bounded work and disk and the
 *   rest of the API keeps answering.
 *
 * Memory (issue 20): a file is written to a temporary file as it arrives (TMPDIR, private to the
 * server's user, deleted with the answer), never kept in memory while it is sent or while it
 * waits. It is read back only for its turn at image work: one upload per image thread
 * (IMAGE_THREADS) is read, processed and, for the routes that take bytes, handed to its route at
 * a time; the others wait on disk. So 8 photos of 10 MB arriving at once hold one or two of them
 * in memory, not 8 (and not twice over, as a copy of their chunks).
 * A refusal is answered once the rest of the body has been read and dropped, so the client,
 * still sending, gets the answer rather than a reset connection.
 */

/** How many uploads are taken at once, and what a refused one is told. */
export interface UploadLimits {
  /**
   * Uploads held at once, from their file's first byte to their answer: being read, waiting for
   * image work or in it. One more is answered 503 UPLOADS_BUSY.
   */
  readonly queue: number
  /** Retry-After of a 503 UPLOADS_BUSY, in seconds. */
  readonly retryAfterSeconds: number
}

/** Up to 60 MB of photos held; the image store works on one per two cores at a time. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { queue: 6, retryAfterSeconds: 5 }

/** An answer decided while parsing: the parse stops, the body is drained, this is sent. */
class UploadAnswer extends Error {
  readonly status: number
  readonly body: ErrorBody
  readonly headers: Readonly<Record<string, string>>
  /** The domain's refusal it answers, worded in the reader's language when sent. */
  readonly refusal: DomainError | undefined
  constructor(
    status: number,
    body: ErrorBody,
    headers: Readonly<Record<string, string>> = {},
    refusal?: DomainError,
  ) {
    super(body.message)
    this.status = status
    this.body = body
    this.headers = headers
    this.refusal = refusal
  }
}

interface UploadEndpoint {
  readonly path: RegExp
  readonly access: "member" | "admin" | "owner"
  /** The file fields it takes, one file each. */
  readonly files: ReadonlyArray<string>
  /** How many files in all. */
  readonly maxFiles: number
}

const SUBMISSION: UploadEndpoint = {
  path: /^\/api\/submissions\/?$/,
  access: "member",
  files: ["image", "file"],
  maxFiles: 1,
}

const LINE_ART: UploadEndpoint = {
  path: /^\/api\/admin\/contests\/[^/]+\/line-art\/?$/,
  access: "admin",
  files: ["image", "pdf"],
  maxFiles: 2,
}

/** The week's premium line art page (issue 19), with its print PDF. */
const PREMIUM_PAGE: UploadEndpoint = {
  path: /^\/api\/admin\/premium-pages\/?$/,
  access: "admin",
  files: ["image", "pdf"],
  maxFiles: 2,
}

/** A custom line art request's reference picture (issue 19); the route checks the plan. */
const LINE_ART_REQUEST: UploadEndpoint = {
  path: /^\/api\/line-art-requests\/?$/,
  access: "member",
  files: ["reference"],
  maxFiles: 1,
}

/** The member id in the path (its first group) must be the caller's. */
const AVATAR: UploadEndpoint = {
  path: /^\/api\/users\/([^/]+)\/avatar\/?$/,
  access: "owner",
  files: ["image"],
  maxFiles: 1,
}

const MB = 1024 * 1024

const badUpload = (message: string) => new HttpRefusal(400, "BAD_REQUEST", message)

/** What multer and busboy throw, as the answer the client gets. */
const refusalOf = (error: unknown, endpoint: UploadEndpoint): HttpRefusal => {
  const { name, code, field } = error as { name?: string; code?: string; field?: string }
  if (name !== "MulterError") {
    return badUpload("The body is not a well-formed multipart/form-data upload")
  }
  switch (code) {
    case "LIMIT_FILE_SIZE":
      return new HttpRefusal(
        413,
        "PAYLOAD_TOO_LARGE",
        `The file is over ${MAX_IMAGE_BYTES / MB} MB; the limit is ${MAX_IMAGE_BYTES / MB} MB. Please send a smaller photo.`,
      )
    case "LIMIT_UNEXPECTED_FILE":
      return badUpload(
        `${field ?? "file"}: unexpected file field; send ${endpoint.files.map((f) => `"${f}"`).join(" or ")}`,
      )
    case "LIMIT_FILE_COUNT":
      return badUpload(`Too many files: send at most ${endpoint.maxFiles}`)
    default:
      return badUpload(`The upload was refused: ${(error as Error).message}`)
  }
}

/**
 * Files written to temporary files as they arrive (never kept in memory), but `beforeFile` is
 * asked first, when a file's part begins (the text fields sent before it are on `req.body`): an
 * answer from it stops the parse before a byte of the file is written. multer deletes the files
 * of a parse it stops (a file over the limit, a second refusal, a client gone); the middleware
 * deletes the others with its answer.
 */
const checkedDiskStorage = (
  beforeFile: (fields: Readonly<Record<string, unknown>>) => Promise<UploadAnswer | undefined>,
): StorageEngine => ({
  _handleFile: (
    req: IncomingMessage & { body?: Record<string, unknown> },
    file: { stream: Readable; path?: string },
    done: (error: unknown, info?: { path: string; size: number }) => void,
  ) => {
    beforeFile({ ...req.body }).then(
      (answer) => {
        if (answer) {
          file.stream.resume()
          done(answer)
          return
        }
        const path = join(tmpdir(), `${UPLOAD_FILE_PREFIX}${randomUUID()}`)
        // Only the server's user reads it; `wx`: never an existing file.
        const written = createWriteStream(path, { flags: "wx", mode: 0o600 })
        // Set now, so a parse stopped while the file is being written deletes it too.
        file.path = path
        const finished = (error: unknown) => {
          // Deleted meanwhile by a stopped parse (file.path cleared): gone for good, even if the
          // file was only created after that deletion.
          const removed = file.path === undefined
          if (error !== undefined || removed) {
            void rm(path, { force: true }).finally(() =>
              error === undefined ? done(null, { path, size: written.bytesWritten }) : done(error),
            )
            return
          }
          done(null, { path, size: written.bytesWritten })
        }
        pipeline(file.stream, written).then(
          () => finished(undefined),
          (error: unknown) => finished(error ?? new Error("the upload could not be written")),
        )
      },
      (error: unknown) => {
        file.stream.resume()
        done(error)
      },
    )
  },
  _removeFile: (_req: unknown, file: { path?: string }, done: (error: null) => void) => {
    const { path } = file
    delete file.path
    if (path === undefined) {
      done(null)
      return
    }
    void rm(path, { force: true })
      .catch(() => {})
      .finally(() => done(null))
  },
})

/** Every temporary file a parse left, deleted (the answer has been decided). */
const removeAll = (paths: ReadonlyArray<string>) =>
  Promise.all(paths.map((path) => rm(path, { force: true }).catch(() => {})))

const parse = async (
  ctx: Context,
  endpoint: UploadEndpoint,
  beforeFile: (fields: Readonly<Record<string, unknown>>) => Promise<UploadAnswer | undefined>,
) => {
  const parser = multer({
    storage: checkedDiskStorage(beforeFile),
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: endpoint.maxFiles,
      fields: 20,
      fieldSize: 4096,
      fieldNameSize: 100,
      parts: 24,
      headerPairs: 100,
      // No `a[b]` field names: every field is a flat string, as in the JSON shape.
      fieldNestingDepth: 0,
    },
  }).fields(endpoint.files.map((name) => ({ name, maxCount: 1 })))
  try {
    await parser(ctx, () => Promise.resolve())
  } catch (error) {
    if (error instanceof UploadAnswer) throw error
    throw refusalOf(error, endpoint)
  }
  const files = (
    ctx.request as { files?: Partial<Record<string, ReadonlyArray<{ readonly path: string }>>> }
  ).files
  /** The temporary file of the file sent under `name`, if one was. */
  const fileOf = (name: string) => files?.[name]?.[0]?.path
  const paths = Object.values(files ?? {}).flatMap((sent) => (sent ?? []).map((f) => f.path))
  // Text fields as a plain object (multer's has no prototype).
  const fields: Record<string, unknown> = { ...(ctx.request.body as object | undefined) }
  return { fields, fileOf, paths }
}

const isMultipart = (ctx: Context) => ctx.request.is("multipart/form-data") !== false

const mayCall = (caller: Caller | undefined, endpoint: UploadEndpoint, path: string) => {
  const member = caller?.member
  if (member == null) return false
  switch (endpoint.access) {
    case "member":
      return true
    case "admin":
      return member.isAdmin
    case "owner":
      return endpoint.path.exec(path)?.[1] === member.id
  }
}

/** Reads and drops what is left of the request body, so an early answer reaches the client. */
const drained = (req: IncomingMessage) =>
  new Promise<void>((resolve) => {
    if (req.readableEnded || req.destroyed) {
      resolve()
      return
    }
    req.once("end", () => resolve())
    req.once("close", () => resolve())
    req.once("error", () => resolve())
    req.resume()
  })

const isChallengeId = Schema.is(Id)

/** Places in the upload queue: taken when a file's part begins, given back with the answer. */
const makeQueue = (places: number) => {
  let taken = 0
  return {
    take: () => {
      if (taken >= places) return false
      taken += 1
      return true
    },
    giveBack: () => {
      taken -= 1
    },
  }
}

/**
 * Turns at image work: `places` at once, the others wait in the order they came. A turn covers
 * reading the upload back from its temporary file and processing it, so the bytes of uploads
 * waiting their turn stay on disk.
 */
const makeTurns = (places: number) => {
  let free = places
  const waiting: Array<() => void> = []
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else free += 1
  }
  return async <A>(work: () => Promise<A>): Promise<A> => {
    if (free > 0) free -= 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      release()
    }
  }
}

/**
 * The middleware. `runtime` is the app's: the composition root provides ImageStore and the
 * repositories to it, as it provides every route's services (app.ts runs route handlers on it the
 * same way). `rateLimiters` are the app's (the "upload" limit); `limits` the queue's.
 */
export const multipartUploads = <R>(
  runtime: ManagedRuntime.ManagedRuntime<R, unknown>,
  rateLimiters: RateLimiters,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Middleware => {
  const run = <A, E, S>(effect: Effect.Effect<A, E, S>) =>
    runtime.runPromiseExit(effect as unknown as Effect.Effect<A, E, R>)
  const queue = makeQueue(limits.queue)
  const inTurn = makeTurns(IMAGE_THREADS)

  /** The domain's refusal of an effect that failed, as an answer; a defect is thrown. */
  const answerOf = (exit: Exit.Exit<unknown, unknown>): UploadAnswer | undefined => {
    if (Exit.isSuccess(exit)) return undefined
    const failure = exit.cause.reasons.find(Cause.isFailReason)
    if (failure && isDomainError(failure.error)) {
      const { status, body } = domainErrorResponse(failure.error)
      return new UploadAnswer(status, body, {}, failure.error)
    }
    throw new Error(Cause.pretty(exit.cause))
  }

  /** Whether the member may enter the contest `challenge_id` names now (nothing written). */
  const eligibility = async (memberId: string, fields: Readonly<Record<string, unknown>>) => {
    const contestId = fields.challenge_id
    // A missing or malformed id is the route's 400 to give, with the other fields' faults.
    if (!isChallengeId(contestId)) return undefined
    return answerOf(await run(checkEntryEligibility({ memberId, contestId })))
  }

  const answer = async (ctx: Context, sent: UploadAnswer) => {
    await drained(ctx.req)
    ctx.status = sent.status
    ctx.body = sent.refusal
      ? domainErrorResponse(sent.refusal, requestLanguage(ctx)).body
      : sent.body
    for (const [name, value] of Object.entries(sent.headers)) ctx.set(name, value)
  }

  const upload = async (ctx: Context, next: Next) => {
    const endpoint = isMultipart(ctx)
      ? [SUBMISSION, LINE_ART, AVATAR, PREMIUM_PAGE, LINE_ART_REQUEST].find((candidate) =>
          candidate.path.test(ctx.path),
        )
      : undefined
    const caller = ctx.state.caller as Caller | undefined
    const member = caller?.member
    if (!endpoint || !member || !mayCall(caller, endpoint, ctx.path)) {
      await next()
      return
    }
    const verdict = await rateLimiters("upload", caller.ip, member.id)
    if (!verdict.allowed) {
      await answer(
        ctx,
        new UploadAnswer(
          429,
          {
            code: "RATE_LIMITED",
            message: refusalMessageIn(
              "RATE_LIMITED",
              "Too many uploads. Please wait and try again.",
              requestLanguage(ctx),
            ),
          },
          { "Retry-After": String(verdict.retryAfterSeconds) },
        ),
      )
      return
    }

    let queued = false
    let eligible = false
    /** The parse's temporary files, deleted with the answer. */
    let temporary: ReadonlyArray<string> = []
    try {
      const beforeFile = async (fields: Readonly<Record<string, unknown>>) => {
        if (queued) return undefined
        if (endpoint === SUBMISSION && fields.challenge_id !== undefined) {
          const refused = await eligibility(member.id, fields)
          if (refused) return refused
          eligible = isChallengeId(fields.challenge_id)
        }
        if (!queue.take()) {
          return new UploadAnswer(
            503,
            {
              code: "UPLOADS_BUSY",
              message: `We are processing many uploads right now. Please try again in ${limits.retryAfterSeconds} seconds.`,
            },
            { "Retry-After": String(limits.retryAfterSeconds) },
          )
        }
        queued = true
        return undefined
      }
      let parsed: Awaited<ReturnType<typeof parse>>
      try {
        parsed = await parse(ctx, endpoint, beforeFile)
      } catch (error) {
        if (!(error instanceof UploadAnswer)) throw error
        await answer(ctx, error)
        return
      }
      const { fields, fileOf } = parsed
      temporary = parsed.paths

      if (endpoint !== SUBMISSION) {
        // The route gets each file sent under its field's name beside the text fields, read
        // back in its turn: the route does the image work, so the turn lasts until it answers.
        await inTurn(async () => {
          const sent = await Promise.all(
            endpoint.files.flatMap((name) => {
              const path = fileOf(name)
              return path ? [readFile(path).then((bytes) => [name, bytes] as const)] : []
            }),
          )
          ctx.request.body = { ...fields, ...Object.fromEntries(sent) }
          await next()
        })
        return
      }

      const photo = fileOf("image") ?? fileOf("file")
      if (!photo) throw badUpload('image: attach the photo as the multipart file field "image"')
      // No image work for an entry that names no contest.
      if (!isChallengeId(fields.challenge_id)) {
        throw badUpload(
          fields.challenge_id === undefined
            ? "challenge_id: send the id of the contest to enter"
            : "challenge_id: not a contest id (1 to 64 letters, digits, - or _)",
        )
      }
      // The photo came before challenge_id: checked now, still before any image work.
      const refused = eligible ? undefined : await eligibility(member.id, fields)
      if (refused) {
        await answer(ctx, refused)
        return
      }
      // Its bytes are read in its turn and freed with it: the route's work holds none. The store
      // writes them out and keeps no reference, so they are freed the moment it ends rather than
      // at the next full collection (release-bytes.ts); not after an interruption, since sharp
      // may still be reading them then.
      const stored = await inTurn(async () => {
        const bytes = await readFile(photo)
        const exit = await run(
          Effect.gen(function* () {
            return yield* (yield* ImageStore).store(bytes, "entry")
          }),
        )
        if (!Exit.hasInterrupts(exit)) releaseBytes(bytes)
        return exit
      })
      if (Exit.isFailure(stored)) {
        const refusal = answerOf(stored)
        if (refusal) await answer(ctx, refusal)
        return
      }
      const key = stored.value.key
      // The JSON shape, with our key as the already stored image (any file_path sent is ignored).
      ctx.request.body = { ...fields, file_path: key }
      let entered = false
      try {
        await next()
        entered = ctx.status >= 200 && ctx.status < 300
      } finally {
        if (!entered) {
          await run(
            Effect.gen(function* () {
              yield* (yield* ImageStore).remove(key)
            }),
          )
        }
      }
    } finally {
      await removeAll(temporary)
      if (queued) queue.giveBack()
    }
  }
  // Uploads are POSTs: any other request goes straight on, without this wrapper's promise.
  return (ctx, next) => (ctx.method === "POST" ? upload(ctx, next) : next())
}
