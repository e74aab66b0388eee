import { Schema } from "effect"
import {
  ClassNameSchema,
  CodebaseIdSchema,
  CssDeclarationsSchema,
  CustomPropertiesSchema,
  ModifierSchema,
  PropNameSchema,
  PropValueSchema,
  SeenFileHashesSchema,
  StylingFrameworkSchema,
  TagNameSchema,
} from "./change-fields.schema.ts"

/**
 * The bodies of the mutation calls (§7), for the HTTP adapter to decode; their types fit the
 * source rewriter port's requests. Each names its elements by an element reference, which the
 * server resolves by its codebase id, and may carry the hashes of the files the client saw.
 */

const seenFileHashes = Schema.optional(SeenFileHashesSchema)

/**
 * An element as a request body names it: the shape of the frame's nav-tree lookup entries, of
 * which only the codebase id is required. Other keys are dropped when decoding.
 */
export const ElementRefSchema = Schema.Struct({
  codebaseId: CodebaseIdSchema,
  storyboardId: Schema.optional(Schema.String),
  uniquePath: Schema.optional(Schema.String),
  name: Schema.optional(Schema.String),
  /** The component instance it was rendered by, where a class or text edit from props goes. */
  instanceCodebaseId: Schema.optional(CodebaseIdSchema),
})
export type ElementRef = typeof ElementRefSchema.Type

const ElementRefs = Schema.Array(ElementRefSchema).check(Schema.isMinLength(1))

export const StylingBodySchema = Schema.Struct({
  reactElement: ElementRefSchema,
  styling: CssDeclarationsSchema,
  stylingFramework: StylingFrameworkSchema,
  modifiers: Schema.optional(Schema.Array(ModifierSchema)),
  customProperties: Schema.optional(CustomPropertiesSchema),
  seenFileHashes,
})
export type StylingBody = typeof StylingBodySchema.Type

/**
 * The element an add creates. Our frame names it by `type` nativeTag or component; tempo-devtools
 * sends `type: "native"` with the tag in nativeTag (and componentName), or a copy of a tree lookup
 * entry (its codebaseId and name, any type), which adds another instance of that element's tag.
 */
export const NewElementSchema = Schema.Struct({
  type: Schema.optional(Schema.String),
  nativeTag: Schema.optional(TagNameSchema),
  componentName: Schema.optional(TagNameSchema),
  /** A tree lookup entry's own fields: the element to add another of. */
  codebaseId: Schema.optional(CodebaseIdSchema),
  name: Schema.optional(Schema.String),
  propsToSet: Schema.optional(Schema.Record(PropNameSchema, PropValueSchema)),
  componentFile: Schema.optional(Schema.String),
}).check(
  Schema.makeFilter(
    (element) =>
      element.nativeTag !== undefined ||
      element.componentName !== undefined ||
      element.codebaseId !== undefined ||
      (element.name !== undefined && element.name !== ""),
    { expected: "a nativeTag, a componentName, or a tree lookup entry (codebaseId or name)" },
  ),
)
export type NewElement = typeof NewElementSchema.Type

export const AddJsxElementBodySchema = Schema.Struct({
  /** The container, used when neither sibling is given. */
  destinationElement: Schema.optional(ElementRefSchema),
  beforeElement: Schema.optional(ElementRefSchema),
  afterElement: Schema.optional(ElementRefSchema),
  /** Absent when the element comes from fileContentsToSourceFrom. */
  newElement: Schema.optional(NewElementSchema),
  canvasId: Schema.optional(Schema.String),
  deletedStoryboardId: Schema.optional(Schema.String),
  fileContentsToSourceFrom: Schema.optional(Schema.String),
  fileContentsSourceFilename: Schema.optional(Schema.String),
  extraFiles: Schema.optional(Schema.Record(Schema.String, Schema.String)),
  hasInstantUpdate: Schema.optional(Schema.Boolean),
  seenFileHashes,
}).check(
  Schema.makeFilter(
    (body) =>
      body.destinationElement !== undefined ||
      body.beforeElement !== undefined ||
      body.afterElement !== undefined,
    { expected: "destinationElement, beforeElement or afterElement" },
  ),
  Schema.makeFilter(
    (body) => body.newElement !== undefined || body.fileContentsToSourceFrom !== undefined,
    { expected: "newElement or fileContentsToSourceFrom" },
  ),
)
export type AddJsxElementBody = typeof AddJsxElementBodySchema.Type

