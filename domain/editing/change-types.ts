/**
 * The change ledger's types: plain constants with no Effect import, so the frame script uses
 * these very lists (change-ledger.ts re-exports them with the ledger's rules).
 */

/** Every kind of change the frame records in the change ledger (§3). */
export const CHANGE_TYPES = [
  "STYLING",
  "ADD_JSX",
  "MOVE_JSX",
  "REMOVE_JSX",
  "CHANGE_PROP",
  "ADD_CLASS",
  "REMOVE_CLASS",
  "UPDATE_CLASSES",
  "EDIT_TEXT",
  "WRAP_DIV",
  "CHANGE_TAG",
  "DUPLICATE",
  "UNDO",
  "REDO",
  "UNKNOWN",
] as const
export type ChangeType = (typeof CHANGE_TYPES)[number]

/** The changes whose preview the frame applies at once (§3, instant change kinds). */
export const INSTANT_CHANGE_TYPES = [
  "REMOVE_JSX",
  "ADD_CLASS",
  "STYLING",
  "UPDATE_CLASSES",
  "ADD_JSX",
] as const satisfies ReadonlyArray<ChangeType>
/** The changes whose undo and redo can be shown instantly (§4). */
export const INSTANTLY_UNDOABLE_TYPES = [
  "REMOVE_JSX",
  "ADD_CLASS",
  "STYLING",
  "UPDATE_CLASSES",
] as const satisfies ReadonlyArray<ChangeType>
