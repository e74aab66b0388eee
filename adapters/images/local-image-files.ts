import { readdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { ImageFiles } from "../../domain/submissions/image-files.port.ts"
import type { ImageKind } from "../../domain/submissions/image-store.port.ts"
import { parseKey } from "./image-keys.ts"

/** The kinds' folders under the store's directory (local-image-store.ts). */
const KINDS: ReadonlyArray<ImageKind> = ["entry", "line-art", "avatar"]

/** A temporary file of writeAtomically: `.<name>.<uuid>.tmp`. */
const isTemporary = (name: string) => name.startsWith(".") && name.endsWith(".tmp")

const isMissing = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT"

/** A folder's file names; none when the folder does not exist (nothing stored yet). */
const namesIn = (dir: string) =>
  readdir(dir).catch((error: unknown) => {
    if (isMissing(error)) return []
    throw error
  })

/** When the file was last written; undefined when it is gone (removed meanwhile). */
const writtenAt = (path: string) =>
  stat(path).then(
    (found) => found.mtimeMs,
    (error: unknown) => {
      if (isMissing(error)) return undefined
      throw error
    },
  )

/** The files of the local image store under `dir` (DATA_DIR/images). */
export const makeLocalImageFiles = (dir: string) =>
  ImageFiles.of({
    imagesBefore: (kind, before) =>
      Effect.promise(async () => {
        const folder = join(dir, kind)
        // Files by image id, with the newest write among them.
        const images = new Map<string, { keys: Array<string>; newest: number }>()
        for (const name of await namesIn(folder)) {
          const key = `${kind}/${name}`
          const parsed = parseKey(key)
          if (!parsed) continue
          const at = await writtenAt(join(folder, name))
          if (at === undefined) continue
          const image = images.get(parsed.id) ?? { keys: [], newest: 0 }
          image.keys.push(key)
          image.newest = Math.max(image.newest, at)
          images.set(parsed.id, image)
        }
        return [...images.values()].filter((image) => image.newest < before).map((i) => i.keys)
      }),
    removeTemporaryBefore: (before) =>
      Effect.promise(async () => {
        let removed = 0
        for (const kind of KINDS) {
          const folder = join(dir, kind)
          for (const name of await namesIn(folder)) {
            if (!isTemporary(name)) continue
            const at = await writtenAt(join(folder, name))
            if (at === undefined || at >= before) continue
            await rm(join(folder, name), { force: true })
            removed += 1
          }
        }
        return removed
      }),
  })

/** The ImageFiles port over the local image store's folder. */
export const layerLocalImageFiles = (dir: string) =>
  Layer.succeed(ImageFiles, makeLocalImageFiles(dir))
