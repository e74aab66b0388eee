import { randomUUID } from "node:crypto"
import { lstat, readFile, realpath } from "node:fs/promises"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import { Project, ts } from "ts-morph"
import {
  DynamicContentNotEditable,
  ElementNotFound,
  FileConflict,
  NothingToRevert,
  OldContentMismatch,
  ParentMismatch,
  PathOutsideCanvas,
  ResultDoesNotParse,
  SourceRewriter,
  UnsupportedEdit,
  type AddClassRequest,
  type AddJsxElementRequest,
  type ChangedFile,
  type ChangeElementTagRequest,
  type ChangePropValueRequest,
  type DuplicateRequest,
  type EditTextRequest,
  type ElementInfo,
  type ElementRef,
  type MoveJsxElementRequest,
  type MutationResult,
  type RemoveClassRequest,
  type RemoveJsxElementRequest,
  type SeenFiles,
  type StylingRequest,
  type UpdateClassesRequest,
  type WrapInDivRequest,
} from "../../domain/editing/source-rewriter.port.ts"
import { classTokens, isGeneratedClass } from "./attributes.ts"
import {
  contentHash,
  insideCanvas,
  listSources,
  nodeFileOps,
  replaceFiles,
  type FileOps,
} from "./canvas-files.ts"
import {
  readHistory,
  writeHistory,
  type FilePatch,
  type HistoryEntry,
  type HistoryState,
} from "./history.ts"
import { bindsName, exportOf, importSplice, relativeImportOf, specifierFor } from "./imports.ts"
import {
  addElement,
  changeProp,
  changeTag,
  duplicateElements,
  moveElement,
  newElementText,
  removeElements,
  wrapInDiv,
  type Place,
} from "./jsx-edits.ts"
import { setClasses, setInlineStyle, staticClasses } from "./jsx-style-edits.ts"
import { editText, elementStaticText, hasDynamicText } from "./jsx-text-edits.ts"
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
import { applyEdit, applySplices, joinEdits, type AppliedEdit, type FileEdit } from "./splices.ts"
import { applyStyling, variantPrefix } from "./tailwind.ts"

/** Ids of older versions kept to re-find elements a client still names by them. */
const PAST_IDS_KEPT = 50_000
/** Older file texts kept (by content hash) to re-resolve requests against a version seen. */
const VERSIONS_KEPT = 500

interface Resolved {
  readonly file: FileModel
  readonly element: JsxInfo
}

interface Stat {
  readonly size: number
  readonly mtimeMs: number
}

const dedupe = (refs: ReadonlyArray<ElementRef>) => [
  ...new Map(refs.map((ref) => [ref.codebaseId, ref])).values(),
]

const nothingChanged: MutationResult = {
  changedFiles: [],
  codebaseIds: {},
  newCodebaseId: null,
  addedCodebaseIds: [],
}

/**
 * One canvas: a long-lived ts-morph project of its JSX files (parsed only, no type checker), the
 * codebase ids of their elements, and the versions clients may still refer to. Requests run one
 * at a time.
 */
