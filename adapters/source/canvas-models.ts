import { lstat, readFile } from "node:fs/promises"
import { join } from "node:path"
import { Project, ts } from "ts-morph"
import {
  ElementNotFound,
  FileConflict,
  ResultDoesNotParse,
  type ChangedFile,
  type ElementRef,
  type MutationResult,
  type SeenFiles,
} from "../../domain/editing/source-rewriter.port.ts"
import { contentHash, listSources, replaceFiles, type FileOps } from "./canvas-files.ts"
import { writeHistory, type FilePatch, type HistoryState } from "./history.ts"
import {
  buildFileModel,
  elementsWithFingerprint,
  fingerprintOf,
  parseErrorsOf,
  parseText,
  scriptKindOf,
  type FileModel,
  type JsxInfo,
} from "./jsx-tree.ts"
import type { AppliedEdit } from "./splices.ts"

/** Ids of older versions kept to re-find elements a client still names by them. */
const PAST_IDS_KEPT = 50_000
/** Older file texts kept (by content hash) to re-resolve requests against a version seen. */
const VERSIONS_KEPT = 500

export interface Resolved {
  readonly file: FileModel
  readonly element: JsxInfo
}

interface Stat {
  readonly size: number
  readonly mtimeMs: number
}

/**
 * The models of one canvas's JSX files: a long-lived ts-morph project of them (parsed only, no
 * type checker), the codebase ids of their elements, and the versions clients may still refer
 * to; and the all-or-nothing write of new texts to disk.
 */
