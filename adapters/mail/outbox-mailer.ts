import { Clock, Effect, Layer } from "effect"
import { IdSource } from "../../domain/shared/id-source.port.ts"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { OutboxRepository } from "./outbox.ts"
import { renderMail } from "./templates.ts"

export interface OutboxMailerConfig {
  /** The From header a relay would use; kept for parity with SMTP (the outbox has one sender). */
  readonly from: string
  /** The site's public base URL, for links. */
  readonly publicUrl: string
  /** Where the one line per mail goes (default: stderr). */
  readonly log?: ((line: string) => void) | undefined
}

const stderr = (line: string) => void process.stderr.write(`${line}\n`)

/**
 * The embedded default without SMTP: each mail is rendered into the `mail_outbox` table (read it
 * with `colorday mail outbox`) and announced in one log line with its link, so a developer can
 * click a verification link without any mail server.
 */
export const layerOutboxMailer = (config: OutboxMailerConfig) =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const outbox = yield* OutboxRepository
      const ids = yield* IdSource
      const log = config.log ?? stderr
      return Mailer.of({
        send: (mail) =>
          Effect.gen(function* () {
            const rendered = renderMail(mail, config.publicUrl)
            yield* outbox.add({
              id: yield* ids.newId,
              to: rendered.to,
              subject: rendered.subject,
              text: rendered.text,
              html: rendered.html,
              createdAt: yield* Clock.currentTimeMillis,
              sentAt: null,
              attempts: 0,
              lastError: null,
            })
            const link = rendered.link === undefined ? "" : ` ${rendered.link}`
            yield* Effect.sync(() => log(`mail → ${rendered.to} "${rendered.subject}"${link}`))
          }),
      })
    }),
  )
