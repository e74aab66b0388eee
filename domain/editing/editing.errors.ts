import { Data } from "effect"

/** Which id of an element key was refused. */
export type ElementKeyIdPart = "codebaseId" | "storyboardId"

/**
 * An element key's codebase id or storyboard id holds a character other than a letter, a digit, a
 * hyphen or an underscore. The spec gives one message for both ids; `part` tells them apart.
 */
export class InvalidKeyId extends Data.TaggedError("InvalidKeyId")<{
  readonly part: ElementKeyIdPart
  readonly value: string
}> {
  readonly code = "INVALID_KEY_ID"
  override get message() {
    return "Codebase ID contains invalid chars"
  }
}

/** A string that is not of the form TE_{codebase}_{storyboard}_{path}. */
export class MalformedElementKey extends Data.TaggedError("MalformedElementKey")<{
  readonly key: string
  readonly reason: string
}> {
  readonly code = "MALFORMED_ELEMENT_KEY"
  override get message() {
    return `Malformed element key ${this.key}: ${this.reason}`
  }
}

/** A stored change ledger item whose type is none of the 15 change types. */
export class UnknownChangeType extends Data.TaggedError("UnknownChangeType")<{
  readonly type: string
}> {
  readonly code = "UNKNOWN_CHANGE_TYPE"
  override get message() {
    return `Unknown change type ${this.type}`
  }
}

/** A stored change ledger item of a known type whose fields or flags do not hold together. */
export class InvalidChangeItem extends Data.TaggedError("InvalidChangeItem")<{
  readonly changeId: string
  readonly reason: string
}> {
  readonly code = "INVALID_CHANGE_ITEM"
  override get message() {
    return `Invalid change ${this.changeId || "(no id)"}: ${this.reason}`
  }
}

/** An UNKNOWN change cannot be turned into a mutation request. */
export class UnsupportedOperation extends Data.TaggedError("UnsupportedOperation")<{
  readonly changeId: string
  readonly type: string
}> {
  readonly code = "UNSUPPORTED_OPERATION"
  override get message() {
    return "Unsupported operation"
  }
}

/** A lifecycle step that the change's current state does not allow (consumed is terminal). */
export class IllegalLedgerTransition extends Data.TaggedError("IllegalLedgerTransition")<{
  readonly changeId: string
  readonly transition: string
  readonly state: string
}> {
  readonly code = "ILLEGAL_LEDGER_TRANSITION"
  override get message() {
    return `Change ${this.changeId} cannot ${this.transition} while ${this.state}`
  }
}

/** Every refusal of the editing rules; adapters map each tag to a transport. */
export type EditingError =
  | InvalidKeyId
  | MalformedElementKey
  | UnknownChangeType
  | InvalidChangeItem
  | UnsupportedOperation
  | IllegalLedgerTransition
