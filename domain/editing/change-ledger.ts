import { Result } from "effect"
import type {
  AddClassFields,
  AddJsxFields,
  ChangePropFields,
  ChangeTagFields,
  DuplicateFields,
  EditTextFields,
  InstantUpdateData,
  MoveJsxFields,
  RedoFields,
  RemoveClassFields,
  RemoveJsxFields,
  StoredChangeItem,
  StylingFields,
  UndoFields,
  UpdateClassesFields,
  WrapDivFields,
} from "./change-fields.schema.ts"
import { IllegalLedgerTransition } from "./editing.errors.ts"

export {
  CHANGE_TYPES,
  type ChangeType,
  INSTANT_CHANGE_TYPES,
  INSTANTLY_UNDOABLE_TYPES,
} from "./change-types.ts"
import type { ChangeType } from "./change-types.ts"
import { CHANGE_TYPES, INSTANT_CHANGE_TYPES, INSTANTLY_UNDOABLE_TYPES } from "./change-types.ts"

export interface ChangeFieldsByType {
  readonly STYLING: StylingFields
  readonly ADD_JSX: AddJsxFields
  readonly MOVE_JSX: MoveJsxFields
  readonly REMOVE_JSX: RemoveJsxFields
  readonly CHANGE_PROP: ChangePropFields
  readonly ADD_CLASS: AddClassFields
  readonly REMOVE_CLASS: RemoveClassFields
  readonly UPDATE_CLASSES: UpdateClassesFields
  readonly EDIT_TEXT: EditTextFields
  readonly WRAP_DIV: WrapDivFields
  readonly CHANGE_TAG: ChangeTagFields
  readonly DUPLICATE: DuplicateFields
  readonly UNDO: UndoFields
  readonly REDO: RedoFields
  readonly UNKNOWN: unknown
}

/** Human names, used when a change is recorded without one. */
export const DEFAULT_CHANGE_NAMES: Readonly<Record<ChangeType, string>> = {
  STYLING: "Change styling",
  ADD_JSX: "Add element",
  MOVE_JSX: "Move element",
  REMOVE_JSX: "Remove element",
  CHANGE_PROP: "Change prop",
  ADD_CLASS: "Add class",
  REMOVE_CLASS: "Remove class",
  UPDATE_CLASSES: "Update classes",
  EDIT_TEXT: "Edit text",
  WRAP_DIV: "Wrap in div",
  CHANGE_TAG: "Change tag",
  DUPLICATE: "Duplicate",
  UNDO: "Undo",
  REDO: "Redo",
  UNKNOWN: "Unknown change",
}

/**
 * The preview of a change: not needed (UNKNOWN, or a change made without one), or not sent, then
 * sent, then finished with success or failure. The union leaves no room for "finished but not sent".
 */
export type InstantUpdate =
  | { readonly status: "not-needed" }
  | { readonly status: "not-sent" }
  | { readonly status: "sent" }
  | {
      readonly status: "finished"
      readonly successful: boolean
      /** What the preview did, so that undo can reverse it. */
      readonly data?: InstantUpdateData | undefined
    }

export type ProcessingOutcome = "succeeded" | "failed"
/** Pending until the server's processing succeeds or fails; consumed after that, for good. */
export type Processing =
  | { readonly stage: "pending" }
  | { readonly stage: "processed" | "consumed"; readonly outcome: ProcessingOutcome }

export interface ChangeLedgerItemOf<T extends ChangeType> {
  /** A uuid, minted by the caller's id source. */
  readonly id: string
  readonly type: T
  readonly changeName: string
  readonly changeFields: ChangeFieldsByType[T]
  readonly instantUpdate: InstantUpdate
  readonly processing: Processing
}

/** One change of any type; switching on `type` narrows `changeFields`. */
export type ChangeLedgerItem = { [T in ChangeType]: ChangeLedgerItemOf<T> }[ChangeType]
/** The item of type T; for a union of types, the union of their items. */
export type ChangeLedgerItemFor<T extends ChangeType> = T extends ChangeType
  ? ChangeLedgerItemOf<T>
  : never

