import "./catalog.ts"
import { cn } from "../../../ui/src/cn.ts"
import { currentLanguage, useT } from "../../../ui/src/i18n.tsx"

/**
 * An entry's two numbers, always labelled: Votes (the raw count) and Score (votes weighted by each
 * voter's plan). One unlabelled count never stands for both.
 */

/** One number format per language, made on first use (English: the spec's en-US). */
const numberFormat = (options: Intl.NumberFormatOptions) => {
  const made = new Map<string, Intl.NumberFormat>()
  return (value: number) => {
    const language = currentLanguage()
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

export const VotesAndScore = ({
  votes,
  score,
  className = "",
}: {
  readonly votes: number
  readonly score: number
  readonly className?: string
}) => {
  const t = useT()
  return (
    <dl className={cn("flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm", className)}>
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
