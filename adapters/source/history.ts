import { mkdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { Result, Schema, SchemaIssue } from "effect"
import { FileConflict } from "../../domain/editing/source-rewriter.port.ts"
import { nodeFileOps, writeAtomically, type FileOps } from "./canvas-files.ts"

const SpliceSchema = Schema.Struct({
  start: Schema.Int,
  end: Schema.Int,
  text: Schema.String,
})

/** One file of a recorded change: its hashes before and after, and the patches between them. */
const FilePatchSchema = Schema.Struct({
  path: Schema.String,
  beforeHash: Schema.String,
  afterHash: Schema.String,
  /** Splices that turn the before text into the after text (redo). */
  forward: Schema.Array(SpliceSchema),
  /** Splices that turn the after text back into the before text (undo). */
  inverse: Schema.Array(SpliceSchema),
  /** The change created the file (extraFiles of an add): undo removes it, redo creates it again. */
  created: Schema.optional(Schema.Boolean),
})

const HistoryEntrySchema = Schema.Struct({
  id: Schema.String,
  label: Schema.String,
  at: Schema.String,
  files: Schema.Array(FilePatchSchema),
})

const HistoryStateSchema = Schema.Struct({
  undo: Schema.Array(HistoryEntrySchema),
  redo: Schema.Array(HistoryEntrySchema),
})

export type FilePatch = typeof FilePatchSchema.Type
export type HistoryEntry = typeof HistoryEntrySchema.Type
export type HistoryState = typeof HistoryStateSchema.Type

/** Changes kept for undo; older ones are forgotten. */
export const HISTORY_LIMIT = 500

export const historyDir = (root: string) => join(root, ".colorday", "history")
/** The history file, relative to the canvas root (as refusals name it). */
export const HISTORY_PATH = ".colorday/history/history.json"
const historyFile = (root: string) => join(root, HISTORY_PATH)

const isMissing = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT"

const decodeHistory = Schema.decodeUnknownResult(Schema.fromJsonString(HistoryStateSchema))
const formatIssue = SchemaIssue.makeFormatterDefault()

/**
 * The canvas's history as last written; empty when there is none. A history file that cannot be
 * read is refused with FileConflict naming it, before anything is written: an edit made without
 * it could not be undone, and writing over it would lose what it holds.
 */
export const readHistory = async (root: string): Promise<HistoryState> => {
  let raw: string
  try {
    raw = await readFile(historyFile(root), "utf8")
  } catch (error) {
    if (isMissing(error)) return { undo: [], redo: [] }
    throw error
  }
  const decoded = decodeHistory(raw)
  if (Result.isSuccess(decoded)) return decoded.success
  throw new FileConflict({
    path: HISTORY_PATH,
    reason: `the canvas's undo history is unreadable (${formatIssue(decoded.failure.issue)}); nothing was written. Repair the file, or move it aside to start a new history`,
  })
}

export const writeHistory = async (
  root: string,
  state: HistoryState,
  ops: FileOps = nodeFileOps,
) => {
  await mkdir(historyDir(root), { recursive: true })
  const kept: HistoryState = { undo: state.undo.slice(-HISTORY_LIMIT), redo: state.redo }
  await writeAtomically(historyFile(root), JSON.stringify(kept), ops)
}
