import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  canPreviewUndo,
  CHANGE_TYPES,
  createChange,
  createRedo,
  createUndo,
  instantUpdateFinished,
  instantUpdateSent,
  instantUpdateSuccessful,
  isConsumed,
  isPending,
  markConsumed,
  markInstantUpdateFinished,
  markInstantUpdateSent,
  markProcessedFailed,
  markProcessedSucceeded,
  needsInstantUpdate,
  processedFailed,
  processedSucceeded,
  toStoredChange,
} from "./change-ledger.ts"
import type { ChangeLedgerItem, ChangeType } from "./change-ledger.ts"
import { SAMPLE_FIELDS } from "./change-samples.test-support.ts"
import { IllegalLedgerTransition } from "./editing.errors.ts"

const change = <T extends ChangeType>(type: T, instantUpdate?: boolean) =>
  createChange({ id: `change-${type}`, type, changeFields: SAMPLE_FIELDS[type], instantUpdate })

const ok = <I>(result: Result.Result<I, IllegalLedgerTransition>): I => Result.getOrThrow(result)

const refusal = <I>(result: Result.Result<I, IllegalLedgerTransition>) => {
  if (Result.isSuccess(result)) throw new Error("expected the transition to be refused")
  return result.failure
}

describe("createChange", () => {
  it("records a pending change with its id, type, name and fields", () => {
    const item = change("CHANGE_PROP")
    expect(item).toMatchObject({
      id: "change-CHANGE_PROP",
      type: "CHANGE_PROP",
      changeName: "Change prop",
      changeFields: SAMPLE_FIELDS.CHANGE_PROP,
    })
    expect(isPending(item)).toBe(true)
    expect(processedSucceeded(item) || processedFailed(item) || isConsumed(item)).toBe(false)
  })

  it("keeps a change name given by the caller", () => {
    const item = createChange({
      id: "c1",
      type: "EDIT_TEXT",
      changeName: "Rename heading",
      changeFields: SAMPLE_FIELDS.EDIT_TEXT,
    })
    expect(item.changeName).toBe("Rename heading")
  })

  it("previews the five instant change kinds and no other kind by default", () => {
    const previewed = CHANGE_TYPES.filter((type) => needsInstantUpdate(change(type)))
    expect(previewed.sort()).toEqual(
      ["ADD_CLASS", "ADD_JSX", "REMOVE_JSX", "STYLING", "UPDATE_CLASSES"].sort(),
    )
    expect(instantUpdateSent(change("STYLING"))).toBe(false)
  })

  it("lets an add go without an instant update, and a move have one", () => {
    expect(needsInstantUpdate(change("ADD_JSX", false))).toBe(false)
    expect(needsInstantUpdate(change("MOVE_JSX", true))).toBe(true)
  })

  it("counts an UNKNOWN change as processed at once, sending no instant update", () => {
    const item = change("UNKNOWN", true)
    expect(isPending(item)).toBe(false)
    expect(processedSucceeded(item)).toBe(true)
    expect(needsInstantUpdate(item)).toBe(false)
    expect(refusal(markInstantUpdateSent(item))).toBeInstanceOf(IllegalLedgerTransition)
    expect(refusal(markProcessedFailed(item))).toBeInstanceOf(IllegalLedgerTransition)
    expect(isConsumed(ok(markConsumed(item)))).toBe(true)
  })
})

