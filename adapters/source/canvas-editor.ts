import { randomUUID } from "node:crypto"
import {
  DynamicContentNotEditable,
  FileConflict,
  NothingToRevert,
  OldContentMismatch,
  ParentMismatch,
  UnsupportedEdit,
  type AddClassRequest,
  type AddJsxElementRequest,
  type ChangeElementTagRequest,
  type ChangePropValueRequest,
  type ComponentInfo,
  type DuplicateRequest,
  type EditTextRequest,
  type ElementInfo,
  type ElementRef,
  type MoveJsxElementRequest,
  type MutationResult,
  type NewElement,
  type RemoveClassRequest,
  type RemoveJsxElementRequest,
  type SeenFiles,
  type StylingRequest,
  type UpdateClassesRequest,
  type WrapInDivRequest,
} from "../../domain/editing/source-rewriter.port.ts"
import { type Canvas, extraFilesOf, importsFor, importsOfTaken } from "./added-imports.ts"
import { classTokens, isGeneratedClass } from "./attributes.ts"
import { componentsOf } from "./component-props.ts"
import { CanvasModels, type FileCreation, type Resolved } from "./canvas-models.ts"
import { contentHash, insideCanvas, nodeFileOps, type FileOps } from "./canvas-files.ts"
import { readHistory, type HistoryEntry } from "./history.ts"
import { importsFromCopiedFile } from "./pasted-names.ts"
import { jsxFromFile } from "./jsx-from-file.ts"
import { newlyUnresolved, unresolvedNames } from "./scope-check.ts"
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
import {
  editClasses,
  hasPlainClasses,
  setClasses,
  setInlineStyle,
  staticClasses,
} from "./jsx-style-edits.ts"
import { editText, elementStaticText, hasDynamicText } from "./jsx-text-edits.ts"
import type { FileModel, JsxInfo } from "./jsx-tree.ts"
import { applyEdit, applySplices, joinEdits, type FileEdit } from "./splices.ts"
import {
  componentNameOf,
  fromProps,
  isInstanceOf,
  propWords,
  type EditedPart,
} from "./usage-site.ts"
import {
  applyStyling,
  customClassFor,
  isCustomClassList,
  overriddenBy,
  variantPrefix,
} from "./tailwind.ts"

const dedupe = (refs: ReadonlyArray<ElementRef>) => [
  ...new Map(refs.map((ref) => [ref.codebaseId, ref])).values(),
]

/** Where a class or text edit goes (CanvasEditor.editTarget). */
interface EditTarget extends Resolved {
  readonly definition: Resolved
  readonly atInstance: boolean
}

const nothingChanged: MutationResult = {
  changedFiles: [],
  codebaseIds: {},
  newCodebaseId: null,
  addedCodebaseIds: [],
}

/**
 * One canvas: the models of its files, and the edits requested on them, each recorded for undo.
 * Requests run one at a time.
 */
export class CanvasEditor {
  readonly root: string
  readonly models: CanvasModels
  private queue: Promise<unknown> = Promise.resolve()

  constructor(root: string, fileOps: FileOps = nodeFileOps) {
    this.root = root
    this.models = new CanvasModels(root, fileOps)
  }

  /** The canvas as the helpers for added elements see it (added-imports.ts). */
  private get canvas(): Canvas {
    return { root: this.root, files: this.models.files }
  }

  /** Runs `task` after every task queued before it. */
  run<A>(task: () => Promise<A>): Promise<A> {
    const result = this.queue.then(task)
    this.queue = result.catch(() => undefined)
    return result
  }

  /** Applies the edits of one mutation and records them for undo. */
  private async commit(
    label: string,
    edits: ReadonlyMap<string, FileEdit>,
    created: ReadonlyArray<FileCreation> = [],
  ) {
    const changes = [...edits].flatMap(([path, edit]) => {
      const model = this.models.files.get(path)!
      const applied = applyEdit(model.text, edit)
      return applied.text === model.text ? [] : [{ model, applied, checkParse: true }]
    })
    if (changes.length === 0 && created.length === 0) return nothingChanged
    // Read before any file is written: an unreadable history refuses the edit.
    const history = await readHistory(this.root)
    return this.models.write(
      changes,
      (patches) => {
        const entry: HistoryEntry = {
          id: randomUUID(),
          label,
          at: new Date().toISOString(),
          files: patches,
        }
        return { undo: [...history.undo, entry], redo: [] }
      },
      created,
    )
  }

