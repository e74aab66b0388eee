import { BADGE_IDS } from "../badges/badges.ts"

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
  /** What the plan grants beyond its figures: only perks the code delivers (see PERKS). */
  readonly perks: ReadonlyArray<PerkId>
}

/**
 * Perks beyond the figures, each one built: badges are granted by domain/badges on every plan,
 * and on every plan the results page names the top 3 (its podium) and the People's Choice, whose
 * entries carry a ribbon wherever an entry is shown (apps/web/src/entries/Ribbon.tsx). A perk
 * is added here only with the code that grants it, so no page can name one that is not.
 */
export const PERK_IDS = [
  "badges",
  "results-ribbons",
  "subscriber-contests",
  "premium-line-art",
  "early-access",
  "custom-line-art-requests",
  "professional-feedback",
  "spotlight",
] as const
export type PerkId = (typeof PERK_IDS)[number]

export const PERKS: { readonly [P in PerkId]: { readonly id: P; readonly text: string } } = {
  badges: { id: "badges", text: `All ${BADGE_IDS.length} badges` },
  "results-ribbons": {
    id: "results-ribbons",
    text: "A top-3 shoutout on the results page, and a ribbon on your entry in the gallery, on its page and on your profile for a top-3 finish or the People's Choice",
  },
  // domain/submissions/entry-eligibility.ts: a free member's entry to one is refused (403).
  "subscriber-contests": {
    id: "subscriber-contests",
    text: "Enter subscriber-only contests",
  },
  // domain/perks/premium-pages.use-case.ts: one page a week (ISO weeks, UTC), on /rewards.
  "premium-line-art": {
    id: "premium-line-art",
    text: "A premium line art page to download every week",
  },
  // domain/perks/early-access.ts: from 18:00 the evening before the contest starts.
  "early-access": {
    id: "early-access",
    text: "Early access: tomorrow's line art from 18:00 the day before",
  },
  // domain/perks/line-art-requests.use-case.ts: filed from the profile, one open at a time.
  "custom-line-art-requests": {
    id: "custom-line-art-requests",
    text: "Custom line art requests",
  },
  // domain/feedback/feedback.use-case.ts: written by a judge or an admin, shown on the entry page.
  "professional-feedback": {
    id: "professional-feedback",
    text: "Professional feedback on your entries from our judges",
  },
  // domain/spotlight/spotlight.use-case.ts: an admin features the entry on the home page.
  spotlight: {
    id: "spotlight",
    text: "Your entries can be featured in the home page's Spotlight",
  },
}

const EVERY_PLAN_PERKS: ReadonlyArray<PerkId> = ["badges", "results-ribbons"]

export const PLANS: { readonly [T in Tier]: Plan & { readonly tier: T } } = {
  free: {
    tier: "free",
    name: "Color Curious",
    priceCents: 0,
    entriesPerMonth: 2,
    voteWeight: 1,
    drawingCents: null,
    perks: EVERY_PLAN_PERKS,
  },
  lite: {
    tier: "lite",
    name: "Color Lite",
    priceCents: 499,
    entriesPerMonth: 5,
    voteWeight: 1.5,
    drawingCents: 2500,
    perks: [...EVERY_PLAN_PERKS, "subscriber-contests"],
  },
  pro: {
    tier: "pro",
    name: "Color Pro",
    priceCents: 999,
    entriesPerMonth: 20,
    voteWeight: 2,
    drawingCents: 5000,
    perks: [...EVERY_PLAN_PERKS, "subscriber-contests", "premium-line-art", "spotlight"],
  },
  champ: {
    tier: "champ",
    name: "Color Champ",
    priceCents: 1999,
    entriesPerMonth: null,
    voteWeight: 3,
    drawingCents: 10000,
    perks: [
      ...EVERY_PLAN_PERKS,
      "subscriber-contests",
      "premium-line-art",
      "early-access",
      "custom-line-art-requests",
      "professional-feedback",
      "spotlight",
    ],
  },
}

export const DEFAULT_TIER: Tier = "free"

/** One extra entry when no credits remain: $2.99, one credit. */
export const EXTRA_ENTRY = { priceCents: 299, credits: 1 } as const

export const planOf = (tier: Tier): Plan => PLANS[tier]

/** Whether a plan grants a perk: every perk check on the server reads the plan table here. */
export const grants = (tier: Tier, perk: PerkId): boolean => PLANS[tier].perks.includes(perk)

/** The cheapest plan that grants a perk (the upgrade a locked perk points to). */
export const cheapestPlanWith = (perk: PerkId): Plan | undefined =>
  TIERS.map((tier) => PLANS[tier]).find((plan) => plan.perks.includes(perk))

export const isTier = (value: unknown): value is Tier =>
  typeof value === "string" && (TIERS as ReadonlyArray<string>).includes(value)

/** Reads a tier as stored or sent ("Pro", " champ "), or undefined when it names no plan. */
export const parseTier = (value: string): Tier | undefined => {
  const normalised = value.trim().toLowerCase()
  return isTier(normalised) ? normalised : undefined
}

/** "$4.99" — dollars with two decimals, as every price is shown. */
export const formatCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`

/** A prize as pages state it: "$25" for whole dollars, else "$2.99". */
export const prizeText = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : formatCents(cents)

export type PlanPerkKind = "entries" | "vote-weight" | "drawing" | PerkId

/** One line of a plan's perk list, as the pricing and rewards pages show it. */
export interface PlanPerk {
  readonly kind: PlanPerkKind
  readonly text: string
}

/**
 * Everything a plan grants, in the order pages list it: its entries a month, its vote weight,
 * its monthly drawing with the prize, then its perks. Pages render this list and nothing else.
 */
export const planPerks = (plan: Plan): ReadonlyArray<PlanPerk> => [
  {
    kind: "entries",
    text:
      plan.entriesPerMonth === null
        ? "Unlimited entries per month"
        : `${plan.entriesPerMonth} ${plan.entriesPerMonth === 1 ? "entry" : "entries"} per month`,
  },
  { kind: "vote-weight", text: `${plan.voteWeight}× vote weight` },
  ...(plan.drawingCents === null
    ? []
    : [
        {
          kind: "drawing" as const,
          text: `${prizeText(plan.drawingCents)} monthly cash drawing entry`,
        },
      ]),
  ...plan.perks.map((id) => ({ kind: id, text: PERKS[id].text })),
]
