import { Schema } from "effect"
import { isCodebaseId } from "./codebase-id.ts"
import { BREAKPOINTS, PSEUDO_MODIFIERS, STYLING_FRAMEWORKS } from "./styling.ts"

/**
 * The change fields of each change type, as the frame records them in the change ledger, and the
 * bodies of the mutation calls they turn into. The HTTP adapter decodes request bodies with the
 * body schemas; rebuilding a stored change decodes its fields with the field schemas. (Kept apart
 * from change-ledger.ts, which imports only these types, so the frame need not bundle Schema.)
 */

export const CodebaseIdSchema = Schema.String.check(
  Schema.makeFilter((value: string) => isCodebaseId(value), {
    expected: "a codebase id (tempo-<uuid>, a placeholder, root, body or __next)",
  }),
)

const NonEmptyText = Schema.String.check(Schema.isMinLength(1))
// A class name as the source writes it: Tailwind's may hold ':' and '[…]', never whitespace.
export const ClassNameSchema = Schema.String.check(
  Schema.isPattern(/^\S+$/, { expected: "a class name without whitespace" }),
)
// JSX tag names: host tags, custom elements and member expressions such as Motion.div.
export const TagNameSchema = Schema.String.check(
  Schema.isPattern(/^[A-Za-z][A-Za-z0-9_.-]*$/, { expected: "a JSX tag name" }),
)
export const PropNameSchema = Schema.String.check(
  Schema.isPattern(/^[A-Za-z_$][A-Za-z0-9_$:-]*$/, { expected: "a JSX prop name" }),
)
/**
 * A Tailwind variant a class is written under (hover:, md:): the pseudo modifiers and breakpoints
 * of §9 and any other variant name, so that the rewriter, not the schema, decides what it writes.
 */
export const ModifierSchema = Schema.String.check(
  Schema.isPattern(/^[a-z0-9][a-z0-9-]*$/, { expected: "a variant name such as hover or md" }),
)
export type Modifier = typeof ModifierSchema.Type
/** The modifiers the frame can preview, as the spec lists them. */
export const KNOWN_MODIFIERS: ReadonlyArray<string> = [...PSEUDO_MODIFIERS, ...BREAKPOINTS]
/**
 * A prop's value: a string becomes a string attribute; numbers, booleans, arrays and objects an
 * expression; null removes the prop (the source rewriter port's PropValue).
 */
export const PropValueSchema = Schema.Union([
  Schema.String,
  Schema.Finite,
  Schema.Boolean,
  Schema.Null,
  Schema.Array(Schema.Unknown),
  Schema.Record(Schema.String, Schema.Unknown),
])
export type PropValue = typeof PropValueSchema.Type
/** CSS property → value; null (or "") removes the property. */
export const CssDeclarationsSchema = Schema.Record(
  Schema.String,
  Schema.NullOr(Schema.Union([Schema.String, Schema.Finite])),
)
/**
 * A class the client knows the CSS of (tempo-devtools' ClassType): a project's own Tailwind class
 * (`text-brand`) and the declarations it stands for (`color: var(--brand)`). Styling writes it in
 * place of an arbitrary value when a declaration is exactly its CSS.
 */
export const CustomClassSchema = Schema.Struct({
  tailwind: Schema.String,
  css: Schema.String,
  variant: Schema.optional(Schema.NullOr(Schema.String)),
})
export type CustomClass = typeof CustomClassSchema.Type
/**
 * Custom properties (--brand) → value, null removing one; or, as tempo-devtools sends them, the
 * custom classes the client knows the CSS of.
 */
export const CustomPropertiesSchema = Schema.Union([
  Schema.Record(Schema.String, Schema.NullOr(Schema.String)),
  Schema.Array(CustomClassSchema),
])
/** Relative path → the content hash of the file as the client saw it. */
export const SeenFileHashesSchema = Schema.Record(Schema.String, Schema.String)
export const StylingFrameworkSchema = Schema.Literals(STYLING_FRAMEWORKS)
const CodebaseIds = Schema.Array(CodebaseIdSchema).check(Schema.isMinLength(1))

// ---------------------------------------------------------------------------------------------
// Change fields, one struct per change type
// ---------------------------------------------------------------------------------------------

export const StylingFieldsSchema = Schema.Struct({
  codebaseId: CodebaseIdSchema,
  /** CSS property (camelCase or kebab-case) → value. */
  stylingChanges: CssDeclarationsSchema,
  stylingFramework: StylingFrameworkSchema,
  modifiers: Schema.optional(Schema.Array(ModifierSchema)),
  customProperties: Schema.optional(CustomPropertiesSchema),
  /** The component instance it was rendered by: a class or text from props is edited there. */
  instanceCodebaseId: Schema.optional(CodebaseIdSchema),
})
export type StylingFields = typeof StylingFieldsSchema.Type

