import { Clock, Effect } from "effect"
import type { Member } from "../../accounts/member.entity.ts"
import type { MailSwitch } from "../../accounts/unsubscribe-switches.ts"
import { issueUnsubscribeToken } from "../../accounts/unsubscribe.use-case.ts"
import { type InLanguage, type Mail, Mailer } from "../../shared/mailer.port.ts"
import { transactionally } from "../../shared/unit-of-work.port.ts"
import { type ScheduledMailKind, SentNotificationRepository } from "./sent-notification.port.ts"

/**
 * Queues a scheduled mail once per (member, kind, period): the ledger row, the unsubscribe token
 * and the outbox row are one transaction, so the mail is queued if and only if its row is written,
 * and a second run (a restart, another instance) finds the row and sends nothing. True when sent.
 */
export const sendOnce = Effect.fn("sendOnce")(function* (
  member: Member,
  kind: ScheduledMailKind,
  period: string,
  mailSwitch: MailSwitch,
  /** The mail, in its member's language (their Settings). */
  mail: (unsubscribeToken: string) => Mail & InLanguage,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const ledger = yield* SentNotificationRepository
      if (!(yield* ledger.claim({ memberId: member.id, kind, period, sentAt: now }))) return false
      const token = yield* issueUnsubscribeToken(member.id, mailSwitch, now)
      yield* (yield* Mailer).send(mail(token))
      return true
    }),
  )
})
