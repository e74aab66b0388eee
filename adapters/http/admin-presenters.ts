import type { Member } from "../../domain/accounts/member.entity.ts"
import type { AuditRecord } from "../../domain/admin/audit-log.port.ts"
import type { ContactMessage } from "../../domain/contact/contact-message.entity.ts"
import type { Instant } from "../../domain/shared/ids.ts"
import type { Tier } from "../../domain/plans/plans.ts"
import type { Entry } from "../../domain/submissions/entry.entity.ts"
import type {
  AdminEntryBody,
  AdminMemberBody,
  AuditRowBody,
  ContactMessageBody,
} from "./admin.schema.ts"
import { presentEntry, presentMember } from "./presenters.ts"

/**
 * The admin API's shapes (apps/admin/README.md): the public presenters plus admin fields, each
 * typed by its body Schema (admin.schema.ts).
 */

const iso = (instant: Instant | null) => (instant === null ? null : new Date(instant).toISOString())

export const presentAdminEntry = (entry: Entry, artistEmail: string): AdminEntryBody => ({
  ...presentEntry(entry),
  moderation: entry.moderation,
  moderationReason: entry.moderationReason,
  artistEmail,
})

export const presentAdminMember = (member: Member, tier: Tier): AdminMemberBody => ({
  ...presentMember(member),
  suspendedAt: iso(member.suspendedAt),
  tier,
  emailVerified: member.emailVerifiedAt !== null,
})

export const presentContactMessage = (message: ContactMessage): ContactMessageBody => ({
  id: message.id,
  name: message.name,
  email: message.email,
  subject: message.subject,
  message: message.message,
  createdAt: new Date(message.createdAt).toISOString(),
  handledAt: iso(message.handledAt),
  memberId: message.memberId,
})

export const presentAuditRecord = (record: AuditRecord, actor: Member | null): AuditRowBody => ({
  id: record.id,
  actor:
    record.actorId === null
      ? null
      : { id: record.actorId, username: actor?.username ?? "(deleted member)" },
  action: record.action,
  targetType: record.targetType,
  targetId: record.targetId,
  before: record.before,
  after: record.after,
  at: new Date(record.at).toISOString(),
})
