import { randomUUID } from "node:crypto"
import { Effect, Layer, Option, Semaphore } from "effect"
import sharp, { type Metadata } from "sharp"
import { ImageFiles } from "../../domain/submissions/image-files.port.ts"
import {
  type ImageKind,
  type ImageSize,
  ImageStore,
  type StoredImage,
  UnsupportedImage,
} from "../../domain/submissions/image-store.port.ts"
import type { ImageObjects } from "./image-objects.ts"
import {
  parseKey,
  renditionKeys,
  renditionsOfKey,
  shareKeyOf,
  SUFFIXES,
  type Suffix,
} from "./image-keys.ts"
import { CONTENT_TYPES, inspectImage, looksLikePdf } from "./inspect-image.ts"
import { releaseBytes } from "./release-bytes.ts"
import { checkPrintPdf } from "./line-art-pdf.ts"
import {
  IMAGE_THREADS,
  renderAvatar,
  renderEntryPhoto,
  renderLineArt,
  renderShareImage,
} from "./process-image.ts"

const contentTypeOf = (suffix: Suffix) => {
  const extension = suffix.slice(suffix.lastIndexOf(".") + 1) as keyof typeof CONTENT_TYPES
  return CONTENT_TYPES[extension]
}

const PDF_AS_PAGE =
  "A PDF cannot be the page itself: we cannot turn a PDF into the picture the site shows. Please send the page as a PNG, with the PDF as its print version."

/**
 * Images being processed at once by one store: as many as there are threads for them
 * (IMAGE_THREADS, half the cores); each image's renditions are made one after another.
 */
const PROCESSING_AT_ONCE = IMAGE_THREADS

/** Sizes of files read (a key's file never changes): enough for every entry on a few pages. */
const SIZES_KEPT = 4096

/**
 * The ImageStore over a place for files (a local folder or an S3 bucket; image-objects.ts), keys
 * as in image-keys.ts. The bytes are checked by content and every rendition is made in memory
 * before anything is written, so a refused upload leaves nothing behind; each file is written
 * whole or not at all, and if one write fails the others are deleted. Storage failures are
 * defects, not domain errors. The store keeps no reference to the bytes it is given, and frees
 * the renditions it made once they are written (release-bytes.ts): a caller that owns the upload
 * may free it as soon as `store` ends.
 */
