import { Data, Effect, Result, Schema, SchemaIssue } from "effect"
import type { ChangeType } from "./change-ledger.ts"
import { processedFailed } from "./change-ledger.ts"
import { applyMutation, type MutationCall } from "./mutate-canvas.use-case.ts"
import { MUTATION_BODY_SCHEMAS } from "./mutation-request.schema.ts"
import { toMutationRequest } from "./mutation-request.ts"
import type { CanvasRoot, ChangedFile } from "./source-rewriter.port.ts"
import { rebuildChange } from "./stored-change.ts"

/**
 * Replaying a recorded change ledger onto a source tree (`colorday edits replay`): every item is
 * rebuilt and turned into the mutation call the frame would have sent, all of them before any is
 * applied, so a bad item is reported by its index and nothing is written.
 */

/** The ledger, or one of its items (by its index in the list), cannot be replayed as recorded. */
export class InvalidLedger extends Data.TaggedError("InvalidLedger")<{
  /** The item's index in the ledger's list; null for the ledger as a whole. */
  readonly index: number | null
  readonly reason: string
}> {
  readonly code = "INVALID_LEDGER"
  override get message() {
    return this.index === null
      ? `The ledger ${this.reason}`
      : `Ledger item ${this.index}: ${this.reason}`
  }
}

/** The source rewriter refused an item while it was replayed. */
export class LedgerItemRefused extends Data.TaggedError("LedgerItemRefused")<{
  readonly index: number
  readonly changeId: string
  readonly type: ChangeType
  readonly refusal: { readonly code: string; readonly message: string }
}> {
  readonly code = "LEDGER_ITEM_REFUSED"
  override get message() {
    return `Ledger item ${this.index} (${this.type} ${this.changeId}): ${this.refusal.message} (${this.refusal.code})`
  }
}

export interface PlannedChange {
  readonly index: number
  readonly changeId: string
  readonly type: ChangeType
  readonly call: MutationCall
}

export interface SkippedChange {
  readonly index: number
  readonly changeId: string
  readonly type: ChangeType
  readonly reason: string
}

export interface ReplayPlan {
  readonly changes: ReadonlyArray<PlannedChange>
  readonly skipped: ReadonlyArray<SkippedChange>
}

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

const describeIssue = (issue: SchemaIssue.Issue): string =>
  formatIssue(issue)
    .issues.slice(0, 3)
    .map((entry) => {
      const path = (entry.path ?? []).map((key) => String(typeof key === "object" ? key.key : key))
      return path.length > 0 ? `${path.join(".")}: ${entry.message}` : entry.message
    })
    .join("; ")

/** The list of items of a ledger file: a JSON array of items, or an object holding one in `items`. */
export const ledgerItems = (
  ledger: unknown,
): Result.Result<ReadonlyArray<unknown>, InvalidLedger> => {
  if (Array.isArray(ledger)) return Result.succeed(ledger as ReadonlyArray<unknown>)
  const items = (ledger as { readonly items?: unknown } | null)?.items
  return Array.isArray(items)
    ? Result.succeed(items as ReadonlyArray<unknown>)
    : Result.fail(
        new InvalidLedger({
          index: null,
          reason: "is neither a list of changes nor { items: [...] }",
        }),
      )
}

/**
 * Every item of a ledger as the call it replays as. UNKNOWN changes (processed at once, with no
 * call) and changes whose processing failed when they were recorded (they changed no file then)
 * are skipped; any other item that cannot be rebuilt or whose call would not be accepted fails
 * the whole plan with its index.
 */
export const planReplay = (ledger: unknown): Result.Result<ReplayPlan, InvalidLedger> => {
  const listed = ledgerItems(ledger)
  if (Result.isFailure(listed)) return Result.fail(listed.failure)
  const changes: Array<PlannedChange> = []
  const skipped: Array<SkippedChange> = []
  for (const [index, input] of listed.success.entries()) {
    const rebuilt = rebuildChange(input)
    if (Result.isFailure(rebuilt)) {
      return Result.fail(new InvalidLedger({ index, reason: rebuilt.failure.message }))
    }
    const item = rebuilt.success
    const about = { index, changeId: item.id, type: item.type }
    if (item.type === "UNKNOWN") {
      skipped.push({ ...about, reason: "an UNKNOWN change has no call" })
      continue
    }
    if (processedFailed(item)) {
      skipped.push({ ...about, reason: "its processing failed when it was recorded" })
      continue
    }
    const request = toMutationRequest(item, { canvasId: "replay" })
    if (Result.isFailure(request)) {
      return Result.fail(new InvalidLedger({ index, reason: request.failure.message }))
    }
    const { endpoint, body } = request.success
    const schema = MUTATION_BODY_SCHEMAS[endpoint] as unknown as Schema.Codec<unknown, unknown>
    const decoded = Schema.decodeUnknownResult(schema)(body, { errors: "all" })
    if (Result.isFailure(decoded)) {
      return Result.fail(
        new InvalidLedger({
          index,
          reason: `its ${endpoint} call would be refused: ${describeIssue(decoded.failure.issue)}`,
        }),
      )
    }
    changes.push({ ...about, call: { endpoint, body: decoded.success } as MutationCall })
  }
  return Result.succeed({ changes, skipped })
}

export interface ReplayResult {
  readonly applied: number
  readonly skipped: ReadonlyArray<SkippedChange>
  /** Every file the replay wrote, each once, with its last content hash. */
  readonly changedFiles: ReadonlyArray<ChangedFile>
}

/** Applies a plan's calls in order through the source rewriter; the first refusal stops it. */
export const replayLedger = Effect.fn("replayLedger")(function* (
  root: CanvasRoot,
  plan: ReplayPlan,
) {
  const changed = new Map<string, ChangedFile>()
  for (const change of plan.changes) {
    const result = yield* applyMutation(root, change.call).pipe(
      Effect.mapError(
        (error) =>
          new LedgerItemRefused({
            index: change.index,
            changeId: change.changeId,
            type: change.type,
            refusal: { code: error.code, message: error.message },
          }),
      ),
    )
    for (const file of result.changedFiles) changed.set(file.path, file)
  }
  const replayed: ReplayResult = {
    applied: plan.changes.length,
    skipped: plan.skipped,
    changedFiles: [...changed.values()].sort((a, b) => a.path.localeCompare(b.path)),
  }
  return replayed
})
