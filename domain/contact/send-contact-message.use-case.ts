import { Clock, Effect } from "effect"
import type { Language } from "../accounts/member-settings.ts"
import { ValidationFailed } from "../shared/errors.ts"
import { IdSource } from "../shared/id-source.port.ts"
import type { MemberId } from "../shared/ids.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { UnitOfWork } from "../shared/unit-of-work.port.ts"
import type { ContactMessage } from "./contact-message.entity.ts"
import { type ContactForm, contactIssues } from "./contact-rules.ts"
import { ContactMessageRepository, SupportAddress } from "./contact.port.ts"

export interface SendContactMessage extends ContactForm {
  /** The signed-in sender (from the session), or null for a visitor. */
  readonly memberId: MemberId | null
  /** The language of the page the form was sent from: the confirmation is written in it. */
  readonly language?: Language | undefined
}

/**
 * The contact form: the message is stored for the admin inbox (with the signed-in sender's id, the
 * only thing that makes it theirs: the e-mail typed in the form proves nothing), mailed to the
 * support address (SupportAddress, configured at the composition root), and the sender gets a
 * confirmation; the message and both mails are written in one transaction.
 */
export const sendContactMessage = Effect.fn("sendContactMessage")(function* (
  input: SendContactMessage,
) {
  const issues = contactIssues(input)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const message: ContactMessage = {
    id: yield* (yield* IdSource).newId,
    memberId: input.memberId,
    name: input.name.trim(),
    email: input.email.trim(),
    subject: input.subject.trim(),
    message: input.message.trim(),
    createdAt: yield* Clock.currentTimeMillis,
    handledAt: null,
  }
  const unitOfWork = yield* UnitOfWork
  const mailer = yield* Mailer
  const support = yield* SupportAddress
  yield* unitOfWork.transaction(
    Effect.gen(function* () {
      yield* (yield* ContactMessageRepository).save(message)
      yield* mailer.send({
        kind: "contact-received",
        to: support.email,
        fromName: message.name,
        fromEmail: message.email,
        subject: message.subject,
        message: message.message,
      })
      yield* mailer.send({
        kind: "contact-confirmation",
        to: message.email,
        name: message.name,
        subject: message.subject,
        language: input.language,
      })
    }),
  )
  return message
})
