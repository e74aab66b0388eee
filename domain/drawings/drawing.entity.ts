import type { Instant, MemberId } from "../shared/ids.ts"
import { PLANS, TIERS, type Tier } from "../plans/plans.ts"

/**
 * A monthly drawing of one paid tier (DESIGN.md, "Drawings"). Its seed is committed (the SHA-256
 * is published) before the month's entries close and revealed with the entrant list at the draw.
 */
export const DRAWING_STATUSES = ["committed", "drawn", "paid"] as const
export type DrawingStatus = (typeof DRAWING_STATUSES)[number]

/** The tiers with a monthly drawing, from the plan table, cheapest first. */
export type PaidTier = Exclude<Tier, "free">
export const DRAWING_TIERS: ReadonlyArray<PaidTier> = TIERS.filter(
  (tier): tier is PaidTier => PLANS[tier].drawingCents !== null,
).sort((a, b) => PLANS[a].priceCents - PLANS[b].priceCents)

/** Where free-route entries go: the cheapest tier with a drawing ("lite"). */
export const FREE_ROUTE_TIER: PaidTier = DRAWING_TIERS[0] ?? "lite"

export interface Drawing {
  readonly id: string
  /** The calendar month it is for, "YYYY-MM" (UTC). */
  readonly month: string
  readonly tier: PaidTier
  /** The prize, from the plan table when the drawing was committed. */
  readonly prizeCents: number
  readonly status: DrawingStatus
  /** Lowercase hex SHA-256 of the seed's 32 bytes: published from the start. */
  readonly commitment: string
  /** 32 random bytes, lowercase hex. Secret until the draw; never shown while `committed`. */
  readonly seed: string
  /** Member ids in the order the winner is picked from (sorted); null until the draw. */
  readonly entrants: ReadonlyArray<MemberId> | null
  /** SHA-256 hex of the entrant ids joined by "\n"; null until the draw. */
  readonly listHash: string | null
  /** Null until the draw, and after a draw that had no entrants. */
  readonly winnerId: MemberId | null
  readonly committedAt: Instant
  readonly drawnAt: Instant | null
  readonly paidAt: Instant | null
}

/** A member's free entry ("no purchase necessary"): one per month, into FREE_ROUTE_TIER's drawing. */
export interface FreeEntry {
  readonly memberId: MemberId
  readonly month: string
  readonly requestedAt: Instant
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** Whether `value` is a month written "YYYY-MM". */
export const isMonth = (value: string): boolean => MONTH.test(value)

/** The month ("YYYY-MM", UTC) that contains `instant`. */
export const monthOf = (instant: Instant): string => new Date(instant).toISOString().slice(0, 7)

/** The first instant of `month` (00:00 UTC on the 1st). */
export const monthStart = (month: string): Instant => {
  const [year, number] = month.split("-").map(Number)
  return Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)
}

/** The first instant after `month`: when its entries close and it can be drawn. */
export const monthEnd = (month: string): Instant => {
  const [year, number] = month.split("-").map(Number)
  return Date.UTC(year ?? 1970, number ?? 1, 1)
}

/** The month before `month`. */
export const previousMonth = (month: string): string => monthOf(monthStart(month) - 1)
