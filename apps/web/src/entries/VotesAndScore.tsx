import { cn } from "../../../ui/src/cn.ts"

/**
 * An entry's two numbers, always labelled: Votes (the raw count) and Score (votes weighted by each
 * voter's plan). One unlabelled count never stands for both.
 */

const votesFormat = new Intl.NumberFormat("en-US")
const scoreFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 })

/** "1,204" */
export const votesText = (votes: number): string => votesFormat.format(votes)
/** "18.5": plan weights are halves at the finest, so one decimal is exact. */
export const scoreText = (score: number): string => scoreFormat.format(score)

export const VotesAndScore = ({
  votes,
  score,
  className = "",
}: {
  readonly votes: number
  readonly score: number
  readonly className?: string
}) => (
  <dl className={cn("flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm", className)}>
    <div className="flex items-baseline gap-1">
      <dt className="text-slate-600">Votes</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{votesText(votes)}</dd>
    </div>
    <div className="flex items-baseline gap-1">
      <dt className="text-slate-600">Score</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{scoreText(score)}</dd>
    </div>
  </dl>
)
