import { Effect, Layer } from "effect"
import type { Payments } from "../../domain/billing/payments.port.ts"
import type { IdSource } from "../../domain/shared/id-source.port.ts"
import { layerOfflinePayments } from "./offline-payments.ts"
import type { OfflineSessions } from "./offline-sessions.ts"
import type { PaymentGateway } from "./payment-gateway.ts"
import type { StripePaymentsConfig } from "./stripe-payments.ts"

export interface PaymentsConfig {
  /** PUBLIC_URL: the site's address. */
  readonly publicUrl: string
  /** Set (STRIPE_SECRET_KEY, …): Stripe Checkout. Unset: the offline checkout, in test mode. */
  readonly stripe?: StripePaymentsConfig | undefined
}

const setting = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === "" ? undefined : value.trim()

/**
 * The payment settings from the environment: STRIPE_SECRET_KEY selects Stripe, with
 * STRIPE_WEBHOOK_SECRET (the endpoint's signing secret; without it every webhook is refused) and
 * STRIPE_API_HOST (another API address, e.g. a local fake); PUBLIC_URL is the site's address.
 */
export const paymentsConfigFromEnv = (
  env: Record<string, string | undefined>,
  defaultPublicUrl: string,
): PaymentsConfig => {
  const secretKey = setting(env.STRIPE_SECRET_KEY)
  return {
    publicUrl: setting(env.PUBLIC_URL) ?? defaultPublicUrl,
    stripe:
      secretKey === undefined
        ? undefined
        : {
            secretKey,
            webhookSecret: setting(env.STRIPE_WEBHOOK_SECRET) ?? "",
            apiHost: setting(env.STRIPE_API_HOST),
          },
  }
}

/**
 * The Payments port and the gateway for the HTTP routes: Stripe when configured, else offline.
 * Stripe's SDK (about 35 MB of a process's memory) is loaded only when it is configured.
 */
export const layerPayments = (
  config: PaymentsConfig,
): Layer.Layer<Payments | PaymentGateway, never, OfflineSessions | IdSource> => {
  const stripe = config.stripe
  if (!stripe) return layerOfflinePayments(config)
  return Layer.unwrap(
    Effect.promise(() => import("./stripe-payments.ts")).pipe(
      Effect.map(({ layerStripePayments }) =>
        layerStripePayments({ publicUrl: config.publicUrl, ...stripe }),
      ),
    ),
  )
}