export class CanvasEditor {
  readonly root: string
  private readonly project = new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { jsx: ts.JsxEmit.Preserve, allowJs: true },
  })
  private readonly files = new Map<string, FileModel>()
  private readonly stats = new Map<string, Stat>()
  private readonly ids = new Map<string, string>()
  private readonly past = new Map<string, { readonly path: string; readonly hash: string }>()
  private readonly versions = new Map<string, string>()
  private queue: Promise<unknown> = Promise.resolve()

  private readonly fileOps: FileOps

  constructor(root: string, fileOps: FileOps = nodeFileOps) {
    this.root = root
    this.fileOps = fileOps
  }

  /** Runs `task` after every task queued before it. */
  run<A>(task: () => Promise<A>): Promise<A> {
    const result = this.queue.then(task)
    this.queue = result.catch(() => undefined)
    return result
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
  private async write(
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

  /** Applies the edits of one mutation and records them for undo. */
  private async commit(label: string, edits: ReadonlyMap<string, FileEdit>) {
    const changes = [...edits].flatMap(([path, edit]) => {
      const model = this.files.get(path)!
      const applied = applyEdit(model.text, edit)
      return applied.text === model.text ? [] : [{ model, applied, checkParse: true }]
    })
    if (changes.length === 0) return nothingChanged
    // Read before any file is written: an unreadable history refuses the edit.
    const history = await readHistory(this.root)
    return this.write(changes, (patches) => {
      const entry: HistoryEntry = {
        id: randomUUID(),
        label,
        at: new Date().toISOString(),
        files: patches,
      }
      return { undo: [...history.undo, entry], redo: [] }
    })
  }

  /** Undoes (or redoes) the latest recorded change, if every file it touched is as it left it. */
  async revert(action: "undo" | "redo"): Promise<MutationResult> {
    const history = await readHistory(this.root)
    const stack = action === "undo" ? history.undo : history.redo
    const entry = stack[stack.length - 1]
    if (!entry) throw new NothingToRevert({ action })
    await this.refresh()
    const changes = []
    for (const patch of entry.files) {
      await insideCanvas(this.root, patch.path)
      const expected = action === "undo" ? patch.afterHash : patch.beforeHash
      const target = action === "undo" ? patch.beforeHash : patch.afterHash
      const model = this.files.get(patch.path)
      if (!model || model.hash !== expected) {
        throw new FileConflict({
          path: patch.path,
          reason: `the file changed since this edit; ${action === "undo" ? "undoing" : "redoing"} it would overwrite those changes`,
        })
      }
      const applied = applySplices(model.text, action === "undo" ? patch.inverse : patch.forward)
      if (contentHash(applied.text) !== target) {
        throw new FileConflict({
          path: patch.path,
          reason: `the recorded ${action} does not apply`,
        })
      }
      changes.push({ model, applied, checkParse: false })
    }
    return this.write(changes, () =>
      action === "undo"
        ? { undo: history.undo.slice(0, -1), redo: [...history.redo, entry] }
        : { undo: [...history.undo, entry], redo: history.redo.slice(0, -1) },
    )
  }

  private one(path: string, edit: FileEdit) {
    return new Map([[path, edit]])
  }

  private grouped(resolved: ReadonlyArray<Resolved>) {
    const byFile = new Map<string, JsxInfo[]>()
    for (const { file, element } of resolved) {
      byFile.set(file.path, [...(byFile.get(file.path) ?? []), element])
    }
    return byFile
  }

  async styling(request: StylingRequest) {
    const { file, element } = this.resolve(request.reactElement, request.seenFileHashes)
    const declarations = [
      ...Object.entries(request.styling),
      ...Object.entries(request.customProperties ?? {}),
    ]
    const modifiers = request.modifiers ?? []
    switch (request.stylingFramework) {
      case "Inline":
        if (modifiers.length > 0) {
          throw new UnsupportedEdit({
            reason: "Inline styles cannot carry modifiers; use Tailwind classes",
          })
        }
        return this.commit(
          "styling",
          this.one(file.path, setInlineStyle(file, element, declarations)),
        )
      case "Tailwind": {
        const tokens = applyStyling(staticClasses(element), declarations, modifiers)
        return this.commit("styling", this.one(file.path, setClasses(file, element, tokens)))
      }
      case "CSS":
        throw new UnsupportedEdit({
          reason: "Styling through a CSS file is not supported; use Inline or Tailwind",
        })
    }
  }

  /** The file exporting a component, and how, when the destination file does not bind it yet. */
  private async componentSource(request: AddJsxElementRequest["newElement"], into: FileModel) {
    const name = request.componentName ?? ""
    if (bindsName(into.source, name.split(".")[0]!)) return null
    if (request.componentFile !== undefined) {
      await insideCanvas(this.root, request.componentFile)
      const file = this.files.get(request.componentFile)
      const kind = file ? exportOf(file.source, name) : null
      if (!file || !kind) {
        throw new UnsupportedEdit({
          reason: `${request.componentFile} does not export a component named ${name}`,
        })
      }
      return { file, kind }
    }
    for (const file of this.files.values()) {
      const kind = file.path === into.path ? null : exportOf(file.source, name)
      if (kind) return { file, kind }
    }
    throw new UnsupportedEdit({ reason: `No file of the canvas exports a component named ${name}` })
  }

  private place(
    request: {
      readonly beforeElement?: ElementRef | undefined
      readonly afterElement?: ElementRef | undefined
    },
    container: ElementRef | undefined,
    seen: SeenFiles["seenFileHashes"],
  ): { readonly file: FileModel; readonly place: Place } {
    if (request.beforeElement) {
      const { file, element } = this.resolve(request.beforeElement, seen)
      return { file, place: { kind: "before", sibling: element } }
    }
    if (request.afterElement) {
      const { file, element } = this.resolve(request.afterElement, seen)
      return { file, place: { kind: "after", sibling: element } }
    }
    if (container) {
      const { file, element } = this.resolve(container, seen)
      return { file, place: { kind: "into", container: element } }
    }
    throw new UnsupportedEdit({
      reason: "Say where: a container, or an element to go before or after",
    })
  }

  async addJsxElement(request: AddJsxElementRequest) {
    const { file, place } = this.place(request, request.destinationElement, request.seenFileHashes)
    const added = request.newElement
    const tag = added.type === "component" ? added.componentName : added.nativeTag
    if (!tag) {
      throw new UnsupportedEdit({
        reason: added.type === "component" ? "componentName is missing" : "nativeTag is missing",
      })
    }
    const edits = [addElement(file, place, newElementText(file, tag, added.propsToSet ?? {}))]
    if (added.type === "component") {
      const source = await this.componentSource(added, file)
      if (source) {
        const habit = [...this.files.values()].map(relativeImportOf).find((found) => found)
        const specifier = specifierFor(file, source.file.path, habit)
        edits.push({
          splices: [importSplice(file, tag.split(".")[0]!, specifier, source.kind)],
          carries: [],
          created: [],
        })
      }
    }
    return this.commit("addJsxElement", this.one(file.path, joinEdits(edits)))
  }

  async moveJsxElement(request: MoveJsxElementRequest) {
    const seen = request.seenFileHashes
    const { file, element } = this.resolve(request.elementToMove, seen)
    if (request.expectedCurrentParent) {
      const expected = this.resolve(request.expectedCurrentParent, seen)
      if (expected.file !== file || expected.element.start !== element.parent?.start) {
        throw new ParentMismatch({
          codebaseId: element.id,
          expectedParent: request.expectedCurrentParent.codebaseId,
          actualParent: element.parent?.id ?? null,
        })
      }
    }
    const target = this.place(request, request.newContainerElement, seen)
    if (target.file !== file) {
      throw new UnsupportedEdit({ reason: "Moving an element to another file is not supported" })
    }
    return this.commit(
      "moveJsxElement",
      this.one(file.path, moveElement(file, element, target.place)),
    )
  }

  async removeJsxElement(request: RemoveJsxElementRequest) {
    const resolved = dedupe(request.elementsToRemove).map((ref) =>
      this.resolve(ref, request.seenFileHashes),
    )
    const edits = new Map(
      [...this.grouped(resolved)].map(([path, elements]) => [
        path,
        removeElements(this.files.get(path)!, elements),
      ]),
    )
    return this.commit("removeJsxElement", edits)
  }

  async changePropValue(request: ChangePropValueRequest) {
    const { file, element } = this.resolve(request.elementToModify, request.seenFileHashes)
    return this.commit(
      "changePropValue",
      this.one(file.path, changeProp(file, element, request.propName, request.propValue)),
    )
  }

  async wrapInDiv(request: WrapInDivRequest) {
    const resolved = dedupe(request.reactElements).map((ref) =>
      this.resolve(ref, request.seenFileHashes),
    )
    const first = resolved[0]
    if (!first) throw new UnsupportedEdit({ reason: "Nothing to wrap" })
    if (resolved.some(({ file }) => file !== first.file)) {
      throw new UnsupportedEdit({ reason: "Only siblings can be wrapped in one div" })
    }
    return this.commit(
      "wrapInDiv",
      this.one(
        first.file.path,
        wrapInDiv(
          first.file,
          resolved.map(({ element }) => element),
        ),
      ),
    )
  }

  async duplicate(request: DuplicateRequest) {
    const resolved = dedupe(request.reactElements).map((ref) =>
      this.resolve(ref, request.seenFileHashes),
    )
    const edits = new Map(
      [...this.grouped(resolved)].map(([path, elements]) => [
        path,
        duplicateElements(this.files.get(path)!, elements),
      ]),
    )
    return this.commit("duplicate", edits)
  }

  async changeElementTag(request: ChangeElementTagRequest) {
    const { file, element } = this.resolve(request.elementToModify, request.seenFileHashes)
    return this.commit(
      "changeElementTag",
      this.one(file.path, changeTag(file, element, request.newTag)),
    )
  }

  async addClass(request: AddClassRequest) {
    const { file, element } = this.resolve(request.reactElement, request.seenFileHashes)
    const prefix =
      request.stylingFramework === "Tailwind" ? variantPrefix(request.modifiers ?? []) : ""
    const tokens = [...staticClasses(element)]
    for (const token of classTokens(request.className)) {
      if (!tokens.includes(`${prefix}${token}`)) tokens.push(`${prefix}${token}`)
    }
    return this.commit("addClass", this.one(file.path, setClasses(file, element, tokens)))
  }

  async removeClass(request: RemoveClassRequest) {
    const { file, element } = this.resolve(request.reactElement, request.seenFileHashes)
    const removed = classTokens(request.className)
    const tokens = staticClasses(element).filter((token) => !removed.includes(token))
    return this.commit("removeClass", this.one(file.path, setClasses(file, element, tokens)))
  }

  async updateClasses(request: UpdateClassesRequest) {
    const { file, element } = this.resolve(request.reactElement, request.seenFileHashes)
    const fromSource = (list: ReadonlyArray<string>) =>
      list.flatMap(classTokens).filter((token) => !isGeneratedClass(token))
    const current = staticClasses(element)
    const old = fromSource(request.oldClasses)
    const same =
      new Set(current).size === new Set(old).size && current.every((token) => old.includes(token))
    if (!same) {
      throw new OldContentMismatch({
        codebaseId: element.id,
        expected: old.join(" "),
        actual: current.join(" "),
      })
    }
    const tokens = [...new Set(fromSource(request.newClasses))]
    return this.commit("updateClasses", this.one(file.path, setClasses(file, element, tokens)))
  }

  async editText(request: EditTextRequest) {
    const { file, element } = this.resolve(request.element, request.seenFileHashes)
    return this.commit(
      "editText",
      this.one(file.path, editText(file, element, request.oldText, request.newText)),
    )
  }

  inspect(codebaseId: string): ElementInfo {
    const { file, element } = this.resolve({ codebaseId }, undefined)
    return {
      codebaseId: element.id,
      path: file.path,
      fileHash: file.hash,
      tagName: element.tagName,
      isComponent: element.isComponent,
      staticText: elementStaticText(element),
      hasDynamicText: hasDynamicText(element),
      insideList: element.insideList,
      conditional: element.conditional,
    }
  }
}

const DOMAIN_ERRORS = [
  ElementNotFound,
  FileConflict,
  PathOutsideCanvas,
  ResultDoesNotParse,
  OldContentMismatch,
  ParentMismatch,
  DynamicContentNotEditable,
  UnsupportedEdit,
  NothingToRevert,
] as const

type Refusal = InstanceType<(typeof DOMAIN_ERRORS)[number]>

const isRefusal = (error: unknown): error is Refusal =>
  DOMAIN_ERRORS.some((type) => error instanceof type)

/**
 * The SourceRewriter port over ts-morph: one CanvasEditor per canvas root, kept for the life of
 * the process. Refusals are typed errors; file system failures are defects. `fileOps` lets tests
 * make writes fail.
 */
export const makeTsMorphRewriter = (options: { readonly fileOps?: FileOps } = {}) => {
  const canvases = new Map<string, Promise<CanvasEditor>>()
  const canvasFor = (root: string) => {
    let canvas = canvases.get(root)
    if (!canvas) {
      canvas = realpath(root).then((real) => new CanvasEditor(real, options.fileOps))
      canvases.set(root, canvas)
    }
    return canvas
  }
  const run = <A, E extends Refusal>(
    root: string,
    task: (canvas: CanvasEditor) => Promise<A> | A,
    refreshFirst = true,
  ): Effect.Effect<A, E> =>
    Effect.tryPromise({
      try: async () => {
        const canvas = await canvasFor(root)
        return canvas.run(async () => {
          if (refreshFirst) await canvas.refresh()
          return task(canvas)
        })
      },
      catch: (error) => error,
    }).pipe(
      Effect.catch((error) => (isRefusal(error) ? Effect.fail(error as E) : Effect.die(error))),
    )

  return SourceRewriter.of({
    styling: (root, request) => run(root, (canvas) => canvas.styling(request)),
    addJsxElement: (root, request) => run(root, (canvas) => canvas.addJsxElement(request)),
    moveJsxElement: (root, request) => run(root, (canvas) => canvas.moveJsxElement(request)),
    removeJsxElement: (root, request) => run(root, (canvas) => canvas.removeJsxElement(request)),
    changePropValue: (root, request) => run(root, (canvas) => canvas.changePropValue(request)),
    wrapInDiv: (root, request) => run(root, (canvas) => canvas.wrapInDiv(request)),
    duplicate: (root, request) => run(root, (canvas) => canvas.duplicate(request)),
    changeElementTag: (root, request) => run(root, (canvas) => canvas.changeElementTag(request)),
    addClass: (root, request) => run(root, (canvas) => canvas.addClass(request)),
    removeClass: (root, request) => run(root, (canvas) => canvas.removeClass(request)),
    updateClasses: (root, request) => run(root, (canvas) => canvas.updateClasses(request)),
    editText: (root, request) => run(root, (canvas) => canvas.editText(request)),
    undoChangeToFiles: (root) => run(root, (canvas) => canvas.revert("undo"), false),
    redoChangeToFiles: (root) => run(root, (canvas) => canvas.revert("redo"), false),
    inspectElement: (root, codebaseId) => run(root, (canvas) => canvas.inspect(codebaseId)),
  })
}

/** The SourceRewriter port, rewriting TSX with ts-morph. */
export const layerTsMorphRewriter = Layer.sync(SourceRewriter, makeTsMorphRewriter)
