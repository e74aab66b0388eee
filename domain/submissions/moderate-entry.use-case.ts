import { Effect } from "effect"
import { type Actor, audit, entrySnapshot } from "../admin/audit.ts"
import { reasonIssues } from "../contests/manage-contest.use-case.ts"
import { ValidationFailed } from "../shared/errors.ts"
import type { EntryId } from "../shared/ids.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import type { Entry, Moderation } from "./entry.entity.ts"
import { EntryRepository } from "./entry.port.ts"

export const MODERATION_ACTIONS = ["hide", "disqualify", "restore"] as const
export type ModerationAction = (typeof MODERATION_ACTIONS)[number]

const RESULTING: { readonly [A in ModerationAction]: Moderation } = {
  hide: "hidden",
  disqualify: "disqualified",
  restore: "visible",
}

/**
 * Hides or disqualifies an entry with a reason its member sees on their profile, or restores it.
 * Either way it leaves (or rejoins) the gallery and the leaderboards; votes stay recorded. A
 * disqualified entry cannot win: closing ranks visible entries only.
 */
export const moderateEntry = Effect.fn("moderateEntry")(function* (
  actor: Actor,
  input: {
    readonly entryId: EntryId
    readonly action: ModerationAction
    readonly reason?: string | undefined
  },
) {
  if (input.action !== "restore") {
    const issues = reasonIssues(input.reason)
    if (issues.length > 0) return yield* new ValidationFailed({ issues })
  }
  return yield* transactionally(
    Effect.gen(function* () {
      const entries = yield* EntryRepository
      const entry = yield* entries.get(input.entryId)
      const moderated: Entry = {
        ...entry,
        moderation: RESULTING[input.action],
        moderationReason: input.action === "restore" ? null : (input.reason ?? "").trim(),
      }
      yield* entries.saveModeration(moderated)
      yield* audit(
        actor,
        `entry.${input.action}`,
        { type: "entry", id: entry.id },
        entrySnapshot(entry),
        entrySnapshot(moderated),
      )
      return moderated
    }),
  )
})