export const AddJsxFieldsSchema = Schema.Struct({
  codebaseIdToAddTo: CodebaseIdSchema,
  beforeCodebaseId: Schema.optional(CodebaseIdSchema),
  afterCodebaseId: Schema.optional(CodebaseIdSchema),
  /** The placeholder id the instant update gave the new element. */
  addCodebaseId: Schema.optional(CodebaseIdSchema),
  addNativeTag: Schema.optional(TagNameSchema),
  componentName: Schema.optional(TagNameSchema),
  /** Where the component is exported from, relative to the canvas root, when the frame knows. */
  componentFile: Schema.optional(NonEmptyText),
  propsToSet: Schema.optional(Schema.Record(PropNameSchema, PropValueSchema)),
  deletedStoryboardId: Schema.optional(NonEmptyText),
  fileContentsToSourceFrom: Schema.optional(Schema.String),
  fileContentsSourceFilename: Schema.optional(NonEmptyText),
  /** Further files the new element needs, path → contents. */
  extraFiles: Schema.optional(Schema.Record(Schema.String, Schema.String)),
}).check(
  Schema.makeFilter(
    (fields) =>
      fields.addNativeTag !== undefined ||
      fields.componentName !== undefined ||
      fields.fileContentsToSourceFrom !== undefined,
    { expected: "addNativeTag, componentName or fileContentsToSourceFrom" },
  ),
)
export type AddJsxFields = typeof AddJsxFieldsSchema.Type

export const MoveJsxFieldsSchema = Schema.Struct({
  codebaseIdToMove: CodebaseIdSchema,
  codebaseIdToMoveTo: CodebaseIdSchema,
  afterCodebaseId: Schema.optional(CodebaseIdSchema),
  beforeCodebaseId: Schema.optional(CodebaseIdSchema),
  /** The parent the frame saw; the server refuses the move if the source says otherwise. */
  expectedCurrentParentCodebaseId: Schema.optional(CodebaseIdSchema),
})
export type MoveJsxFields = typeof MoveJsxFieldsSchema.Type

export const RemoveJsxFieldsSchema = Schema.Struct({ codebaseIdsToRemove: CodebaseIds })
export type RemoveJsxFields = typeof RemoveJsxFieldsSchema.Type

export const ChangePropFieldsSchema = Schema.Struct({
  codebaseIdToChange: CodebaseIdSchema,
  propName: PropNameSchema,
  propValue: PropValueSchema,
})
export type ChangePropFields = typeof ChangePropFieldsSchema.Type

export const AddClassFieldsSchema = Schema.Struct({
  codebaseIdToAddClass: CodebaseIdSchema,
  className: ClassNameSchema,
  /** Tailwind, or null when the class is plain CSS. */
  stylingFramework: Schema.optional(Schema.NullOr(Schema.Literal("Tailwind"))),
  modifiers: Schema.optional(Schema.Array(ModifierSchema)),
  customProperties: Schema.optional(CustomPropertiesSchema),
  /** The component instance it was rendered by: a class or text from props is edited there. */
  instanceCodebaseId: Schema.optional(CodebaseIdSchema),
})
export type AddClassFields = typeof AddClassFieldsSchema.Type

export const RemoveClassFieldsSchema = Schema.Struct({
  codebaseIdToRemoveClass: CodebaseIdSchema,
  className: ClassNameSchema,
  /** The component instance it was rendered by: a class or text from props is edited there. */
  instanceCodebaseId: Schema.optional(CodebaseIdSchema),
})
export type RemoveClassFields = typeof RemoveClassFieldsSchema.Type

export const UpdateClassesFieldsSchema = Schema.Struct({
  codebaseIdToUpdateClass: CodebaseIdSchema,
  newClasses: Schema.Array(ClassNameSchema),
  oldClasses: Schema.Array(ClassNameSchema),
  /** The component instance it was rendered by: a class or text from props is edited there. */
  instanceCodebaseId: Schema.optional(CodebaseIdSchema),
})
export type UpdateClassesFields = typeof UpdateClassesFieldsSchema.Type

export const EditTextFieldsSchema = Schema.Struct({
  codebaseIdToEditText: CodebaseIdSchema,
  newText: Schema.String,
  /**
   * The text the frame saw; the server refuses the edit if the source says otherwise. Optional,
   * as in tempo-devtools: without it the element's whole static text is replaced.
   */
  oldText: Schema.optional(Schema.String),
  /** The component instance it was rendered by: a class or text from props is edited there. */
  instanceCodebaseId: Schema.optional(CodebaseIdSchema),
})
export type EditTextFields = typeof EditTextFieldsSchema.Type

