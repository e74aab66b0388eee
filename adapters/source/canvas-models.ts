import { lstat, readFile } from "node:fs/promises"
import { join } from "node:path"
import {
  ElementChanged,
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
  reparseText,
  type FileModel,
  type JsxInfo,
} from "./jsx-tree.ts"
import { changedRange, type AppliedEdit } from "./splices.ts"

/** Ids of older versions kept to re-find elements a client still names by them. */
const PAST_IDS_KEPT = 50_000
/** Older file texts kept (by content hash) to re-resolve requests against a version seen. */
const VERSIONS_KEPT = 500
/** Versions whose element identities are kept (each: codebase id → identity), across files. */
const IDENTITY_VERSIONS_KEPT = 100
/**
 * The latest versions of a file in which the elements an id named count as what a client without
 * seenFileHashes may mean by it. An id that named one element in all of them resolves to that
 * element wherever it is now; one that named several is refused (ElementChanged). Older meanings
 * are forgotten, so that an id reused by a move becomes usable again after this many edits.
 */
const MEANINGS_KEPT = 20

/** Distinct tag names told apart in a version's entries; further ones share the last slot. */
const TAG_SLOTS = 4096

const versionKey = (path: string, hash: string) => `${path}\u0000${hash}`

export interface Resolved {
  readonly file: FileModel
  readonly element: JsxInfo
}

/**
 * A whole file a change creates (or, undoing that, removes): any file of the canvas, JSX or not.
 * `expected` is what must be on disk first (null: nothing).
 */
export interface FileCreation {
  readonly path: string
  /** The new contents; null removes the file. */
  readonly text: string | null
  readonly expected: string | null
}

interface Stat {
  readonly size: number
  readonly mtimeMs: number
}

/**
 * The models of one canvas's JSX files: their syntax trees (parsed only, no type checker; an
 * edit's new text is parsed incrementally from the tree of the text it edits), the codebase ids
 * of their elements, and the versions clients may still refer to; and the all-or-nothing write of
 * new texts to disk.
 */
export class CanvasModels {
  readonly root: string
  readonly files = new Map<string, FileModel>()
  private readonly stats = new Map<string, Stat>()
  private readonly ids = new Map<string, string>()
  private readonly past = new Map<string, { readonly path: string; readonly hash: string }>()
  private readonly versions = new Map<string, string>()
  /**
   * Element identities: a number per element that follows it through every edit (the splices'
   * position map, moves included), undo and redo (a version seen before gets its identities
   * back) and changes on disk (a unique fingerprint). Per version: codebase id → identity and tag.
   */
  private readonly identities = new Map<string, ReadonlyMap<string, number>>()
  /** Per file, the elements of its current version by identity. */
  private readonly alive = new Map<string, ReadonlyMap<number, JsxInfo>>()
  /** Per file, the hashes of its latest MEANINGS_KEPT versions, the current one last. */
  private readonly recent = new Map<string, ReadonlyArray<string>>()
  /**
   * Tag names by number: a version's entry for an id packs the element's identity and the tag it
   * had there (identity * TAG_SLOTS + tag number), so an old meaning's tag costs no memory.
   */
  private readonly tagNumbers = new Map<string, number>()
  private readonly tagNames: string[] = []
  private nextIdentity = 0

  private readonly fileOps: FileOps

  constructor(root: string, fileOps: FileOps) {
    this.root = root
    this.fileOps = fileOps
  }

  private absolute(path: string) {
    return join(this.root, path)
  }

