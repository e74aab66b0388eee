import multer, { type File } from "@koa/multer"
import { Cause, Effect, Exit, type ManagedRuntime } from "effect"
import type { Context, Middleware } from "koa"
import { ImageStore } from "../../domain/submissions/image-store.port.ts"
import { MAX_IMAGE_BYTES } from "../images/inspect-image.ts"
import { domainErrorResponse, HttpRefusal, isDomainError } from "./http-errors.ts"
import type { Caller } from "./route.ts"

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
 */

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

const parse = async (ctx: Context, endpoint: UploadEndpoint) => {
  const parser = multer({
    storage: multer.memoryStorage(),
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
    throw refusalOf(error, endpoint)
  }
  const files = (ctx.request as { files?: Partial<Record<string, ReadonlyArray<File>>> }).files
  const fileOf = (name: string) => files?.[name]?.[0]?.buffer
  // Text fields as a plain object (multer's has no prototype).
  const fields: Record<string, unknown> = { ...(ctx.request.body as object | undefined) }
  return { fields, fileOf }
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

/**
 * The middleware. `runtime` is the app's: the composition root provides ImageStore to it, as it
 * provides every route's services (app.ts runs route handlers on it the same way).
 */
export const multipartUploads = <R>(
  runtime: ManagedRuntime.ManagedRuntime<R, unknown>,
): Middleware => {
  const run = <A, E>(effect: Effect.Effect<A, E, ImageStore>) =>
    runtime.runPromiseExit(effect as unknown as Effect.Effect<A, E, R>)

  return async (ctx, next) => {
    const endpoint =
      ctx.method === "POST" && isMultipart(ctx)
        ? [SUBMISSION, LINE_ART, AVATAR].find((candidate) => candidate.path.test(ctx.path))
        : undefined
    if (!endpoint || !mayCall(ctx.state.caller as Caller | undefined, endpoint, ctx.path)) {
      await next()
      return
    }
    const { fields, fileOf } = await parse(ctx, endpoint)

    if (endpoint === LINE_ART || endpoint === AVATAR) {
      const image = fileOf("image")
      const pdf = fileOf("pdf")
      ctx.request.body = { ...fields, ...(image ? { image } : {}), ...(pdf ? { pdf } : {}) }
      await next()
      return
    }

    const photo = fileOf("image") ?? fileOf("file")
    if (!photo) throw badUpload('image: attach the photo as the multipart file field "image"')
    const stored = await run(
      Effect.gen(function* () {
        return yield* (yield* ImageStore).store(photo, "entry")
      }),
    )
    if (Exit.isFailure(stored)) {
      const failure = stored.cause.reasons.find(Cause.isFailReason)
      if (failure && isDomainError(failure.error)) {
        const { status, body } = domainErrorResponse(failure.error)
        ctx.status = status
        ctx.body = body
        return
      }
      throw new Error(Cause.pretty(stored.cause))
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
  }
}
