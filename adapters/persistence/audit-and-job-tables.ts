import { EntitySchema } from "typeorm"
import { autoId, instant, longText, ref, text } from "./table-columns.ts"

/** The admin audit log and the scheduled jobs' leases. */

export interface AuditLogRow {
  id: number
  actorId: string | null
  action: string
  targetType: string
  targetId: string
  before: string | null
  after: string | null
  at: number
}

export const AuditLogTable = new EntitySchema<AuditLogRow>({
  name: "AuditLog",
  tableName: "audit_log",
  columns: {
    id: autoId(),
    actorId: ref("actor_id", true),
    action: text("action", 64),
    targetType: text("target_type", 32),
    targetId: text("target_id", 64),
    before: longText("before_state", true),
    after: longText("after_state", true),
    at: instant("at"),
  },
  indices: [
    { name: "IDX_audit_log_at", columns: ["at"] },
    { name: "IDX_audit_log_actor", columns: ["actorId", "at"] },
    { name: "IDX_audit_log_target", columns: ["targetType", "targetId"] },
  ],
})

export interface SchedulerLeaseRow {
  name: string
  holder: string
  expiresAt: number
}

/** One row per scheduled job: whoever holds an unexpired lease runs it. */
export const SchedulerLeaseTable = new EntitySchema<SchedulerLeaseRow>({
  name: "SchedulerLease",
  tableName: "scheduler_leases",
  columns: {
    name: { ...text("name", 64), primary: true },
    holder: text("holder", 64),
    expiresAt: instant("expires_at"),
  },
})