export const isChangeType = (value: string): value is ChangeType =>
  (CHANGE_TYPES as ReadonlyArray<string>).includes(value)

const isOneOf = (types: ReadonlyArray<ChangeType>, type: string) =>
  (types as ReadonlyArray<string>).includes(type)

/** Whether a change of this type, with these fields, previews itself by default. */
export const hasInstantPreview = <T extends ChangeType>(
  type: T,
  changeFields: ChangeFieldsByType[T],
): boolean => {
  if (type === "UNDO" || type === "REDO") {
    const fields = changeFields as UndoFields & RedoFields
    const target = fields.changeToUndo ?? fields.changeToRedo
    // Reversing a preview needs the preview to have been shown.
    return (
      target !== undefined &&
      isOneOf(INSTANTLY_UNDOABLE_TYPES, target.type) &&
      target.instantUpdateSuccessful === true
    )
  }
  return isOneOf(INSTANT_CHANGE_TYPES, type)
}

export interface NewChange<T extends ChangeType> {
  readonly id: string
  readonly type: T
  readonly changeFields: ChangeFieldsByType[T]
  readonly changeName?: string | undefined
  /** Overrides the type's default; an add without an instant update passes false. */
  readonly instantUpdate?: boolean | undefined
}

/**
 * A change as the frame records it: pending, its preview not yet sent. An UNKNOWN change counts
 * as processed at once and sends no instant update, since nothing can be done with it.
 */
export const createChange = <T extends ChangeType>(input: NewChange<T>): ChangeLedgerItemFor<T> => {
  const unknown = input.type === "UNKNOWN"
  const previews =
    !unknown && (input.instantUpdate ?? hasInstantPreview(input.type, input.changeFields))
  const item: ChangeLedgerItemOf<T> = {
    id: input.id,
    type: input.type,
    changeName: input.changeName ?? DEFAULT_CHANGE_NAMES[input.type],
    changeFields: input.changeFields,
    instantUpdate: previews ? { status: "not-sent" } : { status: "not-needed" },
    processing: unknown ? { stage: "processed", outcome: "succeeded" } : { stage: "pending" },
  }
  return item as ChangeLedgerItemFor<T>
}

/** An undo of `changeToUndo` (when the frame still has it, so its preview can be reversed). */
export const createUndo = (
  id: string,
  changeToUndo?: ChangeLedgerItem,
): ChangeLedgerItemOf<"UNDO"> =>
  createChange({
    id,
    type: "UNDO",
    changeFields: changeToUndo ? { changeToUndo: toStoredChange(changeToUndo) } : {},
  })

export const createRedo = (
  id: string,
  changeToRedo?: ChangeLedgerItem,
): ChangeLedgerItemOf<"REDO"> =>
  createChange({
    id,
    type: "REDO",
    changeFields: changeToRedo ? { changeToRedo: toStoredChange(changeToRedo) } : {},
  })

// -----------------------------------------------------------------------------------------------
// The spec's flags, read from the state
// -----------------------------------------------------------------------------------------------

export const needsInstantUpdate = (item: ChangeLedgerItem): boolean =>
  item.instantUpdate.status !== "not-needed"
export const instantUpdateSent = (item: ChangeLedgerItem): boolean =>
  item.instantUpdate.status === "sent" || item.instantUpdate.status === "finished"
export const instantUpdateFinished = (item: ChangeLedgerItem): boolean =>
  item.instantUpdate.status === "finished"
export const instantUpdateSuccessful = (item: ChangeLedgerItem): boolean =>
  item.instantUpdate.status === "finished" && item.instantUpdate.successful
export const isPending = (item: ChangeLedgerItem): boolean => item.processing.stage === "pending"
export const processedSucceeded = (item: ChangeLedgerItem): boolean =>
  item.processing.stage !== "pending" && item.processing.outcome === "succeeded"
export const processedFailed = (item: ChangeLedgerItem): boolean =>
  item.processing.stage !== "pending" && item.processing.outcome === "failed"