  /**
   * Parses the current version of a file again from its text: its tree went into an incremental
   * re-parse whose result is not kept (a refused or failed write). Same text, same elements, same
   * identities.
   */
  private reparsed(model: FileModel) {
    if (this.files.get(model.path) !== model) return
    const fresh = buildFileModel(
      model.path,
      model.text,
      model.hash,
      parseText(model.path, model.text),
    )
    const identityOf = this.identitiesOf(fresh)
    const byIdentity = new Map<number, JsxInfo>()
    for (const element of fresh.elements) {
      const identity = identityOf(element)
      if (identity !== undefined) byIdentity.set(identity, element)
    }
    this.files.set(model.path, fresh)
    this.alive.set(model.path, byIdentity)
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

  private install(model: FileModel, carried?: (element: JsxInfo) => number | undefined) {
    const old = this.files.get(model.path)
    if (old) this.retire(old)
    this.files.set(model.path, model)
    for (const element of model.elements) {
      this.ids.set(element.id, model.path)
      this.past.delete(element.id)
    }
    this.identify(model, carried)
  }

  /** Gives every element of a new current version its identity. */
  private identify(model: FileModel, carried?: (element: JsxInfo) => number | undefined) {
    const key = versionKey(model.path, model.hash)
    const known = this.identities.get(key)
    const byId = new Map<string, number>()
    const byIdentity = new Map<number, JsxInfo>()
    for (const element of model.elements) {
      const was = known?.get(element.id)
      let identity = was === undefined ? carried?.(element) : Math.floor(was / TAG_SLOTS)
      if (identity === undefined || byIdentity.has(identity)) identity = this.nextIdentity++
      byId.set(element.id, identity * TAG_SLOTS + this.tagNumber(element.tagName))
      byIdentity.set(identity, element)
    }
    this.identities.delete(key)
    this.identities.set(key, byId)
    this.alive.set(model.path, byIdentity)
    this.recent.set(
      model.path,
      [...(this.recent.get(model.path) ?? []), model.hash].slice(-MEANINGS_KEPT),
    )
    // The recent versions of every file are what resolving by stale ids relies on: never dropped.
    const recentKeys = new Set(
      [...this.recent].flatMap(([path, hashes]) => hashes.map((hash) => versionKey(path, hash))),
    )
    for (const stale of this.identities.keys()) {
      if (this.identities.size <= IDENTITY_VERSIONS_KEPT) break
      if (!recentKeys.has(stale)) this.identities.delete(stale)
    }
  }

  private tagNumber(tag: string) {
    let number = this.tagNumbers.get(tag)
    if (number === undefined && this.tagNames.length < TAG_SLOTS - 1) {
      number = this.tagNames.length
      this.tagNumbers.set(tag, number)
      this.tagNames.push(tag)
    }
    return number ?? TAG_SLOTS - 1
  }

  /** An id's identity and tag in a version, unpacked; undefined when it named nothing there. */
  private meaningIn(path: string, hash: string, id: string) {
    const packed = this.identities.get(versionKey(path, hash))?.get(id)
    if (packed === undefined) return undefined
    const tag = packed % TAG_SLOTS
    return {
      identity: Math.floor(packed / TAG_SLOTS),
      tag: tag === TAG_SLOTS - 1 ? undefined : this.tagNames[tag],
    }
  }

  /** The identity of an element of the current version of its file. */
  private identityOf(model: FileModel, element: JsxInfo) {
    return this.identitiesOf(model)(element)
  }

  /** The identities of the elements of a version (its entries looked up once, for many). */
  private identitiesOf(model: FileModel) {
    const entries = this.identities.get(versionKey(model.path, model.hash))
    return (element: JsxInfo) => {
      const packed = entries?.get(element.id)
      return packed === undefined ? undefined : Math.floor(packed / TAG_SLOTS)
    }
  }

  /** Identities carried from an older version to a new text by unique fingerprints. */
  private byFingerprint(old: FileModel | undefined, next: FileModel) {
    if (!old) return undefined
    const count = (model: FileModel) => {
      const found = new Map<string, JsxInfo[]>()
      for (const element of model.elements) {
        const fingerprint = fingerprintOf(model, element)
        found.set(fingerprint, [...(found.get(fingerprint) ?? []), element])
      }
      return found
    }
    const before = count(old)
    const after = count(next)
    return (element: JsxInfo) => {
      const fingerprint = fingerprintOf(next, element)
      const was = before.get(fingerprint)
      if (was?.length !== 1 || after.get(fingerprint)?.length !== 1) return undefined
      return this.identityOf(old, was[0]!)
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
      const old = this.files.get(path)
      if (old?.hash !== hash) {
        const next = buildFileModel(path, text, hash, parseText(path, text))
        this.install(next, this.byFingerprint(old, next))
      }
      this.stats.set(path, stat)
    }
    for (const [path, model] of this.files) {
      if (listed.has(path)) continue
      this.retire(model)
      this.files.delete(path)
      this.alive.delete(path)
      this.stats.delete(path)
    }
  }

  /**
   * Finds the element a client means by a codebase id. With the hash of the file it saw: that
   * version's element, wherever it is now. Without: the one element the id named in the file's
   * recent versions, wherever it is now; refused with ElementChanged when it named several (an
   * element moved, was added or removed, and the id is now another's), unless the reference's
   * `name` is the tag of just one of them.
   */
  resolve(ref: ElementRef, seen: SeenFiles["seenFileHashes"]): Resolved {
    const id = ref.codebaseId
    const path = this.ids.get(id) ?? this.past.get(id)?.path
    if (path === undefined) throw new ElementNotFound({ codebaseId: id })
    const file = this.files.get(path)
    const seenHash = seen?.[path]
    if (seenHash !== undefined) {
      if (file && seenHash === file.hash) {
        const element = file.byId.get(id)
        if (!element) throw new ElementNotFound({ codebaseId: id })
        return { file, element }
      }
      return this.inVersion(path, seenHash, id)
    }
    return this.unseen(ref, path)
  }

  /** The element an id names now, without checking what it named before (read-only uses). */
  current(id: string): Resolved {
    const path = this.ids.get(id)
    const file = path === undefined ? undefined : this.files.get(path)
    const element = file?.byId.get(id)
    if (file && element) return { file, element }
    const earlier = this.past.get(id)
    if (earlier) return this.inVersion(earlier.path, earlier.hash, id)
    throw new ElementNotFound({ codebaseId: id })
  }

  private unseen(ref: ElementRef, path: string): Resolved {
    const id = ref.codebaseId
    // Identity → the tags it had where the id named it (what the client may have seen).
    const meanings = new Map<number, Set<string | undefined>>()
    for (const hash of this.recent.get(path) ?? []) {
      const meaning = this.meaningIn(path, hash, id)
      if (!meaning) continue
      const tags = meanings.get(meaning.identity) ?? new Set<string | undefined>()
      tags.add(meaning.tag)
      meanings.set(meaning.identity, tags)
    }
    if (meanings.size === 0) {
      // Older than the versions kept: resolved in the version it was last seen in.
      const earlier = this.past.get(id)
      if (earlier) return this.inVersion(earlier.path, earlier.hash, id)
      throw new ElementNotFound({ codebaseId: id })
    }
    let candidates = [...meanings.keys()]
    const name = ref.name?.trim()
    if (candidates.length > 1 && name) {
      candidates = candidates.filter((identity) => meanings.get(identity)!.has(name))
    }
    const only = candidates[0]
    if (candidates.length !== 1 || only === undefined) {
      throw new ElementChanged({ codebaseId: id, path })
    }
    const file = this.files.get(path)
    const element = this.alive.get(path)?.get(only)
    if (!file || !element) throw new ElementNotFound({ codebaseId: id })
    return { file, element }
  }

  /** The element an id named in a version of its file, where it is in the current version. */
  private inVersion(path: string, hash: string, id: string): Resolved {
    if (!this.identities.has(versionKey(path, hash))) return this.refind(path, hash, id)
    const identity = this.meaningIn(path, hash, id)?.identity
    if (identity === undefined) throw new ElementNotFound({ codebaseId: id })
    const file = this.files.get(path)
    const element = this.alive.get(path)?.get(identity)
    if (!file || !element) {
      throw new FileConflict({
        path,
        reason: `the file changed since the client saw it, and the element ${id} is no longer in it`,
      })
    }
    return { file, element }
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
    created: ReadonlyArray<FileCreation> = [],
  ) {
    const parsed: Array<{ readonly model: FileModel; readonly next: FileModel }> = []
    // Each new text is parsed incrementally from its old version's tree, which that uses up: if
    // the write is refused or fails, the old versions are parsed again from their texts.
    const spent: FileModel[] = []
    const restore = () => {
      for (const model of spent) this.reparsed(model)
    }
    for (const { model, applied, checkParse } of changes) {
      const range = changedRange(applied.forward)
      spent.push(model)
      const source =
        range === null
          ? parseText(model.path, applied.text)
          : reparseText(model.source, applied.text, range)
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
      // The text the edit was made on (model.hash is its hash).
      if (onDisk === null || onDisk.toString("utf8") !== model.text) {
        restore()
        throw new FileConflict({ path: model.path, reason: "the file changed on disk meanwhile" })
      }
      replacements.push({ file: this.absolute(next.path), text: next.text, previous: onDisk })
    }
    for (const creation of created) {
      const file = this.absolute(creation.path)
      const onDisk = await readFile(file, "utf8").catch(() => null)
      if (onDisk !== creation.expected) {
        restore()
        throw new FileConflict({
          path: creation.path,
          reason:
            creation.expected === null
              ? "the file exists already; it is not overwritten"
              : "the file changed on disk since it was created",
        })
      }
      replacements.push({
        file,
        text: creation.text,
        previous: onDisk === null ? null : Buffer.from(onDisk, "utf8"),
      })
    }
    const patches: FilePatch[] = parsed.map(({ model, next }, index) => ({
      path: next.path,
      beforeHash: model.hash,
      afterHash: next.hash,
      forward: changes[index]!.applied.forward,
      inverse: changes[index]!.applied.inverse,
    }))
    for (const { path, text, expected } of created) {
      if (expected !== null || text === null) continue
      patches.push({
        path,
        beforeHash: contentHash(""),
        afterHash: contentHash(text),
        forward: [{ start: 0, end: 0, text }],
        inverse: [{ start: 0, end: text.length, text: "" }],
        created: true,
      })
    }
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
      const identityOf = this.identitiesOf(model)
      const carried = new Map<number, number | undefined>()
      for (const element of model.elements) {
        const position = applied.mapPosition(element.start)
        const moved = position === undefined ? undefined : next.byStart.get(position)
        if (moved && moved.id !== element.id) codebaseIds[element.id] = moved.id
        if (position !== undefined) carried.set(position, identityOf(element))
      }
      for (const position of applied.createdAt) {
        const created = next.byStart.get(position)
        if (created) added.push(created.id)
      }
      this.install(next, (element) => carried.get(element.start))
      changedFiles.push({ path: next.path, fileHash: next.hash })
    })
    for (const { next } of parsed) {
      const stat = await lstat(this.absolute(next.path))
      this.stats.set(next.path, { size: stat.size, mtimeMs: stat.mtimeMs })
    }
    // Created or removed files: a JSX one is (un)modelled by the next request's refresh.
    for (const { path, text } of created) {
      changedFiles.push({ path, fileHash: contentHash(text ?? "") })
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
