import type { ChangeFieldsByType, ChangeType } from "./change-ledger.ts"

/** Codebase ids for tests: tempo- + a v4 uuid ending in the given digit. */
export const sampleId = (digit: number): string =>
  `tempo-6f1c2b1e-9a4d-4c3b-8f2e-1d2c3b4a5f6${digit}`

/** One valid set of change fields per change type (UNDO and REDO without a target). */
export const SAMPLE_FIELDS: { readonly [T in ChangeType]: ChangeFieldsByType[T] } = {
  STYLING: {
    codebaseId: sampleId(1),
    stylingChanges: { backgroundColor: "#4597F7" },
    stylingFramework: "Tailwind",
    modifiers: ["hover", "md"],
    customProperties: { "--gap": "4px" },
  },
  ADD_JSX: {
    codebaseIdToAddTo: sampleId(1),
    afterCodebaseId: sampleId(2),
    addCodebaseId: "tempo-add-jsx-placeholder-1",
    addNativeTag: "div",
    propsToSet: { className: "p-4", hidden: false },
  },
  MOVE_JSX: {
    codebaseIdToMove: sampleId(3),
    codebaseIdToMoveTo: sampleId(1),
    beforeCodebaseId: sampleId(2),
    expectedCurrentParentCodebaseId: sampleId(4),
  },
  REMOVE_JSX: { codebaseIdsToRemove: [sampleId(2), sampleId(3), sampleId(2)] },
  CHANGE_PROP: { codebaseIdToChange: sampleId(1), propName: "title", propValue: "Hello" },
  ADD_CLASS: {
    codebaseIdToAddClass: sampleId(1),
    className: "bg-red-500",
    stylingFramework: "Tailwind",
    modifiers: ["hover"],
  },
  REMOVE_CLASS: { codebaseIdToRemoveClass: sampleId(1), className: "p-4" },
  UPDATE_CLASSES: {
    codebaseIdToUpdateClass: sampleId(1),
    newClasses: ["p-2", "flex"],
    oldClasses: ["p-4"],
  },
  EDIT_TEXT: { codebaseIdToEditText: sampleId(5), newText: "Hi there", oldText: "Hello" },
  WRAP_DIV: { codebaseIdsToWrap: [sampleId(2), sampleId(3), sampleId(3)] },
  CHANGE_TAG: { codebaseIdToChange: sampleId(5), newTagName: "section" },
  DUPLICATE: { codebaseIdsToDuplicate: [sampleId(2), sampleId(2)] },
  UNDO: {},
  REDO: {},
  UNKNOWN: { anything: "at all" },
}