export const isConsumed = (item: ChangeLedgerItem): boolean => item.processing.stage === "consumed"

/** The state in words, for error messages. */
export const describeState = (item: ChangeLedgerItem): string => {
  const processing =
    item.processing.stage === "pending"
      ? "pending"
      : `${item.processing.stage} (${item.processing.outcome})`
  const instant = item.instantUpdate
  const preview =
    instant.status === "finished"
      ? `instant update ${instant.successful ? "succeeded" : "failed"}`
      : `instant update ${instant.status}`
  return `${processing}, ${preview}`
}

// -----------------------------------------------------------------------------------------------
// Transitions: each refuses a step the state does not allow; nothing leaves consumed
// -----------------------------------------------------------------------------------------------

export type Transition<I extends ChangeLedgerItem> = Result.Result<I, IllegalLedgerTransition>

const refuse = <I extends ChangeLedgerItem>(item: I, transition: string): Transition<I> =>
  Result.fail(
    new IllegalLedgerTransition({ changeId: item.id, transition, state: describeState(item) }),
  )

export const markInstantUpdateSent = <I extends ChangeLedgerItem>(item: I): Transition<I> =>
  item.instantUpdate.status === "not-sent" && !isConsumed(item)
    ? Result.succeed({ ...item, instantUpdate: { status: "sent" } })
    : refuse(item, "send its instant update")

export const markInstantUpdateFinished = <I extends ChangeLedgerItem>(
  item: I,
  successful: boolean,
  data?: InstantUpdateData,
): Transition<I> =>
  item.instantUpdate.status === "sent" && !isConsumed(item)
    ? Result.succeed({ ...item, instantUpdate: { status: "finished", successful, data } })
    : refuse(item, "finish its instant update")

const markProcessed = <I extends ChangeLedgerItem>(
  item: I,
  outcome: ProcessingOutcome,
): Transition<I> =>
  item.processing.stage === "pending"
    ? Result.succeed({ ...item, processing: { stage: "processed", outcome } })
    : refuse(item, outcome === "succeeded" ? "succeed" : "fail")

export const markProcessedSucceeded = <I extends ChangeLedgerItem>(item: I): Transition<I> =>
  markProcessed(item, "succeeded")

export const markProcessedFailed = <I extends ChangeLedgerItem>(item: I): Transition<I> =>
  markProcessed(item, "failed")

/** Taken off the queue once processed; the outcome is kept. */
export const markConsumed = <I extends ChangeLedgerItem>(item: I): Transition<I> =>
  item.processing.stage === "processed"
    ? Result.succeed({
        ...item,
        processing: { stage: "consumed", outcome: item.processing.outcome },
      })
    : refuse(item, "be consumed")

/**
 * Whether undoing (or redoing) this change can be previewed: only for the instantly undoable
 * types, and only when its own preview was shown and its record kept.
 */
export const canPreviewUndo = (item: ChangeLedgerItem): boolean =>
  isOneOf(INSTANTLY_UNDOABLE_TYPES, item.type) &&
  item.instantUpdate.status === "finished" &&
  item.instantUpdate.successful

// -----------------------------------------------------------------------------------------------
// The stored form (the inverse, rebuildChange, checks fields against schemas: stored-change.ts)
// -----------------------------------------------------------------------------------------------

/** The item as plain JSON, with the spec's flags spelled out. */
export const toStoredChange = (item: ChangeLedgerItem): StoredChangeItem => {
  const instant = item.instantUpdate
  return {
    id: item.id,
    type: item.type,
    changeName: item.changeName,
    changeFields: item.changeFields,
    sendInstantUpdate: needsInstantUpdate(item),
    instantUpdateSent: instantUpdateSent(item),
    instantUpdateFinished: instantUpdateFinished(item),
    instantUpdateSuccessful: instantUpdateSuccessful(item),
    ...(instant.status === "finished" && instant.data !== undefined
      ? { instantUpdateData: instant.data }
      : {}),
    processedSucceeded: processedSucceeded(item),
    processedFailed: processedFailed(item),
    consumed: isConsumed(item),
  }
}
