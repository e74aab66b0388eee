import { randomUUID } from "node:crypto"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer, Option } from "effect"
import { ImageStore, type StoredImage } from "../../domain/submissions/image-store.port.ts"
import { CONTENT_TYPES, type InspectedImage, inspectImage } from "./inspect-image.ts"

type Kind = "entry" | "line-art"
type Extension = InspectedImage["extension"]

/** The only keys we mint: `<kind>/<uuid>.<ext>`. Anything else is refused on read (no `..`). */
const KEY_PATTERN =
  /^(entry|line-art)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp|avif)$/

const parseKey = (key: string) => {
  const match = KEY_PATTERN.exec(key)
  return match
    ? { kind: match[1] as Kind, id: match[2] as string, ext: match[3] as Extension }
    : undefined
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

/**
 * Images as files under `dir` (DATA_DIR/images by default): `dir/entry/<uuid>.jpg`,
 * `dir/line-art/<uuid>.png`. The bytes are checked by content before anything is written; the
 * original is stored as sent. Disk failures are defects, not domain errors.
 */
export const makeLocalImageStore = (dir: string) =>
  ImageStore.of({
    store: (bytes, kind) =>
      Effect.gen(function* () {
        const image = yield* inspectImage(bytes)
        // Auto-orienting, stripping metadata and derived sizes will slot in here, between the
        // check and the write.
        const id = randomUUID()
        const name = `${id}.${image.extension}`
        yield* Effect.promise(() => writeAtomically(join(dir, kind), name, bytes))
        const stored: StoredImage = {
          key: `${kind}/${name}`,
          format: image.format,
          width: image.width,
          height: image.height,
        }
        return stored
      }),
    read: (key) =>
      Effect.gen(function* () {
        const parsed = parseKey(key)
        if (!parsed) return Option.none()
        const path = join(dir, parsed.kind, `${parsed.id}.${parsed.ext}`)
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
          contentType: CONTENT_TYPES[parsed.ext],
        }))
      }),
  })

/** The ImageStore port over a local folder. */
export const layerLocalImageStore = (dir: string) =>
  Layer.succeed(ImageStore, makeLocalImageStore(dir))
