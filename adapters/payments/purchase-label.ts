import type { Purchase } from "../../domain/billing/payment.entity.ts"
import { planOf } from "../../domain/plans/plans.ts"
import type { Translate } from "../i18n/server-i18n.ts"

/**
 * What was bought, in the reader's language (issue 22): "Color Pro — monthly plan" or "One extra
 * entry" in English, as the offline checkout page and Stripe Checkout's line item show it. Plan
 * names are names and stay as they are.
 */
export const purchaseLabelIn = (tr: Translate, purchase: Purchase): string =>
  purchase.kind === "plan"
    ? tr("checkout.pages.purchase.plan", { plan: planOf(purchase.tier).name })
    : tr("checkout.pages.purchase.extraEntry")
