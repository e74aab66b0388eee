import { mkdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { writeAtomically } from "./canvas-files.ts"
import type { Splice } from "./splices.ts"

/** One file of a recorded change: its hashes before and after, and the patches between them. */
export interface FilePatch {
  readonly path: string
  readonly beforeHash: string
  readonly afterHash: string
  /** Splices that turn the before text into the after text (redo). */
  readonly forward: ReadonlyArray<Splice>
  /** Splices that turn the after text back into the before text (undo). */
  readonly inverse: ReadonlyArray<Splice>
}

export interface HistoryEntry {
  readonly id: string
  readonly label: string
  readonly at: string
  readonly files: ReadonlyArray<FilePatch>
}

export interface HistoryState {
  readonly undo: ReadonlyArray<HistoryEntry>
  readonly redo: ReadonlyArray<HistoryEntry>
}

/** Changes kept for undo; older ones are forgotten. */
export const HISTORY_LIMIT = 500

export const historyDir = (root: string) => join(root, ".colorday", "history")
const historyFile = (root: string) => join(historyDir(root), "history.json")

const isMissing = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT"

const isSplice = (value: unknown): value is Splice =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Splice).start === "number" &&
  typeof (value as Splice).end === "number" &&
  typeof (value as Splice).text === "string"

const isSplices = (value: unknown): value is ReadonlyArray<Splice> =>
  Array.isArray(value) && (value as ReadonlyArray<unknown>).every(isSplice)

const isFilePatch = (value: unknown): value is FilePatch => {
  if (typeof value !== "object" || value === null) return false
  const patch = value as Record<string, unknown>
  return (
    typeof patch.path === "string" &&
    typeof patch.beforeHash === "string" &&
    typeof patch.afterHash === "string" &&
    isSplices(patch.forward) &&
    isSplices(patch.inverse)
  )
}

const isEntry = (value: unknown): value is HistoryEntry => {
  if (typeof value !== "object" || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.id === "string" &&
    Array.isArray(entry.files) &&
    (entry.files as ReadonlyArray<unknown>).every(isFilePatch)
  )
}

/** The canvas's history as last written; empty when there is none (or it is unreadable). */
export const readHistory = async (root: string): Promise<HistoryState> => {
  let raw: string
  try {
    raw = await readFile(historyFile(root), "utf8")
  } catch (error) {
    if (isMissing(error)) return { undo: [], redo: [] }
    throw error
  }
  const parsed = JSON.parse(raw) as { undo?: unknown; redo?: unknown }
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isEntry) : [])
  return { undo: list(parsed.undo), redo: list(parsed.redo) }
}

export const writeHistory = async (root: string, state: HistoryState) => {
  await mkdir(historyDir(root), { recursive: true })
  const kept: HistoryState = { undo: state.undo.slice(-HISTORY_LIMIT), redo: state.redo }
  await writeAtomically(historyFile(root), JSON.stringify(kept))
}
