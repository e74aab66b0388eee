import { Context, Data, type Effect } from "effect"

/**
 * The folder of a canvas: a registered Vite + React app the editor may rewrite (an absolute path).
 * Nothing outside it is ever read for editing or written.
 */
export type CanvasRoot = string

/**
 * An element as a request names it: the frame's nav-tree lookup entry. The rewriter resolves it by
 * `codebaseId` alone; the other fields are carried along for the caller's own use.
 */
export interface ElementRef {
  readonly codebaseId: string
  readonly storyboardId?: string | undefined
  readonly uniquePath?: string | undefined
  readonly name?: string | undefined
  /**
   * The codebase id of the component instance the element was rendered by (`<Button>` where the
   * component is used). A class or text edit of an element that takes them from the component's
   * props (`cn(…, className)`, `{children}`, `{...props}`) is made there instead.
   */
  readonly instanceCodebaseId?: string | undefined
}

/**
 * A prop's new value. A string becomes a string attribute (`title="Hi"`); numbers, booleans,
 * arrays and objects become an expression (`{3}`, `{true}`, `{["a"]}`); `null` removes the prop.
 */
export type PropValue =
  string | number | boolean | null | ReadonlyArray<unknown> | { readonly [key: string]: unknown }

export type StylingFramework = "Inline" | "CSS" | "Tailwind"

/**
 * Fields every mutation may carry: the content hash (`fileHash` in a result) of each file the
 * client saw, by path relative to the canvas root. A file changed on disk since is re-resolved by
 * the element's fingerprint, or the mutation is refused with `FileConflict`.
 */
export interface SeenFiles {
  readonly seenFileHashes?: { readonly [relativePath: string]: string } | undefined
}

export interface StylingRequest extends SeenFiles {
  readonly reactElement: ElementRef
  /** CSS properties (kebab-case or camelCase) to their values; `null` or "" removes one. */
  readonly styling: { readonly [property: string]: string | number | null }
  readonly stylingFramework: StylingFramework
  /** Tailwind variants: breakpoints (sm, md, lg, xl, 2xl) and pseudo-classes (hover, focus, …). */
  readonly modifiers?: ReadonlyArray<string> | undefined
  /**
   * Extra custom properties (`--brand`) set beside the styling; or the custom classes the client
   * knows the CSS of, written instead of an arbitrary value for a declaration that is their CSS.
   */
  readonly customProperties?: CustomProperties | undefined
}
/** A class and the CSS it stands for (tempo-devtools' ClassType). */
export interface CustomClass {
  readonly tailwind: string
  readonly css: string
  readonly variant?: string | null | undefined
}
export type CustomProperties =
  { readonly [property: string]: string | null } | ReadonlyArray<CustomClass>

export interface NewElement {
  /**
   * nativeTag (or tempo-devtools' "native") for a host tag, component for a component; any other
   * type is a tree lookup entry, naming by `codebaseId` (or `name`) the element to add another of.
   */
  readonly type?: string | undefined
  readonly nativeTag?: string | undefined
  readonly componentName?: string | undefined
  readonly codebaseId?: string | undefined
  readonly name?: string | undefined
  readonly propsToSet?: { readonly [prop: string]: PropValue } | undefined
  /**
   * Where the component is exported from, relative to the canvas root. Optional: without it the
   * canvas is searched for a file exporting `componentName`.
   */
  readonly componentFile?: string | undefined
}
export interface AddJsxElementRequest extends SeenFiles {
  /** The container the element is appended to when neither sibling is given. */
  readonly destinationElement?: ElementRef | undefined
  readonly beforeElement?: ElementRef | undefined
  readonly afterElement?: ElementRef | undefined
  /** What to add; absent when it comes from `fileContentsToSourceFrom`. */
  readonly newElement?: NewElement | undefined
  /**
   * The source of a file (a storyboard or a component's file) whose rendered JSX is added: the
   * first JSX its default export (else its first component) returns, with the imports it uses.
   */
  readonly fileContentsToSourceFrom?: string | undefined
  /** That file's path relative to the canvas root, to rebase its relative imports. */
  readonly fileContentsSourceFilename?: string | undefined
  /** Further files the added JSX needs, path relative to the canvas root → contents. */
  readonly extraFiles?: { readonly [path: string]: string } | undefined
}
export interface MoveJsxElementRequest extends SeenFiles {
  readonly elementToMove: ElementRef
  /** The new parent; the element goes last in it unless a sibling is given. */
  readonly newContainerElement?: ElementRef | undefined
  readonly afterElement?: ElementRef | undefined
  readonly beforeElement?: ElementRef | undefined
  /** The parent the client believes the element has; refused with ParentMismatch otherwise. */
  readonly expectedCurrentParent?: ElementRef | undefined
}

export interface RemoveJsxElementRequest extends SeenFiles {
  readonly elementsToRemove: ReadonlyArray<ElementRef>
}

export interface ChangePropValueRequest extends SeenFiles {
  readonly elementToModify: ElementRef
  readonly propName: string
  readonly propValue: PropValue
}

export interface WrapInDivRequest extends SeenFiles {
  readonly reactElements: ReadonlyArray<ElementRef>
}