  /** Undoes (or redoes) the latest recorded change, if every file it touched is as it left it. */
  async revert(action: "undo" | "redo"): Promise<MutationResult> {
    const history = await readHistory(this.root)
    const stack = action === "undo" ? history.undo : history.redo
    const entry = stack[stack.length - 1]
    if (!entry) throw new NothingToRevert({ action })
    await this.models.refresh()
    const changes = []
    const created: FileCreation[] = []
    for (const patch of entry.files) {
      await insideCanvas(this.root, patch.path)
      if (patch.created) {
        // A file the change created: undo removes it, redo creates it again, if untouched since.
        const text = applySplices("", patch.forward).text
        created.push(
          action === "undo"
            ? { path: patch.path, text: null, expected: text }
            : { path: patch.path, text, expected: null },
        )
        continue
      }
      const expected = action === "undo" ? patch.afterHash : patch.beforeHash
      const target = action === "undo" ? patch.beforeHash : patch.afterHash
      const model = this.models.files.get(patch.path)
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
    return this.models.write(
      changes,
      () =>
        action === "undo"
          ? { undo: history.undo.slice(0, -1), redo: [...history.redo, entry] }
          : { undo: [...history.undo, entry], redo: history.redo.slice(0, -1) },
      created,
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
    const { file, element } = this.models.resolve(request.reactElement, request.seenFileHashes)
    const custom = request.customProperties ?? {}
    // A record sets custom properties; a list names classes to prefer (see applyStyling).
    const customClasses = isCustomClassList(custom) ? custom : []
    const declarations = [
      ...Object.entries(request.styling),
      ...(isCustomClassList(custom) ? [] : Object.entries(custom)),
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
        const target = this.editTarget(request.reactElement, request.seenFileHashes, "class")
        const edit = this.explained(target, "class", () =>
          setClasses(
            target.file,
            target.element,
            applyStyling(
              staticClasses(target.file, target.element),
              declarations,
              modifiers,
              customClassFor(customClasses),
            ),
          ),
        )
        return this.commit("styling", this.one(target.file.path, edit))
      }
      case "CSS":
        throw new UnsupportedEdit({
          reason: "Styling through a CSS file is not supported; use Inline or Tailwind",
        })
    }
  }

  /**
   * The tag a new element is written with: its nativeTag or componentName, or for a tree lookup
   * entry (tempo-devtools copies one in), the tag of the element its codebase id names, else its
   * name.
   */
  private tagOf(added: NewElement, seen: SeenFiles["seenFileHashes"]): string {
    const native = added.type === "nativeTag" || added.type === "native"
    if (native && added.nativeTag !== undefined) return added.nativeTag
    if (added.componentName !== undefined) return added.componentName
    if (added.nativeTag !== undefined) return added.nativeTag
    if (added.codebaseId !== undefined) {
      return this.models.resolve({ codebaseId: added.codebaseId }, seen).element.tagName
    }
    if (added.name !== undefined && added.name !== "") return added.name
    throw new UnsupportedEdit({
      reason: "newElement names no tag: send nativeTag, componentName or a tree lookup entry",
    })
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
      const { file, element } = this.models.resolve(request.beforeElement, seen)
      return { file, place: { kind: "before", sibling: element } }
    }
    if (request.afterElement) {
      const { file, element } = this.models.resolve(request.afterElement, seen)
      return { file, place: { kind: "after", sibling: element } }
    }
    if (container) {
      const { file, element } = this.models.resolve(container, seen)
      return { file, place: { kind: "into", container: element } }
    }
    throw new UnsupportedEdit({
      reason: "Say where: a container, or an element to go before or after",
    })
  }

  async addJsxElement(request: AddJsxElementRequest) {
    const seen = request.seenFileHashes
    const { file, place } = this.place(request, request.destinationElement, seen)
    const created = await extraFilesOf(this.canvas, request.extraFiles)
    const added = request.newElement
    if (added === undefined || request.fileContentsToSourceFrom !== undefined) {
      if (request.fileContentsToSourceFrom === undefined) {
        throw new UnsupportedEdit({ reason: "Say what to add: newElement or file contents" })
      }
      const read = jsxFromFile(request.fileContentsToSourceFrom, request.fileContentsSourceFilename)
      // Names of the copied file the JSX reads come along as imports from it (pasted-names.ts).
      const taken = {
        ...read,
        imports: [
          ...read.imports,
          ...importsFromCopiedFile(
            this.canvas,
            read,
            request.fileContentsSourceFilename,
            file.path,
          ),
        ],
      }
      const edits = [addElement(file, place, taken.text, taken.indent)]
      edits.push(...importsOfTaken(this.canvas, file, taken))
      return this.commit("addJsxElement", this.one(file.path, joinEdits(edits)), created)
    }
    const tag = this.tagOf(added, seen)
    const edits = [addElement(file, place, newElementText(file, tag, added.propsToSet ?? {}))]
    edits.push(...(await importsFor(this.canvas, file, tag, added.componentFile)))
    return this.commit("addJsxElement", this.one(file.path, joinEdits(edits)), created)
  }

