import { Effect, Layer } from "effect"
import { SupportAddress } from "../../domain/contact/contact.port.ts"
import type { Mailer } from "../../domain/shared/mailer.port.ts"
import {
  layerMailDelivery,
  logTransport,
  type MailDelivery,
  smtpTransport,
} from "./mail-delivery.ts"
import type { OutboxRepository } from "./outbox.ts"
import { layerOutboxMailer } from "./outbox-mailer.ts"

export interface MailConfig {
  /** SMTP_URL: set, mail goes to this relay; unset, to the log (it stays in the outbox table). */
  readonly smtpUrl?: string | undefined
  /** MAIL_FROM */
  readonly from: string
  /** PUBLIC_URL: the site's base URL, for links in mails. */
  readonly publicUrl: string
  /** SUPPORT_EMAIL: where contact messages go (provided to the domain as SupportAddress). */
  readonly supportEmail: string
  /** Where the embedded default's sender logs its one line per mail (default: stderr). */
  readonly log?: ((line: string) => void) | undefined
  /** How often the sender looks for due mail (default 1 s; 0: only when asked and at close). */
  readonly pollIntervalMs?: number | undefined
}

export const DEFAULT_MAIL_FROM = "Colorday <hello@colorday.test>"
export const DEFAULT_PUBLIC_URL = "http://localhost:3000"
export const DEFAULT_SUPPORT_EMAIL = "support@colorday.test"
export const DEFAULT_MAIL_POLL_MS = 1_000

const setting = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim()

/** The mail settings from the environment (SMTP_URL, MAIL_FROM, PUBLIC_URL, SUPPORT_EMAIL). */
export const mailConfigFromEnv = (env: Record<string, string | undefined>): MailConfig => ({
  smtpUrl: setting(env.SMTP_URL),
  from: setting(env.MAIL_FROM) ?? DEFAULT_MAIL_FROM,
  publicUrl: setting(env.PUBLIC_URL) ?? DEFAULT_PUBLIC_URL,
  supportEmail: setting(env.SUPPORT_EMAIL) ?? DEFAULT_SUPPORT_EMAIL,
})

const stderr = (line: string) => void process.stderr.write(`${line}\n`)

/**
 * Mail: the Mailer queues every mail in the outbox table (in the transaction of the change it
 * reports); the sender (MailDelivery) delivers due mail with retries — to the SMTP relay when
 * SMTP_URL is set, else to one log line per mail (the embedded default). Also the SupportAddress
 * contact messages are mailed to.
 */
export const layerMailer = (
  config: MailConfig,
): Layer.Layer<Mailer | MailDelivery | SupportAddress, never, OutboxRepository> => {
  const smtpUrl = setting(config.smtpUrl)
  const transport =
    smtpUrl === undefined
      ? Effect.succeed(logTransport(config.log ?? stderr))
      : smtpTransport(smtpUrl, config.from)
  return Layer.mergeAll(
    layerOutboxMailer({ publicUrl: config.publicUrl }),
    layerMailDelivery(transport, {
      pollIntervalMs: config.pollIntervalMs ?? DEFAULT_MAIL_POLL_MS,
    }),
    SupportAddress.layer(config.supportEmail),
  )
}
