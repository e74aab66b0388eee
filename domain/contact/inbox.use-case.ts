import { Clock, Effect } from "effect"
import { mailLanguageOf } from "../accounts/mail-language.ts"
import { type Actor, audit } from "../admin/audit.ts"
import { ValidationFailed, type ValidationIssue } from "../shared/errors.ts"
import { Mailer } from "../shared/mailer.port.ts"
import { pageSize } from "../shared/paging.ts"
import { transactionally } from "../shared/unit-of-work.port.ts"
import type { ContactMessage } from "./contact-message.entity.ts"
import { ContactMessageRepository, SupportAddress } from "./contact.port.ts"

const handledState = (message: ContactMessage) => ({
  handledAt: message.handledAt === null ? null : new Date(message.handledAt).toISOString(),
})

/** The admin inbox: newest first, every message or only those not handled yet. */
export const inbox = Effect.fn("inbox")(function* (request: {
  readonly unhandledOnly: boolean
  readonly cursor?: string | null | undefined
  readonly limit?: number | undefined
}) {
  const messages = yield* ContactMessageRepository
  return yield* messages.page(request.cursor ?? null, pageSize(request.limit), {
    unhandledOnly: request.unhandledOnly,
  })
})

/** Marks a message handled (now) or not handled again. */
export const setHandled = Effect.fn("setHandled")(function* (
  actor: Actor,
  messageId: string,
  handled: boolean,
) {
  return yield* transactionally(
    Effect.gen(function* () {
      const messages = yield* ContactMessageRepository
      const message = yield* messages.get(messageId)
      if ((message.handledAt !== null) === handled) return message
      const changed: ContactMessage = {
        ...message,
        handledAt: handled ? yield* Clock.currentTimeMillis : null,
      }
      yield* messages.save(changed)
      yield* audit(
        actor,
        "message.handled",
        { type: "message", id: message.id },
        handledState(message),
        handledState(changed),
      )
      return changed
    }),
  )
})

const replyIssues = (subject: string, body: string): ReadonlyArray<ValidationIssue> => [
  ...(subject.trim().length === 0 || subject.trim().length > 200
    ? [{ field: "subject", title: "Subject required", message: "A subject of 1 to 200 characters" }]
    : []),
  ...(body.trim().length < 2 || body.length > 10_000
    ? [{ field: "body", title: "Answer required", message: "An answer of 2 to 10,000 characters" }]
    : []),
]

/**
 * Answers a message by mail from the support address, and marks it handled.
 *
 * The message is marked handled (with its audit row) and the answer queued in one transaction:
 * the answer goes out if and only if that commits, and the outbox's sender retries it until the
 * relay takes it.
 */
export const replyToMessage = Effect.fn("replyToMessage")(function* (
  actor: Actor,
  messageId: string,
  reply: { readonly subject: string; readonly body: string },
) {
  const issues = replyIssues(reply.subject, reply.body)
  if (issues.length > 0) return yield* new ValidationFailed({ issues })
  const message = yield* transactionally(
    Effect.gen(function* () {
      const messages = yield* ContactMessageRepository
      const support = yield* SupportAddress
      const message = yield* messages.get(messageId)
      const changed: ContactMessage = {
        ...message,
        handledAt: message.handledAt ?? (yield* Clock.currentTimeMillis),
      }
      if (changed.handledAt !== message.handledAt) yield* messages.save(changed)
      yield* audit(
        actor,
        "message.reply",
        { type: "message", id: message.id },
        handledState(message),
        { ...handledState(changed), subject: reply.subject.trim(), to: message.email },
      )
      yield* (yield* Mailer).send({
        kind: "contact-reply",
        to: message.email,
        name: message.name,
        replyTo: support.email,
        subject: reply.subject.trim(),
        body: reply.body.trim(),
        original: message.message,
        // A member's message is answered in their language; a visitor's in English.
        language: message.memberId === null ? undefined : yield* mailLanguageOf(message.memberId),
      })
      return changed
    }),
  )
  return { message }
})
