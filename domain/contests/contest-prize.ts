import type { ValidationIssue } from "../shared/errors.ts"

/**
 * A contest's prize, set by the admin: what the winner gets in words, and for a cash or credit
 * prize how much (cents of cash, or credits). `other` prizes (a ribbon, art supplies) have no amount.
 */
export const PRIZE_KINDS = ["cash", "credits", "other"] as const
export type PrizeKind = (typeof PRIZE_KINDS)[number]

export interface ContestPrize {
  readonly kind: PrizeKind
  readonly text: string
  /** Cents for `cash`, credits for `credits`, null for `other`. */
  readonly amount: number | null
}

export const PRIZE_TEXT_MAX = 200
/** The most a prize may be: $10,000 of cash, or 10,000 credits. */
export const PRIZE_AMOUNT_MAX = 1_000_000

const isPrizeKind = (value: string): value is PrizeKind =>
  (PRIZE_KINDS as ReadonlyArray<string>).includes(value)

/** What is wrong with a prize as sent, each issue naming its field (`prize.text`, `prize.amount`). */
export const prizeIssues = (prize: {
  readonly kind: string
  readonly text: string
  readonly amount: number | null
}): ReadonlyArray<ValidationIssue> => {
  const issues: Array<ValidationIssue> = []
  if (!isPrizeKind(prize.kind)) {
    issues.push({
      field: "prize.kind",
      title: "Unknown prize kind",
      message: `"${prize.kind}" is not a prize kind (cash, credits or other)`,
    })
  }
  const text = prize.text.trim()
  if (text.length === 0 || text.length > PRIZE_TEXT_MAX) {
    issues.push({
      field: "prize.text",
      title: "Prize text required",
      message: `Say what the winner gets in 1 to ${PRIZE_TEXT_MAX} characters`,
    })
  }
  if (prize.kind === "other") {
    if (prize.amount !== null) {
      issues.push({
        field: "prize.amount",
        title: "No amount for this prize",
        message: "Only a cash or credits prize has an amount; leave it empty",
      })
    }
  } else if (
    prize.amount === null ||
    !Number.isInteger(prize.amount) ||
    prize.amount < 1 ||
    prize.amount > PRIZE_AMOUNT_MAX
  ) {
    issues.push({
      field: "prize.amount",
      title: "Prize amount required",
      message:
        prize.kind === "cash"
          ? `A cash prize needs a whole number of cents from 1 to ${PRIZE_AMOUNT_MAX}`
          : `A credits prize needs a whole number of credits from 1 to ${PRIZE_AMOUNT_MAX}`,
    })
  }
  return issues
}

/** The prize as sent, trimmed; call after prizeIssues found nothing. */
export const normalisePrize = (prize: {
  readonly kind: string
  readonly text: string
  readonly amount: number | null
}): ContestPrize => ({
  kind: prize.kind as PrizeKind,
  text: prize.text.trim(),
  amount: prize.kind === "other" ? null : prize.amount,
})

const dollars = (cents: number): string =>
  cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`

/** The amount as a page or mail states it: "$25", "3 credits", or null for an `other` prize. */
export const prizeAmountText = (prize: ContestPrize): string | null => {
  if (prize.amount === null) return null
  switch (prize.kind) {
    case "cash":
      return dollars(prize.amount)
    case "credits":
      return `${prize.amount} ${prize.amount === 1 ? "credit" : "credits"}`
    case "other":
      return null
  }
}

/** "$25 (Cash prize)", "3 credits (Free entries)", or the text alone for an `other` prize. */
export const prizeLine = (prize: ContestPrize): string => {
  const amount = prizeAmountText(prize)
  return amount === null ? prize.text : `${amount} (${prize.text})`
}
