import { randomUUID } from "node:crypto"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer, Option, Semaphore } from "effect"
import {
  type ImageKind,
  ImageStore,
  type StoredImage,
  UnsupportedImage,
} from "../../domain/submissions/image-store.port.ts"
import { parseKey, renditionKeys, renditionsOfKey, SUFFIXES, type Suffix } from "./image-keys.ts"
import { CONTENT_TYPES, inspectImage, looksLikePdf } from "./inspect-image.ts"
import { checkPrintPdf } from "./line-art-pdf.ts"
import { renderEntryPhoto, renderLineArt } from "./process-image.ts"

const contentTypeOf = (suffix: Suffix) => {
  const extension = suffix.slice(suffix.lastIndexOf(".") + 1) as keyof typeof CONTENT_TYPES
  return CONTENT_TYPES[extension]
}

/** Writes a file so readers see all of it or nothing: a temporary file, then a rename. */
const writeAtomically = async (dir: string, name: string, bytes: Uint8Array) => {
  await mkdir(dir, { recursive: true })
  const temporary = join(dir, `.${name}.${randomUUID()}.tmp`)
  try {
    await writeFile(temporary, bytes, { flag: "wx" })
    await rename(temporary, join(dir, name))
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

const isMissing = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT"

const PDF_AS_PAGE =
  "A PDF cannot be the page itself: we cannot turn a PDF into the picture the site shows. Please send the page as a PNG, with the PDF as its print version."

/** Images being processed at once by one store; each already uses several threads. */
const PROCESSING_AT_ONCE = 2

/**
 * Images as files under `dir` (DATA_DIR/images by default; file names in image-keys.ts). The bytes are checked by content
 * and every rendition is made in memory before anything is written, so a refused upload leaves
 * nothing behind; the files are then written atomically, and if one write fails the others are
 * deleted. Disk failures are defects, not domain errors.
 */
export const makeLocalImageStore = (dir: string) => {
  // Decoding a 40 MP photo holds a few hundred MB for a moment: a few at a time, the rest wait.
  const processing = Semaphore.makeUnsafe(PROCESSING_AT_ONCE)
  const processed = <A, E>(effect: Effect.Effect<A, E>) => Semaphore.withPermit(processing, effect)

  const removeAll = (kind: ImageKind, id: string) =>
    Promise.all(SUFFIXES.map((suffix) => rm(join(dir, kind, `${id}${suffix}`), { force: true })))

  const writeAll = (
    kind: ImageKind,
    id: string,
    files: ReadonlyArray<readonly [Suffix, Uint8Array]>,
  ) =>
    Effect.promise(async () => {
      const written = await Promise.allSettled(
        files.map(([suffix, bytes]) => writeAtomically(join(dir, kind), `${id}${suffix}`, bytes)),
      )
      const failed = written.find((result) => result.status === "rejected")
      if (failed) {
        // Every write has finished by now, so nothing lands after this clean-up.
        await removeAll(kind, id)
        throw failed.reason
      }
    })

  return ImageStore.of({
    store: (bytes, kind, options = {}) =>
      Effect.gen(function* () {
        if (kind === "line-art" && looksLikePdf(bytes)) {
          return yield* Effect.fail(new UnsupportedImage({ reason: PDF_AS_PAGE }))
        }
        yield* inspectImage(bytes)
        const id = randomUUID()
        const keys = renditionKeys(kind, id)
        if (kind === "entry") {
          const made = yield* processed(renderEntryPhoto(bytes))
          yield* writeAll(kind, id, [
            [".original.jpg", made.original.bytes],
            [".thumb.webp", made.thumbnail.bytes],
            [".webp", made.display.bytes],
          ])
          const stored: StoredImage = {
            key: keys.display,
            format: made.display.format,
            width: made.display.width,
            height: made.display.height,
            renditions: keys,
          }
          return stored
        }
        const printPdf = options.printPdf ? yield* checkPrintPdf(options.printPdf) : undefined
        const made = yield* processed(renderLineArt(bytes))
        yield* writeAll(kind, id, [
          [".thumb.webp", made.thumbnail.bytes],
          ...(printPdf ? [[".print.pdf", printPdf.bytes] as const] : []),
          [".png", made.page.bytes],
        ])
        const stored: StoredImage = {
          key: keys.display,
          format: made.page.format,
          width: made.page.width,
          height: made.page.height,
          renditions: { ...keys, printPdf: printPdf ? keys.printPdf : null },
        }
        return stored
      }),
    read: (key) =>
      Effect.gen(function* () {
        const parsed = parseKey(key)
        if (!parsed) return Option.none()
        const path = join(dir, parsed.kind, `${parsed.id}${parsed.suffix}`)
        const bytes = yield* Effect.tryPromise({
          try: () => readFile(path),
          catch: (error) => error,
        }).pipe(
          Effect.map((buffer) => Option.some(new Uint8Array(buffer))),
          Effect.catch((error) =>
            isMissing(error) ? Effect.succeed(Option.none()) : Effect.die(error),
          ),
        )
        return Option.map(bytes, (found) => ({
          bytes: found,
          contentType: contentTypeOf(parsed.suffix),
        }))
      }),
    renditionsOf: (key) => Option.fromNullishOr(renditionsOfKey(key)),
    remove: (key) =>
      Effect.gen(function* () {
        const parsed = parseKey(key)
        if (!parsed) return
        yield* Effect.promise(() => removeAll(parsed.kind, parsed.id))
      }),
  })
}

/** The ImageStore port over a local folder. */
export const layerLocalImageStore = (dir: string) =>
  Layer.succeed(ImageStore, makeLocalImageStore(dir))
