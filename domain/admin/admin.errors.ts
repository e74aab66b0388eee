import { Data } from "effect"
import type { ContestId, MemberId } from "../shared/ids.ts"

/** A contest's window (or type) may not change once it started, nor anything once cancelled. */
export class ContestLocked extends Data.TaggedError("ContestLocked")<{
  readonly contestId: ContestId
  readonly reason: "started" | "cancelled" | "ended"
}> {
  readonly code = "CONTEST_LOCKED"
  override get message() {
    switch (this.reason) {
      case "started":
        return "The contest has started: its start, end and type can no longer change."
      case "cancelled":
        return "The contest was cancelled: it can no longer change."
      case "ended":
        return "The contest has ended: it can no longer be cancelled."
    }
  }
}

/** Announcing refused: not closed yet, nobody won, or announced already. */
export class NotAnnounceable extends Data.TaggedError("NotAnnounceable")<{
  readonly contestId: ContestId
  readonly reason: "not-closed" | "no-winner" | "already-announced"
}> {
  get code() {
    return this.reason === "not-closed"
      ? ("CONTEST_NOT_CLOSED" as const)
      : this.reason === "no-winner"
        ? ("NO_WINNER" as const)
        : ("ALREADY_ANNOUNCED" as const)
  }
  override get message() {
    switch (this.reason) {
      case "not-closed":
        return "Close the contest first: its result is decided when it closes."
      case "no-winner":
        return "The contest has no winner to announce (nobody voted)."
      case "already-announced":
        return "The winner was announced already."
    }
  }
}

/** An admin may not take away their own admin role or suspend themself (nobody could undo it). */
export class SelfAction extends Data.TaggedError("SelfAction")<{
  readonly memberId: MemberId
  readonly action: "demote" | "suspend"
}> {
  get code() {
    return this.action === "demote" ? ("SELF_DEMOTION" as const) : ("SELF_SUSPENSION" as const)
  }
  override get message() {
    return this.action === "demote"
      ? "You cannot remove your own admin role; ask another admin."
      : "You cannot suspend your own account."
  }
}
