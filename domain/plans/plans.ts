/**
 * The plan table: the one source every page, e-mail and price reads (DESIGN.md, "Plans").
 * Money is in cents; `entriesPerMonth: null` means unlimited.
 */
export const TIERS = ["free", "lite", "pro", "champ"] as const
export type Tier = (typeof TIERS)[number]

export interface Plan {
  readonly tier: Tier
  readonly name: string
  readonly priceCents: number
  readonly entriesPerMonth: number | null
  readonly voteWeight: number
  readonly drawingCents: number | null
}

export const PLANS: { readonly [T in Tier]: Plan & { readonly tier: T } } = {
  free: {
    tier: "free",
    name: "Color Curious",
    priceCents: 0,
    entriesPerMonth: 2,
    voteWeight: 1,
    drawingCents: null,
  },
  lite: {
    tier: "lite",
    name: "Color Lite",
    priceCents: 499,
    entriesPerMonth: 5,
    voteWeight: 1.5,
    drawingCents: 2500,
  },
  pro: {
    tier: "pro",
    name: "Color Pro",
    priceCents: 999,
    entriesPerMonth: 20,
    voteWeight: 2,
    drawingCents: 5000,
  },
  champ: {
    tier: "champ",
    name: "Color Champ",
    priceCents: 1999,
    entriesPerMonth: null,
    voteWeight: 3,
    drawingCents: 10000,
  },
}

export const DEFAULT_TIER: Tier = "free"

/** One extra entry when no credits remain: $2.99, one credit. */
export const EXTRA_ENTRY = { priceCents: 299, credits: 1 } as const

export const planOf = (tier: Tier): Plan => PLANS[tier]

export const isTier = (value: unknown): value is Tier =>
  typeof value === "string" && (TIERS as ReadonlyArray<string>).includes(value)

/** Reads a tier as stored or sent ("Pro", " champ "), or undefined when it names no plan. */
export const parseTier = (value: string): Tier | undefined => {
  const normalised = value.trim().toLowerCase()
  return isTier(normalised) ? normalised : undefined
}

/** "$4.99" — dollars with two decimals, as every price is shown. */
export const formatCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`
