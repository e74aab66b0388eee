import { EntitySchema } from "typeorm"
import { id, instant, int, longText, ref, text } from "./table-columns.ts"

/** Contact messages to the staff and the outbox of queued mail. */

export interface ContactMessageRow {
  id: string
  memberId: string | null
  name: string
  email: string
  subject: string
  message: string
  createdAt: number
  handledAt: number | null
}

export const ContactMessageTable = new EntitySchema<ContactMessageRow>({
  name: "ContactMessage",
  tableName: "contact_messages",
  columns: {
    id: id(),
    memberId: ref("member_id", true),
    name: text("name", 120),
    email: text("email", 254),
    subject: text("subject", 200),
    message: longText("message"),
    createdAt: instant("created_at"),
    handledAt: instant("handled_at", true),
  },
  indices: [{ name: "IDX_contact_messages_created", columns: ["handledAt", "createdAt"] }],
})

export interface OutboxMailRow {
  id: string
  kind: string | null
  recipient: string
  replyTo: string | null
  subject: string
  textBody: string
  htmlBody: string | null
  link: string | null
  unsubscribeUrl: string | null
  createdAt: number
  sentAt: number | null
  nextAttemptAt: number | null
  attempts: number
  lastError: string | null
}

/** Every mail, queued in the transaction of its change (migration 7: kind, reply-to, link, retries). */
export const OutboxMailTable = new EntitySchema<OutboxMailRow>({
  name: "OutboxMail",
  tableName: "mail_outbox",
  columns: {
    id: id(),
    kind: text("kind", 40, true),
    recipient: text("recipient", 254),
    replyTo: text("reply_to", 254, true),
    subject: text("subject", 200),
    textBody: longText("text_body"),
    htmlBody: longText("html_body", true),
    link: text("link", 500, true),
    unsubscribeUrl: text("unsubscribe_url", 500, true),
    createdAt: instant("created_at"),
    sentAt: instant("sent_at", true),
    nextAttemptAt: instant("next_attempt_at", true),
    attempts: int("attempts"),
    lastError: text("last_error", 500, true),
  },
  indices: [
    { name: "IDX_mail_outbox_pending", columns: ["sentAt", "createdAt"] },
    { name: "IDX_mail_outbox_due", columns: ["nextAttemptAt"] },
  ],
})
