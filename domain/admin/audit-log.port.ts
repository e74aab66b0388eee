import { Context, type Effect } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import type { Page } from "../shared/paging.ts"

export const AUDIT_TARGET_TYPES = [
  "contest",
  "entry",
  "member",
  "badge",
  "message",
  "drawing",
  "premium-page",
  "line-art-request",
  "site-setting",
] as const
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number]

/** What every admin (or operator) action leaves behind: who, when, what, before and after. */
export interface AuditRecord {
  readonly id: string
  /** The admin's member id; null for the operator at the CLI. */
  readonly actorId: MemberId | null
  /** e.g. contest.create, entry.hide, member.suspend */
  readonly action: string
  readonly targetType: AuditTargetType
  readonly targetId: string
  /** JSON-ready snapshots of the target; null where there was nothing (a creation). */
  readonly before: unknown
  readonly after: unknown
  readonly at: Instant
}

export interface AuditFilter {
  readonly actorId?: MemberId | undefined
  /** Matches actions starting with this ("contest." finds every contest action). */
  readonly actionPrefix?: string | undefined
  readonly targetType?: AuditTargetType | undefined
  readonly targetId?: string | undefined
  /** [from, to) */
  readonly from?: Instant | undefined
  readonly to?: Instant | undefined
}

export class AuditLog extends Context.Service<
  AuditLog,
  {
    readonly record: (record: Omit<AuditRecord, "id">) => Effect.Effect<void>
    /** Newest first, a page at a time. */
    readonly page: (
      filter: AuditFilter,
      cursor: string | null,
      limit: number,
    ) => Effect.Effect<Page<AuditRecord>>
  }
>()("colorday/AuditLog") {}