describe("the change lifecycle", () => {
  it("goes pending → processed (succeeded) → consumed, keeping the outcome", () => {
    const processed = ok(markProcessedSucceeded(change("EDIT_TEXT")))
    expect(processedSucceeded(processed)).toBe(true)
    expect(isConsumed(processed)).toBe(false)
    const consumed = ok(markConsumed(processed))
    expect(isConsumed(consumed)).toBe(true)
    expect(processedSucceeded(consumed)).toBe(true)
  })

  it("goes pending → processed (failed) → consumed", () => {
    const consumed = ok(markConsumed(ok(markProcessedFailed(change("CHANGE_TAG")))))
    expect(processedFailed(consumed)).toBe(true)
    expect(processedSucceeded(consumed)).toBe(false)
  })

  it("refuses to consume a pending change and to process a change twice", () => {
    const pending = change("CHANGE_TAG")
    const error = refusal(markConsumed(pending))
    expect(error.code).toBe("ILLEGAL_LEDGER_TRANSITION")
    expect(error.message).toBe(
      "Change change-CHANGE_TAG cannot be consumed while pending, instant update not-needed",
    )
    const processed = ok(markProcessedSucceeded(pending))
    expect(refusal(markProcessedFailed(processed))).toBeInstanceOf(IllegalLedgerTransition)
    expect(refusal(markProcessedSucceeded(processed))).toBeInstanceOf(IllegalLedgerTransition)
  })

  it("sends, then finishes an instant update, keeping what it did", () => {
    const sent = ok(markInstantUpdateSent(change("UPDATE_CLASSES")))
    expect(instantUpdateSent(sent)).toBe(true)
    expect(instantUpdateFinished(sent)).toBe(false)
    const data = { codebaseIdToUpdateClass: "x", oldClasses: ["p-4"], newClasses: ["p-2"] }
    const finished = ok(markInstantUpdateFinished(sent, true, data))
    expect(instantUpdateFinished(finished)).toBe(true)
    expect(instantUpdateSuccessful(finished)).toBe(true)
    expect(finished.instantUpdate).toEqual({ status: "finished", successful: true, data })
  })

  it("refuses to finish an instant update never sent, or to send one twice", () => {
    const item = change("STYLING")
    expect(refusal(markInstantUpdateFinished(item, true))).toBeInstanceOf(IllegalLedgerTransition)
    const sent = ok(markInstantUpdateSent(item))
    expect(refusal(markInstantUpdateSent(sent))).toBeInstanceOf(IllegalLedgerTransition)
  })

  it("refuses an instant update for a change that sends none", () => {
    expect(refusal(markInstantUpdateSent(change("EDIT_TEXT")))).toBeInstanceOf(
      IllegalLedgerTransition,
    )
  })
})

describe("undo and redo", () => {
  const shownStyling = () =>
    ok(markInstantUpdateFinished(ok(markInstantUpdateSent(change("STYLING"))), true))

  it("carry the stored change they reverse or replay", () => {
    const target = shownStyling()
    const undo = createUndo("u1", target)
    expect(undo.type).toBe("UNDO")
    expect(undo.changeFields.changeToUndo).toEqual(toStoredChange(target))
    const redo = createRedo("r1", target)
    expect(redo.changeFields.changeToRedo).toEqual(toStoredChange(target))
  })

  it("preview instantly only for changes of the undoable kinds whose preview was shown", () => {
    expect(needsInstantUpdate(createUndo("u1", shownStyling()))).toBe(true)
    expect(needsInstantUpdate(createRedo("r1", shownStyling()))).toBe(true)
    expect(canPreviewUndo(shownStyling())).toBe(true)

    const unsent = change("STYLING")
    expect(canPreviewUndo(unsent)).toBe(false)
    expect(needsInstantUpdate(createUndo("u2", unsent))).toBe(false)

    const addShown = ok(
      markInstantUpdateFinished(ok(markInstantUpdateSent(change("ADD_JSX"))), true),
    )
    expect(canPreviewUndo(addShown)).toBe(false)
    expect(needsInstantUpdate(createUndo("u3", addShown))).toBe(false)

    const failedPreview = ok(
      markInstantUpdateFinished(ok(markInstantUpdateSent(change("REMOVE_JSX"))), false),
    )
    expect(canPreviewUndo(failedPreview)).toBe(false)
  })

  it("work without a target (the server's history decides) and then preview nothing", () => {
    const undo = createUndo("u1")
    expect(undo.changeFields).toEqual({})
    expect(needsInstantUpdate(undo)).toBe(false)
    expect(isPending(undo)).toBe(true)
  })
})

describe("toStoredChange", () => {
  it("spells out the spec's flags", () => {
    const item = ok(
      markConsumed(
        ok(
          markProcessedFailed(
            ok(markInstantUpdateFinished(ok(markInstantUpdateSent(change("ADD_CLASS"))), false)),
          ),
        ),
      ),
    )
    expect(toStoredChange(item)).toEqual({
      id: "change-ADD_CLASS",
      type: "ADD_CLASS",
      changeName: "Add class",
      changeFields: SAMPLE_FIELDS.ADD_CLASS,
      sendInstantUpdate: true,
      instantUpdateSent: true,
      instantUpdateFinished: true,
      instantUpdateSuccessful: false,
      processedSucceeded: false,
      processedFailed: true,
      consumed: true,
    })
  })
})

