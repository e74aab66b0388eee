import { Gift } from "lucide-react"
import type { Contest } from "../../api/types.ts"
import { T } from "../../../../ui/src/i18n.tsx"

/** "Prize: $25 (Cash prize)": the contest's prize as the admin set it; nothing when none is set. */
export const ContestPrize = ({
  contest,
  className = "",
}: {
  readonly contest: Pick<Contest, "prize">
  readonly className?: string
}) =>
  contest.prize === null ? null : (
    <p className={`flex items-start gap-2 text-sm text-slate-800 ${className}`}>
      <Gift aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <span className="min-w-0 break-words">
        <T
          id="web.contests.prize"
          values={{ prize: contest.prize.line }}
          components={{ 0: <strong /> }}
        />
      </span>
    </p>
  )
