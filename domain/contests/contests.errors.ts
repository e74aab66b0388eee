import { Data } from "effect"
import type { ContestId } from "../shared/ids.ts"
import type { ContestStatus } from "./contest-status.ts"

/** An entry sent outside the contest's window (before start, at or after end, or cancelled). */
export class ContestClosed extends Data.TaggedError("ContestClosed")<{
  readonly contestId: ContestId
  readonly status: ContestStatus
}> {
  readonly code = "CONTEST_CLOSED"
  override get message() {
    return this.status === "scheduled"
      ? "This contest has not started yet. Entries open when it starts."
      : "This contest is no longer accepting entries."
  }
}

/** A new contest's window overlaps one already scheduled: one contest runs at a time per type. */
export class ContestOverlap extends Data.TaggedError("ContestOverlap")<{
  readonly contestId: ContestId
  readonly title: string
}> {
  readonly code = "CONTEST_OVERLAP"
  override get message() {
    return `The window overlaps the contest "${this.title}" (${this.contestId})`
  }
}

/** Closing refused: the contest has not ended yet, or was cancelled. */
export class ContestNotClosable extends Data.TaggedError("ContestNotClosable")<{
  readonly contestId: ContestId
  readonly status: ContestStatus
}> {
  readonly code = "CONTEST_NOT_CLOSABLE"
  override get message() {
    return this.status === "cancelled"
      ? "A cancelled contest has no winner."
      : "The contest has not ended yet; it can be closed once its end has passed."
  }
}

/** A contest without a result to show: it has not ended yet, or it was cancelled. */
export class NoResult extends Data.TaggedError("NoResult")<{
  readonly contestId: ContestId
  readonly status: ContestStatus
}> {
  readonly code = "NO_RESULT"
  override get message() {
    return this.status === "cancelled"
      ? "This contest was cancelled; it has no result."
      : "This contest has not ended yet; its result comes when it ends."
  }
}

/**
 * A member on the free plan sent an entry to a subscribers-only contest: only paid plans may
 * enter it (the plan table's "subscriber-contests" perk). `upgradeUrl` is where the plans are.
 */
export class SubscribersOnly extends Data.TaggedError("SubscribersOnly")<{
  readonly contestId: ContestId
}> {
  readonly code = "SUBSCRIBERS_ONLY"
  readonly upgradeUrl = "/pricing"
  override get message() {
    return "This contest is for subscribers only. Choose a plan (Color Lite and up) to enter it."
  }
}