export const makeImageStore = (
  objects: ImageObjects,
  options: {
    /** IMAGE_PUBLIC_URL: the base address the files are served from (a CDN), if not from here. */
    readonly publicUrl?: string | undefined
  } = {},
) => {
  const publicBase = options.publicUrl?.replace(/\/+$/, "")
  // Decoding a 40 MP photo holds a few hundred MB for a moment: a few at a time, the rest wait.
  const processing = Semaphore.makeUnsafe(PROCESSING_AT_ONCE)
  const processed = <A, E>(effect: Effect.Effect<A, E>) => Semaphore.withPermit(processing, effect)

  // A file's name is never reused for other pixels, so its size is read once (the header only).
  const sizes = new Map<string, ImageSize>()
  const remember = (key: string, size: ImageSize) => {
    sizes.set(key, size)
    for (const oldest of sizes.keys()) {
      if (sizes.size <= SIZES_KEPT) break
      sizes.delete(oldest)
    }
    return size
  }
  const sizeOf = (key: string) =>
    Effect.gen(function* () {
      const known = sizes.get(key)
      if (known) return Option.some(known)
      if (parseKey(key) === undefined) return Option.none<ImageSize>()
      const metadata = yield* Effect.tryPromise({
        try: async () => {
          const bytes = await objects.get(key)
          if (bytes === undefined) throw new Error(`no file ${key}`)
          return sharp(bytes).metadata()
        },
        catch: (error) => error,
      }).pipe(
        Effect.map(Option.some),
        // No file (or one sharp cannot read): no size to tell.
        Effect.orElseSucceed(() => Option.none<Metadata>()),
      )
      if (Option.isNone(metadata) || !metadata.value.width || !metadata.value.height) {
        return Option.none<ImageSize>()
      }
      return Option.some(
        remember(key, { width: metadata.value.width, height: metadata.value.height }),
      )
    })

  const removeAll = (kind: ImageKind, id: string) =>
    objects.remove(SUFFIXES.map((suffix) => `${kind}/${id}${suffix}`))

  const writeOne = (key: string, suffix: Suffix, bytes: Uint8Array) =>
    Effect.promise(() => objects.put(key, bytes, contentTypeOf(suffix)))

  const writeAll = (
    kind: ImageKind,
    id: string,
    files: ReadonlyArray<readonly [Suffix, Uint8Array]>,
  ) =>
    Effect.promise(async () => {
      const written = await Promise.allSettled(
        files.map(([suffix, bytes]) =>
          objects.put(`${kind}/${id}${suffix}`, bytes, contentTypeOf(suffix)),
        ),
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
        if (kind === "avatar") {
          const made = yield* processed(renderAvatar(bytes))
          yield* writeAll(kind, id, [[".webp", made.bytes]])
          releaseBytes(made.bytes)
          const stored: StoredImage = {
            key: keys.display,
            format: made.format,
            width: made.width,
            height: made.height,
            renditions: keys,
          }
          return stored
        }
        if (kind === "entry") {
          const made = yield* processed(renderEntryPhoto(bytes))
          yield* writeAll(kind, id, [
            [".original.jpg", made.original.bytes],
            [".thumb.webp", made.thumbnail.bytes],
            [".webp", made.display.bytes],
          ])
          releaseBytes(made.original.bytes, made.display.bytes, made.thumbnail.bytes)
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
        releaseBytes(made.page.bytes, made.thumbnail.bytes)
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
        const bytes = yield* Effect.promise(() => objects.get(key))
        return bytes === undefined
          ? Option.none()
          : Option.some({ bytes, contentType: contentTypeOf(parsed.suffix) })
      }),
    renditionsOf: (key) => Option.fromNullishOr(renditionsOfKey(key)),
    publicUrlOf: (key) =>
      publicBase === undefined || parseKey(key) === undefined
        ? Option.none()
        : Option.some(`${publicBase}/${key}`),
    remove: (key) =>
      Effect.gen(function* () {
        const parsed = parseKey(key)
        if (!parsed) return
        for (const known of [...sizes.keys()]) {
          if (parseKey(known)?.id === parsed.id) sizes.delete(known)
        }
        yield* Effect.promise(() => removeAll(parsed.kind, parsed.id))
      }),
    size: sizeOf,
    shareImage: (key) =>
      Effect.gen(function* () {
        const shareKey = shareKeyOf(key)
        const display = renditionsOfKey(key)?.display
        if (shareKey === undefined || display === undefined) return Option.none()
        const kept = yield* sizeOf(shareKey)
        if (Option.isSome(kept)) return Option.some({ key: shareKey, ...kept.value })
        const source = yield* Effect.promise(() => objects.get(display))
        if (source === undefined) return Option.none()
        // Two first requests at once both make it; either whole file is the one kept.
        const made = yield* processed(renderShareImage(source)).pipe(Effect.option)
        // A display file that no longer decodes has no share image (pages fall back to it).
        if (Option.isNone(made)) return Option.none()
        const parsed = parseKey(shareKey)
        if (parsed) yield* writeOne(shareKey, parsed.suffix, made.value.bytes)
        const size = remember(shareKey, { width: made.value.width, height: made.value.height })
        return Option.some({ key: shareKey, ...size })
      }),
  })
}

/** The stored files as files, for the orphan sweep (domain/jobs/sweep-orphan-images). */
export const makeImageFiles = (objects: ImageObjects) =>
  ImageFiles.of({
    imagesBefore: (kind, before) =>
      Effect.promise(async () => {
        // Files by image id, with the newest write among them.
        const images = new Map<string, { keys: Array<string>; newest: number }>()
        for (const file of await objects.list(kind)) {
          const parsed = parseKey(file.key)
          if (!parsed) continue
          const image = images.get(parsed.id) ?? { keys: [], newest: 0 }
          image.keys.push(file.key)
          image.newest = Math.max(image.newest, file.writtenAt)
          images.set(parsed.id, image)
        }
        return [...images.values()].filter((image) => image.newest < before).map((i) => i.keys)
      }),
    removeTemporaryBefore: (before) => Effect.promise(() => objects.removeUnfinishedBefore(before)),
  })

/** The ImageStore and ImageFiles ports over one place for files. */
export const layerImageStorage = (
  objects: ImageObjects,
  options: { readonly publicUrl?: string | undefined } = {},
) =>
  Layer.merge(
    Layer.succeed(ImageStore, makeImageStore(objects, options)),
    Layer.succeed(ImageFiles, makeImageFiles(objects)),
  )