  async moveJsxElement(request: MoveJsxElementRequest) {
    const seen = request.seenFileHashes
    const { file, element } = this.models.resolve(request.elementToMove, seen)
    if (request.expectedCurrentParent) {
      const expected = this.models.resolve(request.expectedCurrentParent, seen)
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
    const edit = moveElement(file, element, target.place)
    this.checkScope(file, element, edit)
    return this.commit("moveJsxElement", this.one(file.path, edit))
  }

  /**
   * Refuses a move that would leave a name the element reads unresolved where it lands (moved out
   * of the component that declares it), by the binder's scopes before and after.
   */
  private checkScope(file: FileModel, element: JsxInfo, edit: FileEdit) {
    const applied = applyEdit(file.text, edit)
    const landed = applied.mapPosition(element.start)
    if (landed === undefined) return
    const before = unresolvedNames(file.path, file.text, element.start)
    const after = unresolvedNames(file.path, applied.text, landed)
    const lost = newlyUnresolved(before, after)
    if (lost.length > 0) {
      throw new UnsupportedEdit({
        reason: `Moving <${element.tagName}> there would leave ${lost.join(", ")} undefined: ${lost.length === 1 ? "it is" : "they are"} declared where it is now, not where it would go`,
      })
    }
  }

  async removeJsxElement(request: RemoveJsxElementRequest) {
    const resolved = dedupe(request.elementsToRemove).map((ref) =>
      this.models.resolve(ref, request.seenFileHashes),
    )
    const edits = new Map(
      [...this.grouped(resolved)].map(([path, elements]) => [
        path,
        removeElements(this.models.files.get(path)!, elements),
      ]),
    )
    return this.commit("removeJsxElement", edits)
  }

  async changePropValue(request: ChangePropValueRequest) {
    const { file, element } = this.models.resolve(request.elementToModify, request.seenFileHashes)
    return this.commit(
      "changePropValue",
      this.one(file.path, changeProp(file, element, request.propName, request.propValue)),
    )
  }

  async wrapInDiv(request: WrapInDivRequest) {
    const resolved = dedupe(request.reactElements).map((ref) =>
      this.models.resolve(ref, request.seenFileHashes),
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
      this.models.resolve(ref, request.seenFileHashes),
    )
    const edits = new Map(
      [...this.grouped(resolved)].map(([path, elements]) => [
        path,
        duplicateElements(this.models.files.get(path)!, elements),
      ]),
    )
    return this.commit("duplicate", edits)
  }

  async changeElementTag(request: ChangeElementTagRequest) {
    const { file, element } = this.models.resolve(request.elementToModify, request.seenFileHashes)
    return this.commit(
      "changeElementTag",
      this.one(file.path, changeTag(file, element, request.newTag)),
    )
  }

  async addClass(request: AddClassRequest) {
    const target = this.editTarget(request.reactElement, request.seenFileHashes, "class")
    const { file, element } = target
    const prefix =
      request.stylingFramework === "Tailwind" ? variantPrefix(request.modifiers ?? []) : ""
    const added = classTokens(request.className).map((token) => `${prefix}${token}`)
    const edit = this.explained(target, "class", () =>
      // What the added classes override goes, wherever it is written (see overriddenBy).
      editClasses(file, element, overriddenBy(staticClasses(file, element), added), added),
    )
    return this.commit("addClass", this.one(file.path, edit))
  }

  async removeClass(request: RemoveClassRequest) {
    const target = this.editTarget(request.reactElement, request.seenFileHashes, "class")
    const { file, element } = target
    const removed = classTokens(request.className)
    if (target.atInstance) this.keptInDefinition(target, removed)
    const edit = this.explained(target, "class", () => editClasses(file, element, removed, []))
    return this.commit("removeClass", this.one(file.path, edit))
  }

  async updateClasses(request: UpdateClassesRequest) {
    const target = this.editTarget(request.reactElement, request.seenFileHashes, "class")
    const { file, element } = target
    const fromSource = (list: ReadonlyArray<string>) =>
      list.flatMap(classTokens).filter((token) => !isGeneratedClass(token))
    const current = this.explained(target, "class", () => staticClasses(file, element))
    const old = fromSource(request.oldClasses)
    // At an instance the DOM's classes are the definition's and the instance's together.
    const plain = !target.atInstance && hasPlainClasses(file, element)
    if (target.atInstance) {
      const kept = fromSource(request.newClasses)
      this.keptInDefinition(
        target,
        old.filter((token) => !kept.includes(token)),
      )
    }
    // One string: the DOM's classes are all of it. Built by an expression: the DOM has its
    // strings' classes that always apply among others (props, variants).
    const same = plain
      ? new Set(current).size === new Set(old).size && current.every((token) => old.includes(token))
      : current.every((token) => old.includes(token))
    if (!same) {
      throw new OldContentMismatch({
        codebaseId: element.id,
        expected: old.join(" "),
        actual: current.join(" "),
      })
    }
    const requested = [...new Set(fromSource(request.newClasses))]
    // A class the update adds removes what it overrides among those the source writes and the
    // update keeps, as addClass does.
    const overridden = new Set(
      overriddenBy(
        requested.filter((token) => current.includes(token)),
        requested.filter((token) => !old.includes(token)),
      ),
    )
    const tokens = requested.filter((token) => !overridden.has(token))
    const edit = plain
      ? setClasses(file, element, tokens)
      : editClasses(
          file,
          element,
          old.filter((token) => !tokens.includes(token)),
          tokens.filter((token) => !old.includes(token)),
        )
    return this.commit("updateClasses", this.one(file.path, edit))
  }

  async editText(request: EditTextRequest) {
    const target = this.editTarget(request.element, request.seenFileHashes, "text")
    const { file, element } = target
    const edit = this.explained(target, "text", () =>
      editText(file, element, request.oldText, request.newText, target.atInstance),
    )
    return this.commit("editText", this.one(file.path, edit))
  }

  /**
   * The element a class or text edit of `ref` is made on: the element itself, or, when the client
   * names the component instance it sits in (`instanceCodebaseId`) and the element takes that part
   * from the component's props, that instance where the component is used (issue 18 §3).
   */
  private editTarget(ref: ElementRef, seen: SeenFiles["seenFileHashes"], part: EditedPart) {
    const definition = this.models.resolve(ref, seen)
    const instanceId = ref.instanceCodebaseId
    if (instanceId === undefined || !fromProps(definition.element, part)) {
      return { ...definition, definition, atInstance: false }
    }
    const instance = this.models.resolve({ codebaseId: instanceId }, seen)
    if (!instance.element.isComponent) {
      throw new UnsupportedEdit({
        reason: `instanceCodebaseId names a <${instance.element.tagName}> in ${instance.file.path}, not a component element where a component is used`,
      })
    }
    // Only the instance of the component the element is written in passes it those props (an
    // element handed to <Card> as children reads its own component's className, not Card's).
    if (!isInstanceOf(instance, definition)) {
      return { ...definition, definition, atInstance: false }
    }
    return { ...instance, definition, atInstance: true }
  }

  /**
   * Runs an edit of the target; on the definition, a refusal of a part that comes from the
   * component's props says where the edit belongs.
   */
  private explained<A>(target: EditTarget, part: EditedPart, edit: () => A): A {
    try {
      return edit()
    } catch (error) {
      const { file, element } = target.definition
      const refused = error instanceof DynamicContentNotEditable || error instanceof UnsupportedEdit
      if (target.atInstance || !refused || !fromProps(element, part)) throw error
      const component = componentNameOf(element)
      const hint = `${propWords(part)} (${file.path}): edit the instance where ${component === undefined ? "the component" : `<${component}>`} is used, by sending its codebase id as instanceCodebaseId`
      const reason = `${error.reason}; ${hint}`
      throw error instanceof DynamicContentNotEditable
        ? new DynamicContentNotEditable({ codebaseId: error.codebaseId, reason })
        : new UnsupportedEdit({ reason })
    }
  }

  /** Refuses removing at an instance a class the instance does not write (its definition does). */
  private keptInDefinition(target: EditTarget, removed: ReadonlyArray<string>) {
    const own = new Set(staticClasses(target.file, target.element))
    const elsewhere = removed.filter((token) => !own.has(token))
    if (elsewhere.length === 0) return
    const one = elsewhere.length === 1
    throw new UnsupportedEdit({
      reason: `${elsewhere.join(" ")} ${one ? "is" : "are"} written in the component (${target.definition.file.path}), not on this instance in ${target.file.path}: edit the component to remove ${one ? "it" : "them"}`,
    })
  }

  /** The components the canvas's files export, by name, with their required props. */
  components(): ReadonlyArray<ComponentInfo> {
    return [...this.models.files.values()]
      .flatMap((file) => componentsOf(file.path, file.source))
      .sort((a, b) => a.name.localeCompare(b.name) || a.file.localeCompare(b.file))
  }

  inspect(codebaseId: string): ElementInfo {
    const { file, element } = this.models.current(codebaseId)
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
