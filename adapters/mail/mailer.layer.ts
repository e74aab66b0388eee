import { Layer } from "effect"
import { SupportAddress } from "../../domain/contact/contact.port.ts"
import type { IdSource } from "../../domain/shared/id-source.port.ts"
import type { Mailer } from "../../domain/shared/mailer.port.ts"
import type { OutboxRepository } from "./outbox.ts"
import { layerOutboxMailer } from "./outbox-mailer.ts"
import { layerSmtpMailer } from "./smtp-mailer.ts"

export interface MailConfig {
  /** SMTP_URL: set, mail goes to this relay; unset, to the outbox table. */
  readonly smtpUrl?: string | undefined
  /** MAIL_FROM */
  readonly from: string
  /** PUBLIC_URL: the site's base URL, for links in mails. */
  readonly publicUrl: string
  /** SUPPORT_EMAIL: where contact messages go (provided to the domain as SupportAddress). */
  readonly supportEmail: string
  /** Where the outbox mailer logs its one line per mail (default: stderr). */
  readonly log?: ((line: string) => void) | undefined
}

export const DEFAULT_MAIL_FROM = "Colorday <hello@colorday.test>"
export const DEFAULT_PUBLIC_URL = "http://localhost:3000"
export const DEFAULT_SUPPORT_EMAIL = "support@colorday.test"

const setting = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim()

/** The mail settings from the environment (SMTP_URL, MAIL_FROM, PUBLIC_URL, SUPPORT_EMAIL). */
export const mailConfigFromEnv = (env: Record<string, string | undefined>): MailConfig => ({
  smtpUrl: setting(env.SMTP_URL),
  from: setting(env.MAIL_FROM) ?? DEFAULT_MAIL_FROM,
  publicUrl: setting(env.PUBLIC_URL) ?? DEFAULT_PUBLIC_URL,
  supportEmail: setting(env.SUPPORT_EMAIL) ?? DEFAULT_SUPPORT_EMAIL,
})

/**
 * The Mailer — the SMTP relay when SMTP_URL is set, else the outbox table (the embedded default) —
 * and the SupportAddress contact messages are mailed to.
 */
export const layerMailer = (
  config: MailConfig,
): Layer.Layer<Mailer | SupportAddress, never, OutboxRepository | IdSource> => {
  const smtpUrl = setting(config.smtpUrl)
  const mailer: Layer.Layer<Mailer, never, OutboxRepository | IdSource> =
    smtpUrl === undefined
      ? layerOutboxMailer({ from: config.from, publicUrl: config.publicUrl, log: config.log })
      : layerSmtpMailer({ smtpUrl, from: config.from, publicUrl: config.publicUrl })
  return Layer.merge(mailer, SupportAddress.layer(config.supportEmail))
}
