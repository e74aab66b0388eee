import { randomUUID } from "node:crypto"
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises"
import { join } from "node:path"
import type { ImageKind } from "../../domain/submissions/image-store.port.ts"
import { parseKey } from "./image-keys.ts"

/**
 * Where an image store keeps its files, by key (`entry/<uuid>.webp`; image-keys.ts): a local
 * folder (the embedded default) or an S3 bucket (s3-image-objects.ts). The image rules (checks,
 * renditions, share images, all-or-nothing writes) live once, in image-store.ts, over this.
 * Failures are rejections: the store turns them into defects.
 */
export interface ImageObjects {
  /** Where the files are, for logs and the README: `folder data/images`, `s3 bucket/prefix`. */
  readonly description: string
  /**
   * Writes one file so readers see all of it or nothing. Keeps no reference to `bytes` once it
   * settles: the image store frees them then (release-bytes.ts).
   */
  readonly put: (key: string, bytes: Uint8Array, contentType: string) => Promise<void>
  /** The file's bytes; undefined when there is none. */
  readonly get: (key: string) => Promise<Uint8Array | undefined>
  /** Deletes these files; a missing one is no error. */
  readonly remove: (keys: ReadonlyArray<string>) => Promise<void>
  /** Every file of one kind with when it was last written (ms since the epoch). */
  readonly list: (
    kind: ImageKind,
  ) => Promise<ReadonlyArray<{ readonly key: string; readonly writtenAt: number }>>
  /**
   * Deletes what an interrupted write left behind that was started before `before` (a local
   * temporary file); answers how many. A store whose writes leave nothing behind answers 0.
   */
  readonly removeUnfinishedBefore: (before: number) => Promise<number>
}

/** The kinds' folders (or key prefixes). */
export const IMAGE_KINDS: ReadonlyArray<ImageKind> = ["entry", "line-art", "avatar"]

const isMissing = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT"

/** A temporary file of a local write: `.<name>.<uuid>.tmp`. */
const isTemporary = (name: string) => name.startsWith(".") && name.endsWith(".tmp")

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

/**
 * Files under `dir` (DATA_DIR/images): `<dir>/<kind>/<uuid><suffix>`. A write goes to a
 * temporary file first and is renamed into place, so a reader never sees half a file; a crash
 * can leave the temporary file, which `removeUnfinishedBefore` sweeps.
 */
export const localImageObjects = (dir: string): ImageObjects => {
  /** The path of a key of our shape; undefined for any other (path traversal included). */
  const pathOf = (key: string) => {
    const parsed = parseKey(key)
    return parsed ? join(dir, parsed.kind, `${parsed.id}${parsed.suffix}`) : undefined
  }
  return {
    description: `folder ${dir}`,
    put: async (key, bytes) => {
      const parsed = parseKey(key)
      if (!parsed) throw new Error(`not an image key: ${key}`)
      const folder = join(dir, parsed.kind)
      const name = `${parsed.id}${parsed.suffix}`
      await mkdir(folder, { recursive: true })
      const temporary = join(folder, `.${name}.${randomUUID()}.tmp`)
      try {
        await writeFile(temporary, bytes, { flag: "wx" })
        await rename(temporary, join(folder, name))
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    get: async (key) => {
      const path = pathOf(key)
      if (path === undefined) return undefined
      return readFile(path).then(
        (buffer) => new Uint8Array(buffer),
        (error: unknown) => {
          if (isMissing(error)) return undefined
          throw error
        },
      )
    },
    remove: async (keys) => {
      const paths = keys.map(pathOf).filter((path) => path !== undefined)
      await Promise.all(paths.map((path) => rm(path, { force: true })))
    },
    list: async (kind) => {
      const folder = join(dir, kind)
      const files: Array<{ key: string; writtenAt: number }> = []
      for (const name of await namesIn(folder)) {
        if (isTemporary(name)) continue
        const at = await writtenAt(join(folder, name))
        if (at !== undefined) files.push({ key: `${kind}/${name}`, writtenAt: at })
      }
      return files
    },
    removeUnfinishedBefore: async (before) => {
      let removed = 0
      for (const kind of IMAGE_KINDS) {
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
    },
  }
}
