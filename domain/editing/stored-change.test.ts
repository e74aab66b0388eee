import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  CHANGE_TYPES,
  createChange,
  createUndo,
  markConsumed,
  markInstantUpdateFinished,
  markInstantUpdateSent,
  markProcessedFailed,
  markProcessedSucceeded,
  toStoredChange,
} from "./change-ledger.ts"
import type { ChangeLedgerItem, ChangeType } from "./change-ledger.ts"
import { SAMPLE_FIELDS, sampleId } from "./change-samples.test-support.ts"
import { InvalidChangeItem, UnknownChangeType } from "./editing.errors.ts"
import { MAX_NESTED_CHANGES, rebuildChange } from "./stored-change.ts"

const change = <T extends ChangeType>(type: T) =>
  createChange({ id: `change-${type}`, type, changeFields: SAMPLE_FIELDS[type] })

const failure = (input: unknown) => {
  const result = rebuildChange(input)
  if (Result.isSuccess(result)) throw new Error("expected the rebuild to fail")
  return result.failure
}

const roundTrip = (item: ChangeLedgerItem) =>
  Result.getOrThrow(rebuildChange(JSON.parse(JSON.stringify(toStoredChange(item)))))

describe("rebuildChange", () => {
  it("rebuilds a bare stored change (id, type, changeName, changeFields) as pending", () => {
    const item = Result.getOrThrow(
      rebuildChange({
        id: "c1",
        type: "EDIT_TEXT",
        changeName: "Edit text",
        changeFields: SAMPLE_FIELDS.EDIT_TEXT,
      }),
    )
    expect(item).toEqual(
      createChange({ id: "c1", type: "EDIT_TEXT", changeFields: SAMPLE_FIELDS.EDIT_TEXT }),
    )
  })

  it('refuses a type outside the 15 with "Unknown change type {type}"', () => {
    const error = failure({ id: "c1", type: "TELEPORT", changeFields: {} })
    expect(error).toBeInstanceOf(UnknownChangeType)
    expect(error.message).toBe("Unknown change type TELEPORT")
    expect(error.code).toBe("UNKNOWN_CHANGE_TYPE")
  })

  it("refuses something that is not a stored change at all, naming the field", () => {
    const error = failure({ type: "STYLING", changeFields: {} })
    expect(error).toBeInstanceOf(InvalidChangeItem)
    expect(error.message).toContain("id")
    expect(failure("STYLING")).toBeInstanceOf(InvalidChangeItem)
    expect(failure(null)).toBeInstanceOf(InvalidChangeItem)
  })

  it("refuses change fields that do not fit the type, naming the field", () => {
    const error = failure({
      id: "c7",
      type: "STYLING",
      changeFields: { ...SAMPLE_FIELDS.STYLING, codebaseId: "not-an-id" },
    })
    expect(error).toBeInstanceOf(InvalidChangeItem)
    expect(error.message).toMatch(/^Invalid change c7: changeFields\.codebaseId: /)
  })

  it("refuses an add that names neither a tag, a component nor file contents", () => {
    const { addNativeTag: _tag, ...fields } = SAMPLE_FIELDS.ADD_JSX
    expect(failure({ id: "c1", type: "ADD_JSX", changeFields: fields })).toBeInstanceOf(
      InvalidChangeItem,
    )
  })

  it("refuses an empty remove, wrap or duplicate list", () => {
    expect(
      failure({ id: "c1", type: "REMOVE_JSX", changeFields: { codebaseIdsToRemove: [] } }),
    ).toBeInstanceOf(InvalidChangeItem)
    expect(
      failure({ id: "c1", type: "WRAP_DIV", changeFields: { codebaseIdsToWrap: [] } }),
    ).toBeInstanceOf(InvalidChangeItem)
  })

  it.each([
    [{ processedSucceeded: true, processedFailed: true }, "both succeed and fail"],
    [{ consumed: true }, "consumed only after it is processed"],
    [{ instantUpdateFinished: true }, "finishes only after it is sent"],
    [{ instantUpdateSent: true, instantUpdateSuccessful: true }, "succeeds only when it finishes"],
    [{ sendInstantUpdate: false, instantUpdateSent: true }, "sends none"],
  ])("refuses contradictory flags %j", (flags, reason) => {
    const error = failure({
      id: "c1",
      type: "STYLING",
      changeFields: SAMPLE_FIELDS.STYLING,
      ...flags,
    })
    expect(error).toBeInstanceOf(InvalidChangeItem)
    expect(error.message).toContain(reason)
  })

  it("refuses an UNKNOWN change that failed or sent an instant update", () => {
    expect(failure({ id: "c1", type: "UNKNOWN", processedFailed: true }).message).toContain(
      "processed successfully",
    )
    expect(failure({ id: "c1", type: "UNKNOWN", instantUpdateSent: true }).message).toContain(
      "no instant update",
    )
  })

  it("rebuilds an UNKNOWN change as processed, whatever its fields", () => {
    const item = Result.getOrThrow(rebuildChange({ id: "c1", type: "UNKNOWN" }))
    expect(item.processing).toEqual({ stage: "processed", outcome: "succeeded" })
    expect(item.instantUpdate).toEqual({ status: "not-needed" })
  })

  it("checks the change an undo carries", () => {
    const undo = createUndo("u1", change("STYLING"))
    const stored = toStoredChange(undo)
    const broken = {
      ...stored,
      changeFields: { changeToUndo: { id: "x", type: "NOPE" } },
    }
    expect(failure(broken).message).toBe(
      "Invalid change u1: changeFields.changeToUndo: Unknown change type NOPE",
    )
    expect(Result.getOrThrow(rebuildChange(stored))).toEqual(undo)
  })

  it("refuses undos nested deeper than the bound", () => {
    let stored: unknown = toStoredChange(change("STYLING"))
    for (let depth = 0; depth <= MAX_NESTED_CHANGES; depth += 1) {
      stored = { id: `u${depth}`, type: "UNDO", changeFields: { changeToUndo: stored } }
    }
    expect(failure(stored).message).toContain("nest deeper")
  })

  it("accepts a stored codebase id list with duplicates (they are dropped when sent)", () => {
    const item = Result.getOrThrow(
      rebuildChange({
        id: "c1",
        type: "REMOVE_JSX",
        changeFields: { codebaseIdsToRemove: [sampleId(1), sampleId(1)] },
      }),
    )
    expect(item.type).toBe("REMOVE_JSX")
  })
})

type Step = "send" | "finishOk" | "finishFailed" | "succeed" | "fail" | "consume"
const apply = (item: ChangeLedgerItem, step: Step) => {
  switch (step) {
    case "send":
      return markInstantUpdateSent(item)
    case "finishOk":
      return markInstantUpdateFinished(item, true, { addedIds: ["tempo-add-jsx-placeholder-1"] })
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

describe("stored form round-trip (property)", () => {
  it("rebuilds every reachable item, of every type and state, exactly as it was", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CHANGE_TYPES),
        fc.array(
          fc.constantFrom<Step>("send", "finishOk", "finishFailed", "succeed", "fail", "consume"),
          { maxLength: 8 },
        ),
        (type, steps) => {
          let item: ChangeLedgerItem = change(type)
          for (const step of steps) {
            const result = apply(item, step)
            if (Result.isSuccess(result)) item = result.success
          }
          expect(roundTrip(item)).toEqual(item)
        },
      ),
    )
  })
})
