import { EXTRA_ENTRY, planOf } from "../plans/plans.ts"
import type { Purchase } from "./payment.entity.ts"

/** What a purchase costs, in cents: the plan table's monthly price, or the extra entry's $2.99. */
export const priceOf = (purchase: Purchase): number =>
  purchase.kind === "plan" ? planOf(purchase.tier).priceCents : EXTRA_ENTRY.priceCents