export interface DuplicateRequest extends SeenFiles {
  readonly reactElements: ReadonlyArray<ElementRef>
}

export interface ChangeElementTagRequest extends SeenFiles {
  readonly elementToModify: ElementRef
  readonly newTag: string
}

export interface AddClassRequest extends SeenFiles {
  readonly reactElement: ElementRef
  readonly className: string
  readonly stylingFramework?: "Tailwind" | null | undefined
  readonly modifiers?: ReadonlyArray<string> | undefined
  readonly customProperties?: CustomProperties | undefined
}

export interface RemoveClassRequest extends SeenFiles {
  readonly reactElement: ElementRef
  readonly className: string
}

export interface UpdateClassesRequest extends SeenFiles {
  readonly reactElement: ElementRef
  readonly newClasses: ReadonlyArray<string>
  /** The classes the client saw; refused with OldContentMismatch when the source has others. */
  readonly oldClasses: ReadonlyArray<string>
}

export interface EditTextRequest extends SeenFiles {
  readonly element: ElementRef
  readonly newText: string
  /**
   * The text the client saw; refused with OldContentMismatch when the source has another. Without
   * it the element's whole static text is replaced (or its one static part, in mixed content).
   */
  readonly oldText?: string | undefined
}

/** One file a mutation, an undo or a redo wrote. */
export interface ChangedFile {
  /** Relative to the canvas root, with `/` separators. */
  readonly path: string
  /** The content hash of the file as written: what a later request sends in `seenFileHashes`. */
  readonly fileHash: string
}

export interface MutationResult {
  readonly changedFiles: ReadonlyArray<ChangedFile>
  /**
   * Old codebase id → new codebase id, for every element of the changed files that is still there
   * and whose (positional) id changed. Removed elements are absent.
   */
  readonly codebaseIds: { readonly [oldId: string]: string }
  /** The element the edit created (addJsxElement, wrapInDiv; the first copy for duplicate). */
  readonly newCodebaseId: string | null
  /** Every element the edit created, in source order (each copy for duplicate). */
  readonly addedCodebaseIds: ReadonlyArray<string>
}

/** What the rewriter knows about one element of the source. */
export interface ElementInfo {
  readonly codebaseId: string
  readonly path: string
  readonly fileHash: string
  readonly tagName: string
  readonly isComponent: boolean
  /** The element's static text, or null when its text has expressions or other elements. */
  readonly staticText: string | null
  /** Text mixing static parts and expressions: only the static parts can be edited. */
  readonly hasDynamicText: boolean
  /** Rendered once per item of a list (inside a `.map` callback or another function argument). */
  readonly insideList: boolean
  /** Rendered only under a condition (`&&`, `||`, `??` or a ternary). */
  readonly conditional: boolean
}

/**
 * What a component prop takes, as its declared type says: a string, a number, a boolean, one of
 * some strings (a union of string literals, in `options`), or anything else (`typeText` says what).
 */
export type ComponentPropKind = "string" | "number" | "boolean" | "choice" | "other"

export interface ComponentProp {
  readonly name: string
  readonly kind: ComponentPropKind
  /** The strings a "choice" prop takes, in declared order; empty for the other kinds. */
  readonly options: ReadonlyArray<string>
  /** The prop's type as the source writes it. */
  readonly typeText: string
}

/** A component a file of the canvas exports, with what an element of it must be given. */
export interface ComponentInfo {
  readonly name: string
  /** The file exporting it, relative to the canvas root. */
  readonly file: string
  /**
   * The props declared without `?` and given no default where the component takes them apart,
   * as far as the file itself declares them (a type imported from elsewhere is not read).
   */
  readonly requiredProps: ReadonlyArray<ComponentProp>
}

/** No element of the canvas has this codebase id (any more). */
export class ElementNotFound extends Data.TaggedError("ElementNotFound")<{
  readonly codebaseId: string
}> {
  readonly code = "ELEMENT_NOT_FOUND"
  override get message() {
    return `No element with codebase id ${this.codebaseId}`
  }
}

/**
 * A file is not what the client (or the history) expects: changed on disk since it was seen and
 * the element could not be found again, or changed since the edit an undo or redo would revert;
 * or the canvas's history file itself cannot be read (then nothing is written until it is
 * repaired or moved aside, so no edit is made that could not be undone).
 */
export class FileConflict extends Data.TaggedError("FileConflict")<{
  readonly path: string
  readonly reason: string
}> {
  readonly code = "FILE_CONFLICT"
  override get message() {
    return `${this.path}: ${this.reason}`
  }
}

/**
 * Codebase ids are positions: after a move, an insert or a removal, an id the client still holds
 * may name another element than the one it saw. Without seenFileHashes the server cannot tell
 * which one the client means when the id named several in recent versions of its file, so it
 * edits neither.
 */
export class ElementChanged extends Data.TaggedError("ElementChanged")<{
  readonly codebaseId: string
  readonly path: string
}> {
  readonly code = "ELEMENT_CHANGED"
  override get message() {
    return `The codebase id ${this.codebaseId} named different elements of ${this.path} in its recent versions (an element moved, was added or removed), so which one this edit means is unsure; reload the canvas, or send seenFileHashes, and try again`
  }
}

