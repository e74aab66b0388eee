import { Result, Schema, SchemaIssue } from "effect"
import { CHANGE_FIELDS_SCHEMAS, StoredChangeItemSchema } from "./change-fields.schema.ts"
import type { StoredChangeItem } from "./change-fields.schema.ts"
import { createChange, isChangeType } from "./change-ledger.ts"
import type {
  ChangeFieldsByType,
  ChangeLedgerItem,
  ChangeType,
  InstantUpdate,
  Processing,
} from "./change-ledger.ts"
import { InvalidChangeItem, UnknownChangeType } from "./editing.errors.ts"

/** An undo of an undo of … : real ledgers nest once; a bound keeps hostile input off the stack. */
export const MAX_NESTED_CHANGES = 8

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

/** The first few schema issues as one line, each naming its field. */
const describeIssue = (prefix: string, issue: SchemaIssue.Issue): string =>
  formatIssue(issue)
    .issues.slice(0, 3)
    .map((entry) => {
      const path = (entry.path ?? []).map((key) => String(typeof key === "object" ? key.key : key))
      return `${[prefix, ...path].filter(Boolean).join(".")}: ${entry.message}`
    })
    .join("; ")

const idOf = (input: unknown): string =>
  typeof input === "object" && input !== null && "id" in input && typeof input.id === "string"
    ? input.id
    : ""

const decodeStored = Schema.decodeUnknownResult(StoredChangeItemSchema)

/** The flags of §3 and §4 that contradict each other, as a reason, or undefined. */
const flagContradiction = (stored: StoredChangeItem): string | undefined => {
  if (stored.processedSucceeded === true && stored.processedFailed === true) {
    return "a change cannot both succeed and fail"
  }
  const processed = stored.processedSucceeded === true || stored.processedFailed === true
  if (stored.consumed === true && !processed && stored.type !== "UNKNOWN") {
    return "a change is consumed only after it is processed"
  }
  if (stored.instantUpdateFinished === true && stored.instantUpdateSent !== true) {
    return "an instant update finishes only after it is sent"
  }
  if (stored.instantUpdateSuccessful === true && stored.instantUpdateFinished !== true) {
    return "an instant update succeeds only when it finishes"
  }
  if (stored.sendInstantUpdate === false && stored.instantUpdateSent === true) {
    return "an instant update was sent for a change that sends none"
  }
  if (stored.type === "UNKNOWN" && stored.processedFailed === true) {
    return "an UNKNOWN change counts as processed successfully"
  }
  if (stored.type === "UNKNOWN" && stored.instantUpdateSent === true) {
    return "an UNKNOWN change sends no instant update"
  }
  return undefined
}

const processingOf = (stored: StoredChangeItem): Processing => {
  const outcome = stored.processedFailed === true ? "failed" : "succeeded"
  if (stored.type === "UNKNOWN") {
    return { stage: stored.consumed === true ? "consumed" : "processed", outcome: "succeeded" }
  }
  if (stored.processedSucceeded !== true && stored.processedFailed !== true) {
    return { stage: "pending" }
  }
  return { stage: stored.consumed === true ? "consumed" : "processed", outcome }
}

const instantUpdateOf = (stored: StoredChangeItem, fresh: InstantUpdate): InstantUpdate => {
  if (stored.instantUpdateFinished === true) {
    return {
      status: "finished",
      successful: stored.instantUpdateSuccessful === true,
      data: stored.instantUpdateData,
    }
  }
  if (stored.instantUpdateSent === true) return { status: "sent" }
  return fresh
}

const rebuildAt = (
  input: unknown,
  depth: number,
): Result.Result<ChangeLedgerItem, UnknownChangeType | InvalidChangeItem> => {
  const invalid = (reason: string) =>
    Result.fail(new InvalidChangeItem({ changeId: idOf(input), reason }))
  const decoded = decodeStored(input, { errors: "all" })
  if (Result.isFailure(decoded)) return invalid(describeIssue("", decoded.failure.issue))
  const stored = decoded.success
  const type = stored.type
  if (!isChangeType(type)) return Result.fail(new UnknownChangeType({ type }))

  const fieldsSchema = CHANGE_FIELDS_SCHEMAS[type] as Schema.Codec<
    ChangeFieldsByType[ChangeType],
    unknown
  >
  const fields = Schema.decodeUnknownResult(fieldsSchema)(stored.changeFields, { errors: "all" })
  if (Result.isFailure(fields)) return invalid(describeIssue("changeFields", fields.failure.issue))

  if (type === "UNDO" || type === "REDO") {
    const inner = type === "UNDO" ? "changeToUndo" : "changeToRedo"
    const target = (fields.success as Partial<Record<typeof inner, StoredChangeItem>>)[inner]
    if (target !== undefined) {
      if (depth >= MAX_NESTED_CHANGES)
        return invalid(`changes nest deeper than ${MAX_NESTED_CHANGES}`)
      const rebuilt = rebuildAt(target, depth + 1)
      if (Result.isFailure(rebuilt)) {
        return invalid(`changeFields.${inner}: ${rebuilt.failure.message}`)
      }
    }
  }

  const contradiction = flagContradiction(stored)
  if (contradiction) return invalid(contradiction)

  const anySent = stored.instantUpdateSent === true
  const fresh = createChange({
    id: stored.id,
    type,
    changeName: stored.changeName,
    changeFields: fields.success,
    instantUpdate: anySent ? true : stored.sendInstantUpdate,
  })
  return Result.succeed({
    ...fresh,
    instantUpdate: instantUpdateOf(stored, fresh.instantUpdate),
    processing: processingOf(stored),
  })
}

/**
 * A stored change ledger item rebuilt into a live one: its type must be one of the 15 ("Unknown
 * change type {type}" otherwise), its fields must match the type's schema and its flags must not
 * contradict each other. Bare items (id, type, changeName, changeFields) come back pending.
 */
export const rebuildChange = (
  input: unknown,
): Result.Result<ChangeLedgerItem, UnknownChangeType | InvalidChangeItem> => rebuildAt(input, 0)
