import { createHash, randomUUID } from "node:crypto"
import { lstat, readdir, realpath, rename, rm, writeFile } from "node:fs/promises"
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

/** Every JSX source file under the root, relative and `/`-separated, with its size and mtime. */
export const listSources = async (root: string) => {
  const found = new Map<string, { readonly size: number; readonly mtimeMs: number }>()
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true })
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue
      const full = join(dir, entry.name)
      // Symbolic links are not followed: they could lead outside the canvas.
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) await walk(full)
      } else if (entry.isFile() && isJsxSource(entry.name)) {
        const stats = await lstat(full)
        const path = canvasPathOf(root, full)
        if (path) found.set(path, { size: stats.size, mtimeMs: stats.mtimeMs })
      }
    }
  }
  await walk(root)
  return found
}

/**
 * The absolute path of a canvas file named by a relative path, refused when it (or, for an
 * existing file, the file its links resolve to) lies outside the canvas root.
 */
export const insideCanvas = async (root: string, path: string): Promise<string> => {
  const absolute = resolve(root, path)
  if (canvasPathOf(root, absolute) === null) throw new PathOutsideCanvas({ path })
  const real = await realpath(absolute).catch(() => absolute)
  if (canvasPathOf(root, real) === null) throw new PathOutsideCanvas({ path })
  return absolute
}

/** Writes a file so readers see all of it or nothing: a temporary file beside it, then a rename. */
export const writeAtomically = async (file: string, text: string) => {
  const temporary = join(dirname(file), `.${basename(file)}.${randomUUID()}.tmp`)
  try {
    await writeFile(temporary, text, { flag: "wx" })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
