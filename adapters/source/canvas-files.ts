import { createHash, randomUUID } from "node:crypto"
import { lstat, mkdir, readdir, realpath, rename, rm, writeFile } from "node:fs/promises"
import { basename, dirname, join, resolve } from "node:path"
import { PathOutsideCanvas } from "../../domain/editing/source-rewriter.port.ts"
import { canvasPathOf } from "./codebase-id.ts"

/** The content hash of a file as clients send it back: hex SHA-256 of its UTF-8 text. */
export const contentHash = (text: string) => createHash("sha256").update(text, "utf8").digest("hex")

/** Folders never searched for source: dependencies, build output, our own state, dot-folders. */
const SKIPPED = new Set(["node_modules", "dist", "build", "coverage", "out"])

/** Files whose JSX elements carry codebase ids. */
export const isJsxSource = (name: string) =>
  (name.endsWith(".tsx") || name.endsWith(".jsx")) && !name.endsWith(".d.tsx")

type Listed = ReadonlyArray<readonly [string, { readonly size: number; readonly mtimeMs: number }]>

/**
 * Every JSX source file under the root, relative and `/`-separated, with its size and mtime, in
 * the order of a depth-first walk. A folder's entries are looked at all at once (every request
 * refreshes the canvas: one round trip per folder level, not per file).
 */
export const listSources = async (root: string) => {
  const walk = async (dir: string): Promise<Listed> => {
    const entries = await readdir(dir, { withFileTypes: true })
    const listed = await Promise.all(
      entries.map(async (entry): Promise<Listed> => {
        if (entry.name.startsWith(".")) return []
        const full = join(dir, entry.name)
        // Symbolic links are not followed: they could lead outside the canvas.
        if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : walk(full)
        if (!entry.isFile() || !isJsxSource(entry.name)) return []
        const stats = await lstat(full)
        const path = canvasPathOf(root, full)
        return path ? [[path, { size: stats.size, mtimeMs: stats.mtimeMs }]] : []
      }),
    )
    return listed.flat()
  }
  return new Map(await walk(root))
}

/** The real path of `path`: links resolved, and for a path that does not exist, its parent's. */
const realPathOf = async (path: string): Promise<string> => {
  try {
    return await realpath(path)
  } catch {
    const parent = dirname(path)
    return parent === path ? path : join(await realPathOf(parent), basename(path))
  }
}

/**
 * The absolute path of a canvas file named by a relative path, refused when it (or the file its
 * links resolve to, or for a file not there yet its folder's) lies outside the canvas root.
 */
export const insideCanvas = async (root: string, path: string): Promise<string> => {
  const absolute = resolve(root, path)
  if (canvasPathOf(root, absolute) === null) throw new PathOutsideCanvas({ path })
  if (canvasPathOf(root, await realPathOf(absolute)) === null) throw new PathOutsideCanvas({ path })
  return absolute
}

/** The file system calls writes go through; tests pass failing ones. */
export interface FileOps {
  readonly writeFile: (
    path: string,
    data: string | Uint8Array,
    options: { readonly flag: "wx" },
  ) => Promise<void>
  readonly rename: (from: string, to: string) => Promise<void>
  readonly rm: (path: string, options: { readonly force: true }) => Promise<void>
}

export const nodeFileOps: FileOps = { writeFile, rename, rm }

const temporaryFor = (file: string) => join(dirname(file), `.${basename(file)}.${randomUUID()}.tmp`)

/** Writes a file so readers see all of it or nothing: a temporary file beside it, then a rename. */
export const writeAtomically = async (
  file: string,
  data: string | Uint8Array,
  ops: FileOps = nodeFileOps,
) => {
  const temporary = temporaryFor(file)
  try {
    await ops.writeFile(temporary, data, { flag: "wx" })
    await ops.rename(temporary, file)
  } catch (error) {
    await ops.rm(temporary, { force: true })
    throw error
  }
}

/**
 * One file of a group replace: its new text (null removes it), and the bytes it holds now, to put
 * back (null when it does not exist yet: putting back removes it).
 */
export interface Replacement {
  readonly file: string
  readonly text: string | null
  readonly previous: Uint8Array | null
}

/**
 * Replaces several files all or nothing: every new text goes to a temporary file first, then each
 * is renamed into place (or the file removed); when a step fails, the files already replaced get
 * their previous bytes back (or are removed again) and no temporary file is left. Answers a
 * rollback that puts every previous byte back, for a later step of the same change that fails
 * (writing the history), given that step's error.
 */
export const replaceFiles = async (
  replacements: ReadonlyArray<Replacement>,
  ops: FileOps = nodeFileOps,
): Promise<{ readonly rollback: (cause: unknown) => Promise<void> }> => {
  const restore = async (done: ReadonlyArray<Replacement>, cause: unknown) => {
    const failed: Array<string> = []
    for (const { file, previous } of done) {
      const putBack =
        previous === null ? ops.rm(file, { force: true }) : writeAtomically(file, previous, ops)
      await putBack.catch(() => failed.push(file))
    }
    if (failed.length > 0) {
      throw new AggregateError(
        [cause],
        `A multi-file write failed and ${failed.join(", ")} could not be restored`,
      )
    }
  }
  const temporaries = replacements.map(({ file }) => temporaryFor(file))
  const renamed: Array<Replacement> = []
  try {
    for (const [index, { file, text, previous }] of replacements.entries()) {
      if (text === null) continue
      // A file that exists has its folder; a new one may need it made.
      if (previous === null) await mkdir(dirname(file), { recursive: true })
      await ops.writeFile(temporaries[index]!, text, { flag: "wx" })
    }
    for (const [index, replacement] of replacements.entries()) {
      if (replacement.text === null) await ops.rm(replacement.file, { force: true })
      else await ops.rename(temporaries[index]!, replacement.file)
      renamed.push(replacement)
    }
  } catch (error) {
    for (const temporary of temporaries) {
      await ops.rm(temporary, { force: true }).catch(() => undefined)
    }
    await restore(renamed, error)
    throw error
  }
  return { rollback: (cause) => restore(replacements, cause) }
}
