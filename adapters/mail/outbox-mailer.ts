import { randomBytes } from "node:crypto"
import { Clock, Effect, Layer } from "effect"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { OutboxRepository } from "./outbox.ts"
import { renderMail } from "./templates.ts"

export interface OutboxMailerConfig {
  /** The site's public base URL, for links. */
  readonly publicUrl: string
}

let sequence = 0

/**
 * An outbox id that sorts in queue order: the time in ms and a per-process sequence lead (two mails
 * queued in one millisecond keep their order), random hex fills the 36 characters.
 */
export const outboxId = (now: number): string => {
  sequence = (sequence + 1) % 0x1_0000_0000
  const time = now.toString(16).padStart(12, "0").slice(-12)
  const order = sequence.toString(16).padStart(8, "0")
  return `${time}-${order}-${randomBytes(7).toString("hex")}`
}

/**
 * The Mailer: each mail is rendered and queued in the `mail_outbox` table, in the transaction in
 * progress (the repository joins it), so it exists if and only if the change it reports commits.
 * Delivering it is the sender's work (mail-delivery.ts), never the request's.
 */
export const layerOutboxMailer = (config: OutboxMailerConfig) =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const outbox = yield* OutboxRepository
      return Mailer.of({
        send: (mail) =>
          Effect.gen(function* () {
            const rendered = renderMail(mail, config.publicUrl)
            const now = yield* Clock.currentTimeMillis
            yield* outbox.add({
              id: outboxId(now),
              kind: mail.kind,
              to: rendered.to,
              replyTo: rendered.replyTo ?? null,
              subject: rendered.subject,
              text: rendered.text,
              html: rendered.html,
              link: rendered.link ?? null,
              unsubscribeUrl: rendered.unsubscribeUrl ?? null,
              createdAt: now,
              sentAt: null,
              nextAttemptAt: now,
              attempts: 0,
              lastError: null,
            })
          }).pipe(Effect.withSpan("OutboxMailer.send", { attributes: { kind: mail.kind } })),
      })
    }),
  )