// -------------------------------------------------------------------------------------------
// Properties: any sequence of transitions keeps an item legal, and consumed is terminal
// -------------------------------------------------------------------------------------------

type Step = "send" | "finishOk" | "finishFailed" | "succeed" | "fail" | "consume"

const apply = (item: ChangeLedgerItem, step: Step) => {
  switch (step) {
    case "send":
      return markInstantUpdateSent(item)
    case "finishOk":
      return markInstantUpdateFinished(item, true)
    case "finishFailed":
      return markInstantUpdateFinished(item, false)
    case "succeed":
      return markProcessedSucceeded(item)
    case "fail":
      return markProcessedFailed(item)
    case "consume":
      return markConsumed(item)
  }
}

/** The states §4 allows, read through the spec's flags. */
const expectLegal = (item: ChangeLedgerItem) => {
  expect(processedSucceeded(item) && processedFailed(item)).toBe(false)
  if (isConsumed(item)) expect(processedSucceeded(item) || processedFailed(item)).toBe(true)
  if (isPending(item)) expect(processedSucceeded(item) || processedFailed(item)).toBe(false)
  if (instantUpdateFinished(item)) expect(instantUpdateSent(item)).toBe(true)
  if (instantUpdateSuccessful(item)) expect(instantUpdateFinished(item)).toBe(true)
  if (!needsInstantUpdate(item)) expect(instantUpdateSent(item)).toBe(false)
  if (item.type === "UNKNOWN") {
    expect(processedSucceeded(item)).toBe(true)
    expect(instantUpdateSent(item)).toBe(false)
  }
}

const itemArb = fc
  .tuple(fc.constantFrom(...CHANGE_TYPES), fc.option(fc.boolean(), { nil: undefined }))
  .map(([type, instantUpdate]) => change(type, instantUpdate))
const stepsArb = fc.array(
  fc.constantFrom<Step>("send", "finishOk", "finishFailed", "succeed", "fail", "consume"),
  { maxLength: 12 },
)

describe("ledger transitions (properties)", () => {
  it("no sequence of transitions leaves an illegal state; a refused step changes nothing", () => {
    fc.assert(
      fc.property(itemArb, stepsArb, (initial, steps) => {
        let item: ChangeLedgerItem = initial
        expectLegal(item)
        for (const step of steps) {
          const result = apply(item, step)
          if (Result.isSuccess(result)) item = result.success
          else expect(result.failure).toBeInstanceOf(IllegalLedgerTransition)
          expectLegal(item)
          expect(item.id).toBe(initial.id)
          expect(item.changeFields).toBe(initial.changeFields)
        }
      }),
    )
  })

  it("consumed is terminal: every transition from it is refused", () => {
    fc.assert(
      fc.property(itemArb, stepsArb, fc.boolean(), (initial, steps, succeed) => {
        let item: ChangeLedgerItem = initial
        for (const step of steps) {
          const result = apply(item, step)
          if (Result.isSuccess(result)) item = result.success
        }
        if (!isConsumed(item)) {
          const processed = isPending(item)
            ? ok(succeed ? markProcessedSucceeded(item) : markProcessedFailed(item))
            : item
          item = ok(markConsumed(processed))
        }
        const consumed = item
        for (const step of [
          "send",
          "finishOk",
          "finishFailed",
          "succeed",
          "fail",
          "consume",
        ] as const) {
          expect(Result.isFailure(apply(consumed, step))).toBe(true)
        }
      }),
    )
  })

  it("processing is decided once: the outcome never changes after it is set", () => {
    fc.assert(
      fc.property(itemArb, stepsArb, (initial, steps) => {
        let item: ChangeLedgerItem = initial
        let outcome: boolean | undefined
        for (const step of steps) {
          const result = apply(item, step)
          if (Result.isSuccess(result)) item = result.success
          if (!isPending(item)) {
            outcome ??= processedSucceeded(item)
            expect(processedSucceeded(item)).toBe(outcome)
          }
        }
      }),
    )
  })
})