export const WrapDivFieldsSchema = Schema.Struct({ codebaseIdsToWrap: CodebaseIds })
export type WrapDivFields = typeof WrapDivFieldsSchema.Type

export const ChangeTagFieldsSchema = Schema.Struct({
  codebaseIdToChange: CodebaseIdSchema,
  newTagName: TagNameSchema,
})
export type ChangeTagFields = typeof ChangeTagFieldsSchema.Type

export const DuplicateFieldsSchema = Schema.Struct({ codebaseIdsToDuplicate: CodebaseIds })
export type DuplicateFields = typeof DuplicateFieldsSchema.Type

/** What an instant update did, kept so that undo can reverse the preview. */
export const InstantUpdateDataSchema = Schema.Struct({
  codebaseIdsToRemove: Schema.optional(Schema.Array(Schema.String)),
  codebaseIdToAddClass: Schema.optional(Schema.String),
  codebaseIdToUpdateClass: Schema.optional(Schema.String),
  newClasses: Schema.optional(Schema.Array(Schema.String)),
  oldClasses: Schema.optional(Schema.Array(Schema.String)),
  addedIds: Schema.optional(Schema.Array(Schema.String)),
  addedClass: Schema.optional(Schema.String),
  codebaseAddedClass: Schema.optional(Schema.String),
  /** Parent element key → the children removed from it, to re-insert at their index on undo. */
  parentToElementKeysRemoved: Schema.optional(
    Schema.Record(
      Schema.String,
      Schema.Array(Schema.Struct({ elementKeyRemoved: Schema.String, outerHTML: Schema.String })),
    ),
  ),
})
export type InstantUpdateData = typeof InstantUpdateDataSchema.Type

/**
 * A change ledger item as stored (session storage, a recorded ledger file): the fields of §3 and
 * the flags of §4, each flag optional so that a hand-written ledger of bare changes is accepted.
 * `changeFields` is checked against the type's schema when the item is rebuilt.
 */
export const StoredChangeItemSchema = Schema.Struct({
  id: NonEmptyText,
  type: Schema.String,
  changeName: Schema.optional(Schema.String),
  changeFields: Schema.optional(Schema.Unknown),
  /** False for a change made without a preview (an add with no instant update). */
  sendInstantUpdate: Schema.optional(Schema.Boolean),
  instantUpdateSent: Schema.optional(Schema.Boolean),
  instantUpdateFinished: Schema.optional(Schema.Boolean),
  instantUpdateSuccessful: Schema.optional(Schema.Boolean),
  instantUpdateData: Schema.optional(InstantUpdateDataSchema),
  processedSucceeded: Schema.optional(Schema.Boolean),
  processedFailed: Schema.optional(Schema.Boolean),
  consumed: Schema.optional(Schema.Boolean),
})
export type StoredChangeItem = typeof StoredChangeItemSchema.Type

/** Undo and redo name the change whose preview they reverse or replay, when the frame has it. */
export const UndoFieldsSchema = Schema.Struct({
  changeToUndo: Schema.optional(StoredChangeItemSchema),
})
export type UndoFields = typeof UndoFieldsSchema.Type

export const RedoFieldsSchema = Schema.Struct({
  changeToRedo: Schema.optional(StoredChangeItemSchema),
})
export type RedoFields = typeof RedoFieldsSchema.Type

/** The field schema of every change type but UNKNOWN, whose fields are anything at all. */
export const CHANGE_FIELDS_SCHEMAS = {
  STYLING: StylingFieldsSchema,
  ADD_JSX: AddJsxFieldsSchema,
  MOVE_JSX: MoveJsxFieldsSchema,
  REMOVE_JSX: RemoveJsxFieldsSchema,
  CHANGE_PROP: ChangePropFieldsSchema,
  ADD_CLASS: AddClassFieldsSchema,
  REMOVE_CLASS: RemoveClassFieldsSchema,
  UPDATE_CLASSES: UpdateClassesFieldsSchema,
  EDIT_TEXT: EditTextFieldsSchema,
  WRAP_DIV: WrapDivFieldsSchema,
  CHANGE_TAG: ChangeTagFieldsSchema,
  DUPLICATE: DuplicateFieldsSchema,
  UNDO: UndoFieldsSchema,
  REDO: RedoFieldsSchema,
  UNKNOWN: Schema.Unknown,
} as const