export const MoveJsxElementBodySchema = Schema.Struct({
  elementToMove: ElementRefSchema,
  /** The new parent, used when neither sibling is given. */
  newContainerElement: Schema.optional(ElementRefSchema),
  afterElement: Schema.optional(ElementRefSchema),
  beforeElement: Schema.optional(ElementRefSchema),
  expectedCurrentParent: Schema.optional(ElementRefSchema),
  seenFileHashes,
}).check(
  Schema.makeFilter(
    (body) =>
      body.newContainerElement !== undefined ||
      body.beforeElement !== undefined ||
      body.afterElement !== undefined,
    { expected: "newContainerElement, beforeElement or afterElement" },
  ),
)
export type MoveJsxElementBody = typeof MoveJsxElementBodySchema.Type

export const RemoveJsxElementBodySchema = Schema.Struct({
  elementsToRemove: ElementRefs,
  seenFileHashes,
})
export type RemoveJsxElementBody = typeof RemoveJsxElementBodySchema.Type

export const ChangePropValueBodySchema = Schema.Struct({
  elementToModify: ElementRefSchema,
  propName: PropNameSchema,
  propValue: PropValueSchema,
  seenFileHashes,
})
export type ChangePropValueBody = typeof ChangePropValueBodySchema.Type

export const WrapInDivBodySchema = Schema.Struct({ reactElements: ElementRefs, seenFileHashes })
export type WrapInDivBody = typeof WrapInDivBodySchema.Type

export const DuplicateBodySchema = Schema.Struct({ reactElements: ElementRefs, seenFileHashes })
export type DuplicateBody = typeof DuplicateBodySchema.Type

export const ChangeElementTagBodySchema = Schema.Struct({
  elementToModify: ElementRefSchema,
  newTag: TagNameSchema,
  seenFileHashes,
})
export type ChangeElementTagBody = typeof ChangeElementTagBodySchema.Type

export const AddClassBodySchema = Schema.Struct({
  reactElement: ElementRefSchema,
  className: ClassNameSchema,
  /** Tailwind, or null (none) for a plain class. */
  stylingFramework: Schema.optional(Schema.NullOr(Schema.Literal("Tailwind"))),
  modifiers: Schema.optional(Schema.Array(ModifierSchema)),
  customProperties: Schema.optional(CustomPropertiesSchema),
  seenFileHashes,
})
export type AddClassBody = typeof AddClassBodySchema.Type

export const RemoveClassBodySchema = Schema.Struct({
  reactElement: ElementRefSchema,
  className: ClassNameSchema,
  seenFileHashes,
})
export type RemoveClassBody = typeof RemoveClassBodySchema.Type

export const EditTextBodySchema = Schema.Struct({
  element: ElementRefSchema,
  newText: Schema.String,
  /** The text the client saw; optional (tempo-devtools may not send it). */
  oldText: Schema.optional(Schema.String),
  seenFileHashes,
})
export type EditTextBody = typeof EditTextBodySchema.Type

export const UpdateClassesBodySchema = Schema.Struct({
  reactElement: ElementRefSchema,
  newClasses: Schema.Array(ClassNameSchema),
  oldClasses: Schema.Array(ClassNameSchema),
  seenFileHashes,
})
export type UpdateClassesBody = typeof UpdateClassesBodySchema.Type

/** Undo and redo send an empty body: the server's history knows what to reverse. */
export const EmptyBodySchema = Schema.Struct({})
export type EmptyBody = typeof EmptyBodySchema.Type

/** The body schema of every endpoint, for an adapter that routes by endpoint name. */
export const MUTATION_BODY_SCHEMAS = {
  styling: StylingBodySchema,
  addJsxElement: AddJsxElementBodySchema,
  moveJsxElement: MoveJsxElementBodySchema,
  removeJsxElement: RemoveJsxElementBodySchema,
  changePropValue: ChangePropValueBodySchema,
  wrapInDiv: WrapInDivBodySchema,
  duplicate: DuplicateBodySchema,
  changeElementTag: ChangeElementTagBodySchema,
  addClass: AddClassBodySchema,
  removeClass: RemoveClassBodySchema,
  editText: EditTextBodySchema,
  updateClasses: UpdateClassesBodySchema,
  undoChangeToFiles: EmptyBodySchema,
  redoChangeToFiles: EmptyBodySchema,
} as const
