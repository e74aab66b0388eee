import "./catalog.ts"
import { cn } from "../../../ui/src/cn.ts"
import { currentLanguage, useT } from "../../../ui/src/i18n.tsx"

/**
 * An entry's two numbers, always labelled: Votes (the raw count) and Score (votes weighted by each
 * voter's plan). One unlabelled count never stands for both.
 */

/** "1204" → "1,204": en-US's grouping of a non-negative number's digits. */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")

/**
 * One number format per language, made on first use. English (the spec's en-US) is written
 * directly for the non-negative numbers shown here: a first Intl.NumberFormat costs a phone's
 * first render of a card ~20 ms (issue 20). VotesAndScore.test.tsx holds it to Intl's answer.
 */
const numberFormat = (options: { readonly maximumFractionDigits?: number }) => {
  const made = new Map<string, Intl.NumberFormat>()
  return (value: number) => {
    const language = currentLanguage()
    if (language === "en" && value >= 0 && Number.isFinite(value)) {
      // toFixed rounds the exact value half up, as Intl's default (halfExpand) does.
      const [whole = "0", fraction = ""] = value
        .toFixed(options.maximumFractionDigits ?? 3)
        .split(".")
      const kept = fraction.replace(/0+$/, "")
      return kept === "" ? grouped(whole) : `${grouped(whole)}.${kept}`
    }
    let format = made.get(language)
    if (format === undefined) {
      format = new Intl.NumberFormat(language === "en" ? "en-US" : language, options)
      made.set(language, format)
    }
    return format.format(value)
  }
}

/** "1,204" (English), "1.204" (German), in the page's language. */
export const votesText = numberFormat({})
/** "18.5": plan weights are halves at the finest, so one decimal is exact. */
export const scoreText = numberFormat({ maximumFractionDigits: 1 })

/**
 * The pair's text size: a prop rather than a caller's text-* over the base, which would make cn()
 * build tailwind-merge during a phone's first render of a grid of cards (issue 20).
 */
const SIZES = { sm: "text-sm", xs: "text-xs sm:text-sm", base: "text-base" } as const

export const VotesAndScore = ({
  votes,
  score,
  size = "sm",
  className = "",
}: {
  readonly votes: number
  readonly score: number
  readonly size?: keyof typeof SIZES
  readonly className?: string
}) => {
  const t = useT()
  return (
    <dl className={cn("flex flex-wrap items-baseline gap-x-3 gap-y-1", SIZES[size], className)}>
      <div className="flex items-baseline gap-1">
        <dt className="text-slate-600">{t("web.entry.votes")}</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">{votesText(votes)}</dd>
      </div>
      <div className="flex items-baseline gap-1">
        <dt className="text-slate-600">{t("web.entry.score")}</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">{scoreText(score)}</dd>
      </div>
    </dl>
  )
}