/** A path that resolves outside the canvas root. */
export class PathOutsideCanvas extends Data.TaggedError("PathOutsideCanvas")<{
  readonly path: string
}> {
  readonly code = "PATH_OUTSIDE_CANVAS"
  override get message() {
    return `${this.path} is outside the canvas`
  }
}

/** The edit would leave a file that does not parse; nothing was written. */
export class ResultDoesNotParse extends Data.TaggedError("ResultDoesNotParse")<{
  readonly path: string
  readonly diagnostics: ReadonlyArray<string>
}> {
  readonly code = "RESULT_DOES_NOT_PARSE"
  override get message() {
    return `The edit would break ${this.path}: ${this.diagnostics.join("; ")}`
  }
}

/** The old text (or old classes) the client sent is not what the source holds. */
export class OldContentMismatch extends Data.TaggedError("OldContentMismatch")<{
  readonly codebaseId: string
  readonly expected: string
  readonly actual: string
}> {
  readonly code = "OLD_CONTENT_MISMATCH"
  override get message() {
    return `The element ${this.codebaseId} holds "${this.actual}", not "${this.expected}"`
  }
}

/** A move whose element is no longer a child of the parent the client saw. */
export class ParentMismatch extends Data.TaggedError("ParentMismatch")<{
  readonly codebaseId: string
  readonly expectedParent: string
  readonly actualParent: string | null
}> {
  readonly code = "PARENT_MISMATCH"
  override get message() {
    return `The element ${this.codebaseId} is not a child of ${this.expectedParent}`
  }
}

/** Content built by expressions (text with `{…}`, a list's item, a conditional branch). */
export class DynamicContentNotEditable extends Data.TaggedError("DynamicContentNotEditable")<{
  readonly codebaseId: string
  readonly reason: string
}> {
  readonly code = "DYNAMIC_CONTENT_NOT_EDITABLE"
  override get message() {
    return `The element ${this.codebaseId} cannot be edited statically: ${this.reason}`
  }
}

/** A request the rewriter cannot carry out as asked (a move across files, a bad tag name, …). */
export class UnsupportedEdit extends Data.TaggedError("UnsupportedEdit")<{
  readonly reason: string
}> {
  readonly code = "UNSUPPORTED_EDIT"
  override get message() {
    return this.reason
  }
}

/** Undo with no change left to undo, or redo with none to redo. */
export class NothingToRevert extends Data.TaggedError("NothingToRevert")<{
  readonly action: "undo" | "redo"
}> {
  readonly code = "NOTHING_TO_REVERT"
  override get message() {
    return `Nothing to ${this.action}`
  }
}

export type SourceRewriteError =
  | ElementNotFound
  | ElementChanged
  | FileConflict
  | PathOutsideCanvas
  | ResultDoesNotParse
  | OldContentMismatch
  | ParentMismatch
  | DynamicContentNotEditable
  | UnsupportedEdit

type Mutation<Request> = (
  canvas: CanvasRoot,
  request: Request,
) => Effect.Effect<MutationResult, SourceRewriteError>

/**
 * Rewrites the TSX source of a canvas, one mutation of the frame's table at a time. Every write
 * is recorded so it can be undone and redone, across restarts.
 */
export class SourceRewriter extends Context.Service<
  SourceRewriter,
  {
    readonly styling: Mutation<StylingRequest>
    readonly addJsxElement: Mutation<AddJsxElementRequest>
    readonly moveJsxElement: Mutation<MoveJsxElementRequest>
    readonly removeJsxElement: Mutation<RemoveJsxElementRequest>
    readonly changePropValue: Mutation<ChangePropValueRequest>
    readonly wrapInDiv: Mutation<WrapInDivRequest>
    readonly duplicate: Mutation<DuplicateRequest>
    readonly changeElementTag: Mutation<ChangeElementTagRequest>
    readonly addClass: Mutation<AddClassRequest>
    readonly removeClass: Mutation<RemoveClassRequest>
    readonly updateClasses: Mutation<UpdateClassesRequest>
    readonly editText: Mutation<EditTextRequest>
    /** Reverts the latest change still on the undo stack. */
    readonly undoChangeToFiles: (
      canvas: CanvasRoot,
    ) => Effect.Effect<MutationResult, FileConflict | PathOutsideCanvas | NothingToRevert>
    /** Applies again the latest change undone. */
    readonly redoChangeToFiles: (
      canvas: CanvasRoot,
    ) => Effect.Effect<MutationResult, FileConflict | PathOutsideCanvas | NothingToRevert>
    /** The components the canvas's files export, with their required props. */
    readonly listComponents: (
      canvas: CanvasRoot,
    ) => Effect.Effect<ReadonlyArray<ComponentInfo>, PathOutsideCanvas>
    /** Where an element is and whether its content is static. */
    readonly inspectElement: (
      canvas: CanvasRoot,
      codebaseId: string,
    ) => Effect.Effect<ElementInfo, ElementNotFound | PathOutsideCanvas>
  }
>()("colorday/SourceRewriter") {}
