import type { Translate } from "../../../../ui/src/i18n.tsx"
import type { Contest, NewContest } from "../../api/admin-types.ts"

/** A prize as the server answers it, and as the dashboard sends it. */
export type Prize = NonNullable<Contest["prize"]>
export type PrizeSent = NonNullable<NewContest["prize"]>

/** The prize fields of a form: kind ("" for no prize), text, and the amount as typed. */
export interface PrizeValues {
  readonly prizeKind: string
  readonly prizeText: string
  readonly prizeAmount: string
}

/** The server names a prize's issues prize.kind, prize.text, prize.amount; the forms' fields. */
export const PRIZE_FIELDS = {
  "prize.kind": "prizeKind",
  "prize.text": "prizeText",
  "prize.amount": "prizeAmount",
} as const

/** A cash amount as the form shows it: dollars ("25", "10.50"); credits as a whole number. */
export const amountInput = (prize: Prize | null): string => {
  if (prize?.amount == null) return ""
  return prize.kind === "cash"
    ? prize.amount % 100 === 0
      ? String(prize.amount / 100)
      : (prize.amount / 100).toFixed(2)
    : String(prize.amount)
}

/** The amount the server takes: cents of a dollars text, or whole credits; null when not a number. */
export const amountOf = (kind: string, text: string): number | null => {
  const value = text.trim()
  if (kind === "cash") {
    return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : null
  }
  return /^\d+$/.test(value) ? Number(value) : null
}

/** A prize's fields as a form starts with them. */
export const prizeValuesOf = (prize: Prize | null): PrizeValues => ({
  prizeKind: prize?.kind ?? "",
  prizeText: prize?.text ?? "",
  prizeAmount: amountInput(prize),
})

/** The prize the fields describe; call with a kind that names one (cash, credits, other). */
export const prizeSent = (values: PrizeValues): PrizeSent => ({
  kind: values.prizeKind as PrizeSent["kind"],
  text: values.prizeText.trim(),
  amount: values.prizeKind === "other" ? null : amountOf(values.prizeKind, values.prizeAmount),
})

/** What is wrong with a prize's fields before they are sent (the server checks again). */
export const prizeFieldIssues = (
  values: PrizeValues,
  t: Translate,
): Partial<Record<"prizeText" | "prizeAmount", string>> => {
  const issues: Partial<Record<"prizeText" | "prizeAmount", string>> = {}
  if (values.prizeText.trim() === "") issues.prizeText = t("admin.prize.textRequired")
  if (values.prizeKind === "other") return issues
  const amount = amountOf(values.prizeKind, values.prizeAmount)
  if (amount === null) {
    issues.prizeAmount =
      values.prizeKind === "cash" ? t("admin.prize.cashAmount") : t("admin.prize.creditsAmount")
  } else if (amount === 0) {
    issues.prizeAmount = t("admin.prize.positive")
  }
  return issues
}
