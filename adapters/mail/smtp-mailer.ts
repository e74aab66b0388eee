import { Effect, Layer } from "effect"
import nodemailer, { type SendMailOptions } from "nodemailer"
import { Mailer } from "../../domain/shared/mailer.port.ts"
import { renderMail } from "./templates.ts"

export interface SmtpMailerConfig {
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's connection URL). */
  readonly smtpUrl: string
  /** The From header, e.g. "Colorday <hello@colorday.test>". */
  readonly from: string
  /** The site's public base URL, for links. */
  readonly publicUrl: string
}

/**
 * Mail through an SMTP relay (SMTP_URL). Relay failures are defects: the request that sent the
 * mail fails with a logged 500, and the member can ask again (resend, forgot password).
 */
export const layerSmtpMailer = (config: SmtpMailerConfig) =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() => nodemailer.createTransport(config.smtpUrl)),
        (transport) => Effect.sync(() => transport.close()),
      )
      // nodemailer's one promise, wrapped once.
      const deliver = (message: SendMailOptions) =>
        Effect.tryPromise({
          try: () => transport.sendMail(message),
          catch: (cause) => cause,
        }).pipe(Effect.orDie, Effect.asVoid)
      return Mailer.of({
        send: (mail) =>
          Effect.suspend(() => {
            const rendered = renderMail(mail, config.publicUrl)
            return deliver({
              from: config.from,
              to: rendered.to,
              subject: rendered.subject,
              text: rendered.text,
              html: rendered.html,
              ...(rendered.replyTo === undefined ? {} : { replyTo: rendered.replyTo }),
            })
          }).pipe(Effect.withSpan("SmtpMailer.send", { attributes: { kind: mail.kind } })),
      })
    }),
  )
