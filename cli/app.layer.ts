import { layerTotpAuthenticator } from "../adapters/crypto/totp-authenticator.ts"
import { join } from "node:path"
import { Layer } from "effect"
import {
  layerScryptPasswordHasherWith,
  OWASP_SCRYPT_PARAMETERS,
  type ScryptParameters,
} from "../adapters/crypto/scrypt-password-hasher.ts"
import {
  type ImageStorageConfig,
  imageStorageFromEnv,
  layerImageStorageFor,
} from "../adapters/images/image-storage.layer.ts"
import {
  DEFAULT_PUBLIC_URL,
  layerMailer,
  type MailConfig,
  mailConfigFromEnv,
} from "../adapters/mail/mailer.layer.ts"
import {
  layerPayments,
  type PaymentsConfig,
  paymentsConfigFromEnv,
} from "../adapters/payments/payments.layer.ts"
import { layerPersistence } from "../adapters/persistence/persistence.layer.ts"
import { canvasesFromEnv, layerCanvases } from "../adapters/source/canvas-registry.ts"
import { layerLazyTsMorphRewriter } from "../adapters/source/lazy-rewriter.ts"
import type { Canvas } from "../domain/editing/canvases.port.ts"
import { type PushConfig, pushConfigFromEnv } from "../adapters/push/vapid-keys.ts"
import { layerWebPush } from "../adapters/push/web-push-sender.ts"
import { layerIpCountryLocator } from "../adapters/geo/ip-country-locator.ts"
import { layerCatalogNotificationWording } from "../adapters/i18n/notification-wording.ts"

/**
 * The composition root shared by the CLI, `colorday serve` and the HTTP tests: the adapters
 * chosen by configuration. `appConfigFromEnv` reads the environment:
 * - DATA_DIR (default ./data) holds the embedded SQLite file and the images;
 * - IMAGE_STORE_URL=s3://bucket[/prefix]?endpoint=…&region=… keeps the images in an S3-compatible
 *   bucket instead (credentials from the AWS SDK's usual variables; image-storage.layer.ts);
 * - DATABASE_URL=mysql://… switches the database to MySQL / MariaDB;
 * - SMTP_URL sends mail through that relay (unset: the outbox table, `colorday mail outbox`);
 *   MAIL_FROM, PUBLIC_URL (for links in mails) and SUPPORT_EMAIL (contact messages) go with it;
 * - STRIPE_SECRET_KEY takes payments through Stripe Checkout (with STRIPE_WEBHOOK_SECRET, and
 *   STRIPE_API_HOST for another API address); unset, through the offline checkout (test mode);
 * - COLORDAY_CANVASES registers the editor's canvases, `id=dir` pairs (see canvas-registry.ts).
 */
export interface AppConfig {
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  /** Apply pending migrations when the layer is built (the embedded default's server does). */
  readonly migrate: boolean
  /** Where the images live; default: IMAGE_STORE_URL, else DATA_DIR/images. */
  readonly images?: ImageStorageConfig | undefined
  /** Mail settings; default: from the environment (`mailConfigFromEnv`). */
  readonly mail?: MailConfig | undefined
  /** Payment settings; default: from the environment (`paymentsConfigFromEnv`). */
  readonly payments?: PaymentsConfig | undefined
  /** The editor's canvases, the only folders /canvases rewrites; default: COLORDAY_CANVASES. */
  readonly canvases?: ReadonlyArray<Canvas> | undefined
  /**
   * The scrypt parameters new password hashes are made with; default: OWASP's
   * (`OWASP_SCRYPT_PARAMETERS`). Only tests lower them, to sign members up quickly.
   */
  readonly passwordHashing?: ScryptParameters | undefined
  /** Web Push; default: VAPID_* from the environment, or keys generated into DATA_DIR (embedded). */
  readonly push?: PushConfig | undefined
}

export const appConfigFromEnv = (
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): AppConfig => ({
  dataDir: env.DATA_DIR ?? "data",
  databaseUrl: env.DATABASE_URL || undefined,
  migrate: false,
  images: imageStorageFromEnv(overrides.dataDir ?? env.DATA_DIR ?? "data", env),
  mail: mailConfigFromEnv(env),
  payments: paymentsConfigFromEnv(env, DEFAULT_PUBLIC_URL),
  ...overrides,
})

export const makeAppLayer = (config: AppConfig) =>
  Layer.mergeAll(
    // The outbox mailer and the offline checkout write through the persistence layer (the
    // outbox and checkout_sessions tables).
    Layer.provideMerge(
      Layer.merge(
        layerMailer(config.mail ?? mailConfigFromEnv(process.env)),
        layerPayments(config.payments ?? paymentsConfigFromEnv(process.env, DEFAULT_PUBLIC_URL)),
      ),
      layerPersistence({
        databaseUrl: config.databaseUrl,
        sqliteFile: join(config.dataDir, "colorday.sqlite"),
        migrate: config.migrate,
      }),
    ),
    layerScryptPasswordHasherWith(config.passwordHashing ?? OWASP_SCRYPT_PARAMETERS),
    layerImageStorageFor(config.images ?? { kind: "local", dir: join(config.dataDir, "images") }),
    layerCanvases(config.canvases ?? canvasesFromEnv(process.env)),
    layerLazyTsMorphRewriter,
    layerTotpAuthenticator,
    layerIpCountryLocator,
    layerCatalogNotificationWording,
    layerWebPush(
      () =>
        config.push ??
        pushConfigFromEnv(process.env, {
          dataDir: config.dataDir,
          embedded: config.databaseUrl === undefined,
        }),
    ),
  )
