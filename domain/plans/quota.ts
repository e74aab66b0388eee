import { Result } from "effect"
import type { Instant, MemberId } from "../shared/ids.ts"
import { EXTRA_ENTRY, planOf, type Tier } from "./plans.ts"
import { OutOfSubmissions } from "./plans.errors.ts"
import type { Subscription } from "./subscription.entity.ts"

/** The 1st of the month after `now`, 00:00 UTC: when credits next renew. */
export const nextRenewal = (now: Instant): Instant => {
  const date = new Date(now)
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)
}

const allowance = (tier: Tier): number => planOf(tier).entriesPerMonth ?? 0

export const isUnlimited = (tier: Tier): boolean => planOf(tier).entriesPerMonth === null

/** A new member's subscription: the free plan's allowance, renewing next month. */
export const startSubscription = (
  memberId: MemberId,
  now: Instant,
  tier: Tier = "free",
): Subscription => ({
  memberId,
  tier,
  remaining: allowance(tier),
  renewsAt: nextRenewal(now),
})

/** Credits renew on the 1st (UTC) to the tier's allowance; a renewal missed for months happens once. */
export const renewIfDue = (subscription: Subscription, now: Instant): Subscription =>
  now < subscription.renewsAt
    ? subscription
    : { ...subscription, remaining: allowance(subscription.tier), renewsAt: nextRenewal(now) }

/** What the member may still enter this month: a count, or "unlimited". */
export const creditsLeft = (subscription: Subscription): number | "unlimited" =>
  isUnlimited(subscription.tier) ? "unlimited" : Math.max(0, subscription.remaining)

/** An entry spends one credit; with none left it is refused. Unlimited plans spend nothing. */
export const spendCredit = (
  subscription: Subscription,
): Result.Result<Subscription, OutOfSubmissions> => {
  if (isUnlimited(subscription.tier)) return Result.succeed(subscription)
  if (subscription.remaining < 1) {
    return Result.fail(new OutOfSubmissions({ memberId: subscription.memberId }))
  }
  return Result.succeed({ ...subscription, remaining: subscription.remaining - 1 })
}

/**
 * Credits given back (entries of a cancelled contest): one each, on top of what is left. An
 * unlimited plan spent none, so it gets none.
 */
export const returnCredits = (subscription: Subscription, count: number): Subscription =>
  isUnlimited(subscription.tier) || count <= 0
    ? subscription
    : { ...subscription, remaining: Math.max(0, subscription.remaining) + count }

/** Buying a plan sets the tier; remaining becomes previous remaining + the plan's credits. */
export const buyPlan = (subscription: Subscription, tier: Tier): Subscription => ({
  ...subscription,
  tier,
  remaining: Math.max(0, subscription.remaining) + allowance(tier),
})

/** An extra entry ($2.99) adds one credit. */
export const buyExtraEntry = (subscription: Subscription): Subscription => ({
  ...subscription,
  remaining: Math.max(0, subscription.remaining) + EXTRA_ENTRY.credits,
})

/** A refunded extra entry takes its credit back if it is still unused (never below zero). */
export const refundExtraEntry = (subscription: Subscription): Subscription => ({
  ...subscription,
  remaining: Math.max(0, Math.max(0, subscription.remaining) - EXTRA_ENTRY.credits),
})

/**
 * A plan that ends (cancelled, refunded) goes back to free: at most the free allowance is left
 * of this month's credits.
 */
export const endPlan = (subscription: Subscription): Subscription => ({
  ...subscription,
  tier: "free",
  remaining: Math.min(Math.max(0, subscription.remaining), allowance("free")),
})

/**
 * The provider moved the member to another paid tier (a change made in its portal): the tier
 * changes now, the credits stay until the next renewal gives the new allowance. To free is endPlan.
 */
export const changeTier = (subscription: Subscription, tier: Tier): Subscription =>
  tier === "free" ? endPlan(subscription) : { ...subscription, tier }