export class CanvasModels {
  readonly root: string
  private readonly project = new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve, allowJs: true },
  })
  readonly files = new Map<string, FileModel>()
  private readonly stats = new Map<string, Stat>()
  private readonly ids = new Map<string, string>()
  private readonly past = new Map<string, { readonly path: string; readonly hash: string }>()
  private readonly versions = new Map<string, string>()

  private readonly fileOps: FileOps

  constructor(root: string, fileOps: FileOps) {
    this.root = root
    this.fileOps = fileOps
  }

  private absolute(path: string) {
    return join(this.root, path)
  }

  private parse(path: string, text: string) {
    return this.project.createSourceFile(this.absolute(path), text, {
      overwrite: true,
      scriptKind: scriptKindOf(path),
    }).compilerNode
  }

  private retire(model: FileModel) {
    for (const element of model.elements) {
      if (this.ids.get(element.id) === model.path) this.ids.delete(element.id)
      this.past.delete(element.id)
      this.past.set(element.id, { path: model.path, hash: model.hash })
    }
    for (const id of this.past.keys()) {
      if (this.past.size <= PAST_IDS_KEPT) break
      this.past.delete(id)
    }
    this.versions.delete(model.hash)
    this.versions.set(model.hash, model.text)
    for (const hash of this.versions.keys()) {
      if (this.versions.size <= VERSIONS_KEPT) break
      this.versions.delete(hash)
    }
  }

  private install(model: FileModel) {
    const old = this.files.get(model.path)
    if (old) this.retire(old)
    this.files.set(model.path, model)
    for (const element of model.elements) {
      this.ids.set(element.id, model.path)
      this.past.delete(element.id)
    }
  }

  /** Brings the models up to date with the files on disk (only changed files are read). */
  async refresh() {
    const listed = await listSources(this.root)
    for (const [path, stat] of listed) {
      const known = this.stats.get(path)
      if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) continue
      const text = await readFile(this.absolute(path), "utf8")
      const hash = contentHash(text)
      if (this.files.get(path)?.hash !== hash) {
        this.install(buildFileModel(path, text, hash, this.parse(path, text)))
      }
      this.stats.set(path, stat)
    }
    for (const [path, model] of this.files) {
      if (listed.has(path)) continue
      this.retire(model)
      this.files.delete(path)
      this.stats.delete(path)
      const source = this.project.getSourceFile(this.absolute(path))
      if (source) this.project.removeSourceFile(source)
    }
  }

  /** Finds an element by codebase id, in the version of its file the client saw. */
  resolve(ref: ElementRef, seen: SeenFiles["seenFileHashes"]): Resolved {
    const id = ref.codebaseId
    const path = this.ids.get(id)
    if (path !== undefined) {
      const file = this.files.get(path)!
      const seenHash = seen?.[path]
      if (seenHash === undefined || seenHash === file.hash) {
        return { file, element: file.byId.get(id)! }
      }
      return this.refind(path, seenHash, id)
    }
    const earlier = this.past.get(id)
    if (earlier) return this.refind(earlier.path, earlier.hash, id)
    throw new ElementNotFound({ codebaseId: id })
  }

  /** Re-finds an element of an older version of a file in the current one, by its fingerprint. */
  private refind(path: string, hash: string, id: string): Resolved {
    const current = this.files.get(path)
    const oldText = this.versions.get(hash)
    if (!current || oldText === undefined) {
      throw new FileConflict({
        path,
        reason: "the file changed on disk since the client saw it, and that version is unknown",
      })
    }
    const old = buildFileModel(path, oldText, hash, parseText(path, oldText))
    const element = old.byId.get(id)
    if (!element) throw new ElementNotFound({ codebaseId: id })
    const matches = elementsWithFingerprint(current, fingerprintOf(old, element))
    const match = matches[0]
    if (matches.length !== 1 || !match) {
      throw new FileConflict({
        path,
        reason: `the file changed on disk since the client saw it, and the element ${id} could not be found in it again`,
      })
    }
    return { file: current, element: match }
  }

  /**
   * Writes new texts: each is parsed first (a text that does not parse is never written), the
   * disk is checked to still hold what the edit was made against, and the files are replaced all
   * or nothing; then the history is written with `record`, and if that fails the files get their
   * previous bytes back. Answers the ids map and the created elements.
   */
  async write(
    changes: ReadonlyArray<{
      readonly model: FileModel
      readonly applied: AppliedEdit
      readonly checkParse: boolean
    }>,
    record: (patches: ReadonlyArray<FilePatch>) => HistoryState,
  ) {
    const parsed: Array<{ readonly model: FileModel; readonly next: FileModel }> = []
    const restore = () => {
      for (const { model } of parsed) this.parse(model.path, model.text)
    }
    for (const { model, applied, checkParse } of changes) {
      const source = this.parse(model.path, applied.text)
      const next = buildFileModel(model.path, applied.text, contentHash(applied.text), source)
      parsed.push({ model, next })
      const errors = parseErrorsOf(source)
      if (checkParse && errors.length > 0) {
        restore()
        throw new ResultDoesNotParse({ path: model.path, diagnostics: errors })
      }
    }
    const replacements = []
    for (const { model, next } of parsed) {
      const onDisk = await readFile(this.absolute(model.path)).catch(() => null)
      if (onDisk === null || contentHash(onDisk.toString("utf8")) !== model.hash) {
        restore()
        throw new FileConflict({ path: model.path, reason: "the file changed on disk meanwhile" })
      }
      replacements.push({ file: this.absolute(next.path), text: next.text, previous: onDisk })
    }
    const patches: FilePatch[] = parsed.map(({ model, next }, index) => ({
      path: next.path,
      beforeHash: model.hash,
      afterHash: next.hash,
      forward: changes[index]!.applied.forward,
      inverse: changes[index]!.applied.inverse,
    }))
    try {
      const { rollback } = await replaceFiles(replacements, this.fileOps)
      try {
        await writeHistory(this.root, record(patches), this.fileOps)
      } catch (error) {
        await rollback(error)
        throw error
      }
    } catch (error) {
      restore()
      throw error
    }

    const codebaseIds: Record<string, string> = {}
    const added: string[] = []
    const changedFiles: ChangedFile[] = []
    parsed.forEach(({ model, next }, index) => {
      const applied = changes[index]!.applied
      for (const element of model.elements) {
        const position = applied.mapPosition(element.start)
        const moved = position === undefined ? undefined : next.byStart.get(position)
        if (moved && moved.id !== element.id) codebaseIds[element.id] = moved.id
      }
      for (const position of applied.createdAt) {
        const created = next.byStart.get(position)
        if (created) added.push(created.id)
      }
      this.install(next)
      changedFiles.push({ path: next.path, fileHash: next.hash })
    })
    for (const { next } of parsed) {
      const stat = await lstat(this.absolute(next.path))
      this.stats.set(next.path, { size: stat.size, mtimeMs: stat.mtimeMs })
    }
    const result: MutationResult = {
      changedFiles,
      codebaseIds,
      newCodebaseId: added[0] ?? null,
      addedCodebaseIds: added,
    }
    return result
  }
}
