import { Lock } from "lucide-react"
import type { Contest } from "../../api/types.ts"
import { T } from "../../../../ui/src/i18n.tsx"

/** "Subscribers only": a contest that members on a paid plan enter; nothing on any other. */
export const SubscribersOnlyLabel = ({
  contest,
  className = "",
}: {
  readonly contest: Pick<Contest, "subscribersOnly">
  readonly className?: string
}) =>
  contest.subscribersOnly ? (
    <p className={`flex items-start gap-2 text-sm text-slate-800 ${className}`}>
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <span className="min-w-0">
        <T id="web.contests.subscribersOnly" components={{ 0: <strong /> }} />
      </span>
    </p>
  ) : null
