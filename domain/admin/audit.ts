import { Clock, Effect } from "effect"
import type { Member } from "../accounts/member.entity.ts"
import type { Contest } from "../contests/contest.entity.ts"
import type { MemberId } from "../shared/ids.ts"
import type { Entry } from "../submissions/entry.entity.ts"
import { AuditLog, type AuditTargetType } from "./audit-log.port.ts"

/** Who acts: an admin (by the session's member id) or the operator at the CLI (null). */
export type Actor = MemberId | null

/**
 * Writes one audit row. Callers run it inside the same transaction as the change it records, so
 * a change without its row (or a row without its change) cannot happen.
 */
export const audit = (
  actor: Actor,
  action: string,
  target: { readonly type: AuditTargetType; readonly id: string },
  before: unknown,
  after: unknown,
) =>
  Effect.gen(function* () {
    const log = yield* AuditLog
    yield* log.record({
      actorId: actor,
      action,
      targetType: target.type,
      targetId: target.id,
      before: before ?? null,
      after: after ?? null,
      at: yield* Clock.currentTimeMillis,
    })
  })

/** What the audit log keeps of a contest: everything an admin can change, and its result. */
export const contestSnapshot = (contest: Contest) => ({
  title: contest.title,
  description: contest.description,
  contestType: contest.contestType,
  artStyle: contest.artStyle,
  lineArt: contest.lineArt,
  startsAt: new Date(contest.startsAt).toISOString(),
  endsAt: new Date(contest.endsAt).toISOString(),
  storedStatus: contest.storedStatus,
  winnerEntryId: contest.result?.winnerEntryId ?? null,
  prize: contest.prize ?? null,
  subscribersOnly: contest.subscribersOnly,
})

export const entrySnapshot = (entry: Entry) => ({
  contestId: entry.contestId,
  memberId: entry.memberId,
  moderation: entry.moderation,
  moderationReason: entry.moderationReason,
})

/** Never the password hash: the audit log is read by every admin. */
export const memberSnapshot = (member: Member) => ({
  email: member.email,
  username: member.username,
  isAdmin: member.isAdmin,
  isJudge: member.isJudge,
  suspendedAt: member.suspendedAt === null ? null : new Date(member.suspendedAt).toISOString(),
})
